# proc provider: a process's full arguments at exec-success, how those
# processes ended at exit, and a signal sent, from the D library's psinfo_t
# (lib/dtrace/procfs.d), on every kernel.  (Every program here is busybox:
# the arguments tell them apart.)
printf '#!/bin/busybox sh\n/bin/busybox true one two three\n/bin/busybox sh -c "exit 3"\n/bin/busybox sh -c "kill -TERM \\$\\$"\n' > run.sh
chmod +x run.sh
$DTRACE -qn 'proc:::exec-success /progenyof($target) && pid != $target/ {
		printf("exec-success [%s]\n", curpsinfo->pr_psargs); seen[pid] = 1; }
	proc:::exit /seen[pid]/ { printf("exit %d\n", args[0]); }
	proc:::signal-send /progenyof($target) && args[2] == 15/ { printf("signal-send %d\n", args[2]); }' -c ./run.sh 2>&1 | grep -v "^Terminated$"
