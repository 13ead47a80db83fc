# shellcheck shell=bash
# toolkit biolatency.d: dd writes then reads 16 blocks of 64 KiB with
# direct I/O on a file in the scratch directory (on the root file system's
# disk, as io-dd).  The device's W and R histograms count those 16 requests
# at least (the script traces the whole system: other I/O may add to them),
# and every latency is between 1 us and 1 s (the buckets 1 to 524288).
f=$E2E_TMP/data
dd if=/dev/zero of="$f" bs=64k count=16 status=none && sync "$f"
read -r maj min < <(stat -c '%Hd %Ld' "$f")	# the file system's device
name=$(sed -n 's/^DEVNAME=//p' "/sys/dev/block/$maj:$min/uevent" 2>/dev/null)
[[ -n $name ]] || echo "the scratch directory is on no block device ($maj:$min)"
cat >"$E2E_TMP/w.sh" <<SH
#!/bin/sh
dd if=/dev/zero of=$f bs=64k count=16 oflag=direct conv=notrunc status=none
dd if=$f of=/dev/null bs=64k count=16 iflag=direct status=none
SH
chmod +x "$E2E_TMP/w.sh"
"$DTRACE" -c "$E2E_TMP/w.sh" -s ../../../share/toolkit/biolatency.d >"$E2E_TMP/out"
echo "dtrace exit status $?"
head -1 "$E2E_TMP/out"
# The device's histograms, writes first: the key line, the column header,
# then the number of requests and the range of the buckets that have some.
for dir in W R; do
	awk -v name="$name" -v dir="$dir" '
		function report() { if (h) print (n >= 16 ? "16 requests or more" : n " requests"),
		    (lo >= 1 && hi <= 524288 ? "of 1 us to 1 s" : "from " lo " to " hi " us"); h = 0 }
		NF == 2 && !/\|/ { report(); h = ($1 == name && $2 == dir); n = 0; lo = -1; hi = 0
			if (h) print "DEV", $2; next }
		NF == 0 { report() }
		h && /value/ { sub(/ +$/, ""); print }
		h && /\|/ && $NF > 0 { n += $NF; if (lo < 0) lo = $1; hi = $1 }
		END { report() }' "$E2E_TMP/out"
done
