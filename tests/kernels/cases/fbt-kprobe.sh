# fbt through one kprobe per function where kprobe_multi would be used
# (DTRACE_FBT_ATTACH=kprobe): the same probes, arguments and stacks.
export DTRACE_FBT_ATTACH=kprobe
$DTRACE -qn 'fbt::vfs_read:entry /execname == "dd"/ { self->n = args[2]; }
	fbt::vfs_read:return /self->n/ { printf("%d %d %d\n", self->n, arg1, (long)arg0); self->n = 0; }' \
	-c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null | sort -u
$DTRACE -qn 'fbt::vfs_read:entry /execname == "dd"/ { stack(); exit(0); }' \
	-c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null |
	awk 'NF { sub(/^[ \t]+/, ""); sub(/\+0x[0-9a-f]+$/, ""); n++ }
	     n == 1 { print }
	     n > 1 && n < 5 && /^vmlinux`(ksys_read|__x64_sys_read)$/ { print "ok: called from read(2)"; exit }'
