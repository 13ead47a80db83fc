# fbt: stack() starts at the probed function, not in BPF or ftrace frames,
# and goes on through its callers (ksys_read, or __x64_sys_read where
# ksys_read is inlined).
$DTRACE -qn 'fbt::vfs_read:entry /execname == "dd"/ { stack(); exit(0); }' \
	-c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null |
	awk 'NF { sub(/^[ \t]+/, ""); sub(/\+0x[0-9a-f]+$/, ""); n++ }
	     n == 1 { print }
	     n > 1 && n < 5 && /^vmlinux`(ksys_read|__x64_sys_read)$/ { print "ok: called from read(2)"; exit }'
