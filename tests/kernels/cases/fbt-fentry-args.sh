# fbt by fentry/fexit (DTRACE_FBT_ATTACH=fentry): args[] typed from BTF as
# with kprobes, args[2] of vfs_read read from the trampoline's context, and
# at return arg1 (args[1]) the return value and arg0 -1.
export DTRACE_FBT_ATTACH=fentry
$DTRACE -lvn fbt::vfs_read:entry | grep 'args\['
$DTRACE -lvn fbt::vfs_read:return | grep 'args\['
$DTRACE -qn 'fbt::vfs_read:entry /execname == "dd"/ { self->n = args[2]; }
	fbt::vfs_read:return /self->n/ { printf("%d %d %d %d\n", self->n, arg1, args[1], (long)arg0); self->n = 0; }' \
	-c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null | sort -u
# a function without arguments' return, and a module function (the
# module's BTF object given at load), attached
$DTRACE -qn 'fbt::schedule:return, fbt::ext4_file_read_iter:entry { }' -c true && echo "ok: attached"
