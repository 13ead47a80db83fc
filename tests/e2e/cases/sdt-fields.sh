# shellcheck shell=bash
# sdt probes' args[] are the fields of the trace event's record, as DTrace
# on Linux has them, and argN their values: scalars (task_rename's pid and
# short oom_score_adj, 5 here; signal_generate's int code, negative for a
# tgkill: SI_TKILL, -6, and arg2 the same), char arrays read with stringof
# (task_rename's oldcomm and newcomm), a __data_loc string (the file name
# sched_process_exec records, a char * to it), fields typed from the
# tracefs format file where the BTF has no struct of the event's own
# (sched_wakeup_new, of sched_wakeup_template's class), and one clause on
# two events whose pid fields lie at different offsets.  The same again
# with one program instance per probe (no BPF cookie).  The traced script
# forks one child, then execs /bin/true.  An index past the fields is an
# error.
printf '#!/bin/sh\necho 5 >/proc/self/oom_score_adj\n/bin/true\nexec /bin/true\n' >"$E2E_TMP/sdtrun"
chmod +x "$E2E_TMP/sdtrun"
cat >"$E2E_TMP/f.d" <<'D'
#pragma D option quiet
sdt:sched::sched_wakeup_new
/pid == $target/
{
	printf("wakeup_new %s child %d prio %d\n", stringof(args[0]), args[1] != pid, args[2]);
}
sdt:task::task_rename
/args[0] == $target/
{
	printf("rename %s -> %s oom_score_adj %d arg3 %d\n", stringof(args[1]), stringof(args[2]), args[3],
	    arg3);
}
sdt:sched::sched_process_exec
/pid == $target/
{
	printf("exec %s pid %d old_pid %d\n", stringof(args[0]), args[1] == pid, args[2] == pid);
}
sdt:sched::sched_process_exec, sdt:sched::sched_process_exit
/pid == $target/
{
	printf("%s arg1 == pid %d\n", probename, arg1 == pid);
}
D
"$DTRACE" -s "$E2E_TMP/f.d" -c "$E2E_TMP/sdtrun"
echo "dtrace exit status $?"
DTRACE_KERNEL_LACKS=cookie "$DTRACE" -s "$E2E_TMP/f.d" -c "$E2E_TMP/sdtrun"
echo "no cookie: dtrace exit status $?"
printf 'import signal, threading\nsignal.signal(signal.SIGUSR1, lambda *a: None)\nsignal.pthread_kill(threading.get_ident(), signal.SIGUSR1)\n' >"$E2E_TMP/sig.py"
"$DTRACE" -qn 'sdt:signal::signal_generate /pid == $target && args[0] == 10/ {
	printf("signal %d code %d arg2 %d comm %s pid %d\n", args[0], args[2], arg2, stringof(args[3]), args[4] == pid);
}' -c "python3 $E2E_TMP/sig.py"
echo "dtrace exit status $?"
"$DTRACE" -n 'sdt:task::task_rename { trace(args[4]); }'
echo "dtrace exit status $?"
