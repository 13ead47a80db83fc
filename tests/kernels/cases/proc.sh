# proc provider: a process's full arguments at exec-success, how those
# processes ended at exit, and a signal sent, from the D library's psinfo_t
# (lib/dtrace/procfs.d), on every kernel.  (Every program here is busybox:
# the arguments tell them apart; the `cat`s of the wait loop are left out.)
printf '#!/bin/busybox sh\n/bin/busybox true one two three\n/bin/busybox sh -c "exit 3"\n/bin/busybox sleep 60 &\nuntil [ "$(/bin/busybox cat /proc/$!/comm)" = sleep ]; do :; done\nkill -TERM $!\nwait\n' > run.sh
chmod +x run.sh
$DTRACE -qn 'proc:::exec-success /progenyof($target) && strstr(curpsinfo->pr_psargs, " cat ") == NULL/ {
		printf("exec-success [%s]\n", curpsinfo->pr_psargs); seen[pid] = 1; }
	proc:::exit /seen[pid]/ { printf("exit %d\n", args[0]); }
	proc:::signal-send /pid == $target/ { printf("signal-send %d\n", args[2]); }' -c ./run.sh
