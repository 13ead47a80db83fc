# fbt: args[] typed from BTF (args[2] of vfs_read is a size_t), and at
# return arg1 the return value (args[1] a ssize_t) and arg0 -1 (the return
# instruction is not known with kretprobes or fprobes).
$DTRACE -lvn fbt::vfs_read:entry | grep 'args\['
$DTRACE -lvn fbt::vfs_read:return | grep 'args\['
$DTRACE -qn 'fbt::vfs_read:entry /execname == "dd"/ { self->n = args[2]; }
	fbt::vfs_read:return /self->n/ { printf("%d %d %d %d\n", self->n, arg1, args[1], (long)arg0); self->n = 0; }' \
	-c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null | sort -u
