# shellcheck shell=bash
# sched:::wakeup names the thread woken: `sleep 0.2`, woken when its timer
# expires, by whatever thread the timer interrupted.  args[0] (lwpsinfo_t *)
# and args[1] (psinfo_t *) are the woken thread and its process, not the
# waker (curthread), and curcpu is the CPU the probe fires on.
"$DTRACE" -q -n '
sched:::wakeup /args[1]->pr_pid == $target && args[1]->pr_fname == "sleep" && !done/ {
	done = 1;
	printf("woke %s: lwp is the target %d, waker is another thread %d, curcpu %d\n",
	    args[1]->pr_fname, args[0]->pr_lwpid == $target, tid != $target, curcpu->cpu_id == cpu);
}' -c 'sleep 0.2'
echo "dtrace exit status $?"
