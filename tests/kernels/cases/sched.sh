# sched (6.1, 6.12, 5.15): the probes this kernel offers (before 6.16: on-cpu from a kprobe on
# finish_task_switch(), surrender from resched_curr(), enqueue, dequeue and
# tick from kprobes; no remain-cpu), on-cpu stacks from finish_task_switch through
# __schedule (inlined in schedule, __cond_resched on 5.15), and
# the arguments of wakeup, enqueue, dequeue and tick for `sleep 0.2`.
$DTRACE -l -P sched | sed -E 's/^ *[0-9]+ /ID /'
$DTRACE -q -n 'sched:::on-cpu /pid == $target/ { @[stack()] = count(); }' -c 'sleep 0.2' > oncpu.out
echo "dtrace exit status $?"
# the first frame of each stack, and a caller in the scheduler
awk 'prev == "" && NF { f = $1; sub(/\+0x[0-9a-f]+$/, "", f); print "frame 1: " f } { prev = $0 }' oncpu.out | sort -u
grep -Eq '^ *vmlinux`(__)?schedule\+' oncpu.out && echo "ok: called from __schedule or schedule"
grep -Eq 'bpf_prog_|__bpf_trace|bpf_trace_run|kprobe_ftrace_handler|perf_trace' oncpu.out && echo "BPF or kprobe frames shown"
$DTRACE -q -n '
sched:::wakeup /args[1]->pr_pid == $target/ { w = args[0]->pr_lwpid == $target; }
sched:::enqueue /args[1]->pr_pid == $target/ { e = args[2]->cpu_id >= 0 && args[2]->cpu_pset == 0; }
sched:::dequeue /args[0]->pr_lwpid == $target/ { d = args[2]->cpu_id >= 0; }
sched:::tick { t = args[0]->pr_lwpid == tid; }
sched:::off-cpu /pid == $target/ { o = args[1]->pr_pid != $target; }
sched:::sleep /pid == $target/ { s = 1; }
END { printf("ok: wakeup %d enqueue %d dequeue %d tick %d off-cpu %d sleep %d\n", w, e, d, t, o, s); }' -c 'sleep 0.2'
echo "dtrace exit status $?"
