# shellcheck shell=bash
# curlwpsinfo->pr_state and pr_sname as DTrace's lwpsinfo_t translator
# makes them from task_struct.__state: a thread running (in a system call
# here) is SRUN 'R', on a CPU or not; one going to sleep in nanosleep()
# (TASK_INTERRUPTIBLE) is SSLEEP 'S'.
"$DTRACE" -qn '
syscall::nanosleep:entry, syscall::clock_nanosleep:entry /pid == $target/ {
	rs = curlwpsinfo->pr_state; rn = curlwpsinfo->pr_sname; self->in = 1; }
sched:::sleep /self->in/ { ss = curlwpsinfo->pr_state; sn = curlwpsinfo->pr_sname; self->in = 0; }
END {
	printf("running: %d %c (SRUN %d)\n", rs, rn, SRUN);
	printf("going to sleep: %d %c (SSLEEP %d)\n", ss, sn, SSLEEP);
}' -c 'sleep 0.1'
