# fbt's choice without DTRACE_FBT_ATTACH: a description of a few functions
# goes by fentry (vfs_read calls a BPF trampoline directly), one of more
# than 64 by kprobe_multi or kprobes (vfs_read has an fprobe or kprobe
# handler), as the kernel's ftrace shows while the probes are attached
# (vfs_* is 69 to 76 functions on 5.15, 6.1 and 6.12: the kprobe paths).
t=/sys/kernel/tracing
[ -f $t/enabled_functions ] || t=/sys/kernel/debug/tracing
how() {		# how vfs_read is hooked while $1 is enabled
	$DTRACE -qn "$1 { }" -c "cat $t/enabled_functions" 2>&1 | grep -A1 '^vfs_read ' >hooks
	if grep -q 'kprobe\|fprobe' hooks; then echo kprobe
	elif grep -q 'bpf_trampoline\|direct' hooks; then echo fentry
	else echo none; fi
}
echo "fbt::vfs_read:entry: $(how fbt::vfs_read:entry)"
n=$($DTRACE -l -n 'fbt::vfs_*:entry' | awk 'NR > 1' | wc -l)
echo "fbt::vfs_*:entry: $n functions" >>$TIMINGS
m=$(how 'fbt::vfs_*:entry')
if [ "$n" -gt 64 ] && [ $m = kprobe ]; then echo "ok: fbt::vfs_*:entry attached as the policy says"
elif [ "$n" -le 64 ] && [ $m = fentry ]; then echo "ok: fbt::vfs_*:entry attached as the policy says"
else echo "fbt::vfs_*:entry: $n functions, $m"; $DTRACE -qn 'fbt::vfs_*:entry { }' -c "cat $t/enabled_functions" 2>&1 | grep -A1 'vfs_read\|dtrace'; fi
