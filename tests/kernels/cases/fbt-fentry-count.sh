# fbt by fentry (DTRACE_FBT_ATTACH=fentry): vfs_read's entries counted
# while dd reads /proc/version, and the kernel's ftrace shows vfs_read
# calling a BPF trampoline directly (fentry), not a kprobe or fprobe handler.
export DTRACE_FBT_ATTACH=fentry
$DTRACE -qn 'fbt::vfs_read:entry /execname == "dd"/ { @n = count(); }
	END { printa("%@d\n", @n); }' -c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null |
	awk 'NF { print ($1 > 0) ? "ok: vfs_read counted" : "not counted: " $0 }'
t=/sys/kernel/tracing
[ -f $t/enabled_functions ] || t=/sys/kernel/debug/tracing
$DTRACE -qn 'fbt::vfs_read:entry { }' -c "cat $t/enabled_functions" >enabled 2>&1
grep -A1 '^vfs_read ' enabled | grep -q 'bpf_trampoline\|direct' && echo "ok: vfs_read calls a BPF trampoline"
grep -A1 '^vfs_read ' enabled | grep -q 'kprobe\|fprobe' && echo "vfs_read has a kprobe or fprobe"
true
