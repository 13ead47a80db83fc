# kinst: vfs_read's instruction offsets listed (decoded from the live text),
# offset 0 fires, an offset inside an instruction is refused.
$DTRACE -l -n 'kinst::vfs_read:' | awk 'NR == 1 { next }
	$2 == "kinst" && $3 == "vmlinux" && $4 == "vfs_read" { n++; if ($5 == 0) zero = 1; if ($5 == 4) four = 1 }
	END { if (n > 20 && zero) print "ok: vfs_read offsets listed"; else print n " offsets" }'
$DTRACE -qn 'kinst::vfs_read:0 /execname == "dd"/ { @n = count(); } END { printa("%@d\n", @n); }' \
	-c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null |
	awk 'NF { print ($1 > 0) ? "ok: kinst::vfs_read:0 fired" : "not fired: " $0 }'
# the second instruction's offset, and one byte into the first instruction
# longer than a byte
off=$($DTRACE -l -n 'kinst::vfs_read:' | awk 'NR == 3 { print $5 }')
$DTRACE -l -n "kinst::vfs_read:$off" | awk 'NR > 1 { print "ok: second instruction listed" }'
mid=$($DTRACE -l -n 'kinst::vfs_read:' | awk 'NR > 1 { print $5 }' | sort -n |
	awk 'NR > 1 && $1 > prev + 1 { print prev + 1; exit } { prev = $1 }')
$DTRACE -n "kinst::vfs_read:$mid { }" 2>&1 | sed -e "s/vfs_read:$mid /vfs_read:N /" -e "s/vfs_read+$mid is/vfs_read+N is/"
