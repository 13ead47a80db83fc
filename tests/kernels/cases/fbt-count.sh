# fbt: vfs_read's entry counted while dd reads /proc/version.
$DTRACE -qn 'fbt::vfs_read:entry /execname == "dd"/ { @n = count(); }
	END { printa("%@d\n", @n); }' -c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null |
	awk 'NF { print ($1 > 0) ? "ok: vfs_read counted" : "not counted: " $0 }'
