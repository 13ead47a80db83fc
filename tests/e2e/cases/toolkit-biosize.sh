# shellcheck shell=bash
# toolkit biosize.d: a program of its own name (iodd, a copy of dd) writes
# 16 blocks of 64 KiB then reads 8 of 128 KiB with direct I/O on a file in
# the scratch directory (on the root file system's disk, as io-dd): on that
# device, by iodd, 16 write requests of 65536 bytes and 8 reads of 131072.  The file is written once
# before, so the traced writes overwrite blocks it has (no allocation I/O).
f=$E2E_TMP/data
dd if=/dev/zero of="$f" bs=64k count=16 status=none && sync "$f"
read -r maj min < <(stat -c '%Hd %Ld' "$f")	# the file system's device
name=$(sed -n 's/^DEVNAME=//p' "/sys/dev/block/$maj:$min/uevent" 2>/dev/null)
[[ -n $name ]] || echo "the scratch directory is on no block device ($maj:$min)"
cp /bin/dd "$E2E_TMP/iodd"
cat >"$E2E_TMP/w.sh" <<SH
#!/bin/sh
$E2E_TMP/iodd if=/dev/zero of=$f bs=64k count=16 oflag=direct conv=notrunc status=none
$E2E_TMP/iodd if=$f of=/dev/null bs=128k count=8 iflag=direct status=none
SH
chmod +x "$E2E_TMP/w.sh"
"$DTRACE" -c "$E2E_TMP/w.sh" -s ../../../share/toolkit/biosize.d >"$E2E_TMP/out"
echo "dtrace exit status $?"
head -1 "$E2E_TMP/out"
# iodd's histograms, writes first: the key line (device named as sysfs
# does), the column header and the rows that have a count.
for dir in W R; do
	awk -v name="$name" -v dir="$dir" '
		NF == 3 && !/\|/ { h = ($2 == "iodd" && $3 == dir); if (h) print ($1 == name ? "DEV" : "device " $1), $2, $3; next }
		NF == 0 { h = 0 }
		h && /value/ { sub(/ +$/, ""); print }
		h && /\|/ && $NF > 0 { print $1, $NF }' "$E2E_TMP/out"
done
