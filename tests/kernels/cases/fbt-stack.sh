# fbt: stack() starts at the probed function, not in BPF or ftrace frames.
$DTRACE -qn 'fbt::vfs_read:entry /execname == "dd"/ { stack(); exit(0); }' \
	-c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null |
	awk 'NF { sub(/^[ \t]+/, ""); sub(/\+0x[0-9a-f]+$/, ""); print; if (++n == 2) exit }'
