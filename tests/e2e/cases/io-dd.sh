# shellcheck shell=bash
# io:::start's bytes by device and direction for direct-I/O dd on a file in
# the scratch directory (on the root file system's disk): DTrace's
#   @[args[1]->dev_statname, args[0]->b_flags & B_READ ? "R" : "W"] =
#       sum(args[0]->b_bcount);
# gives the bytes dd moved, 4 MiB each way, on the disk (or partition) the
# file system is on, as sysfs names it; the device number, dev_pathname and
# b_edev agree with stat(1)'s.  The file is written once before, so the
# traced writes overwrite blocks it already has (no allocation I/O).
f=$E2E_TMP/io-dd.data
dd if=/dev/zero of="$f" bs=64k count=64 status=none && sync "$f"
read -r maj min < <(stat -c '%Hd %Ld' "$f")	# the file system's device
name=$(sed -n 's/^DEVNAME=//p' "/sys/dev/block/$maj:$min/uevent" 2>/dev/null)
[[ -n $name ]] || echo "the scratch directory is on no block device ($maj:$min)"
cat > "$E2E_TMP/io.d" <<'D'
io:::start /pid == $target/
{
	@bytes[args[1]->dev_statname, args[0]->b_flags & B_READ ? "R" : "W"] = sum(args[0]->b_bcount);
	@dev[args[1]->dev_statname, args[1]->dev_pathname, args[1]->dev_major, args[1]->dev_minor,
	    getmajor(args[0]->b_edev), getminor(args[0]->b_edev)] = count();
}
D
for dir in "of=$f oflag=direct conv=notrunc if=/dev/zero" "if=$f iflag=direct of=/dev/null"; do
	# shellcheck disable=SC2086
	"$DTRACE" -q -s "$E2E_TMP/io.d" -c "dd $dir bs=64k count=64 status=none" > "$E2E_TMP/out" 2>&1
	echo "dtrace exit status $?"
	awk -v name="$name" -v maj="$maj" -v min="$min" '
		NF == 3 { print ($1 == name ? "the file system'\''s device" : "device " $1), $2, $3 }
		NF == 7 && $1 == name && $2 == "/dev/" name && $3 == maj && $4 == min && $5 == maj && $6 == min {
			print "dev_pathname, dev_major/minor and b_edev are the device'\''s" }
		NF != 3 && NF != 7 && NF > 0 { print "unexpected: " $0 }' "$E2E_TMP/out"
done
