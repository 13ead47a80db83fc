# shellcheck shell=bash
# io:::start's kernel stacks (DTrace's @[stack()] = count()) for dd's
# direct writes to a file on the root file system: each stack starts at the
# probe site, where the block layer hands the request to the driver
# (blk_mq_start_request), and goes down through the block layer (blk_mq_*)
# and the file system's direct I/O (iomap_dio_rw) to the write system call.
f=$E2E_TMP/io-stack.data
dd if=/dev/zero of="$f" bs=64k count=16 status=none && sync "$f"
"$DTRACE" -q -n 'io:::start /pid == $target/ { @[stack()] = count(); }' \
	-c "dd if=/dev/zero of=$f oflag=direct conv=notrunc bs=64k count=16 status=none" > "$E2E_TMP/out" 2>&1
echo "dtrace exit status $?"
awk '
	NF == 0 { if (top) { print "top: " top; top = "" } next }
	/`/ { sub(/\+0x[0-9a-f]+$/, ""); if (!first++) top = $1
		if ($1 ~ /`blk_mq_/) blk = 1; if ($1 ~ /`iomap_dio_rw$/) dio = 1; if ($1 ~ /`(ksys|vfs)_write$/) sys = 1 }
	/^ *[0-9]+$/ { first = 0; n += $1 }
	END {
		if (top) print "top: " top
		print "requests: " n
		print (blk ? "through the block layer" : "no blk_mq_ frame")
		print (dio ? "from iomap_dio_rw" : "no iomap_dio_rw frame")
		print (sys ? "from write(2)" : "no vfs_write frame")
	}' "$E2E_TMP/out" | sort -u
