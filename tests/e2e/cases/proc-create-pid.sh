# shellcheck shell=bash
# proc:::create's args[0] is the child: its pr_pid is the pid that the
# child then runs with, and pr_ppid its parent (the -c shell); proc:::start
# fires in the child itself before it runs user code.
s=$E2E_TMP/run.sh
printf '#!/bin/sh\n/bin/true\n' >"$s"
chmod +x "$s"
"$DTRACE" -qn '
proc:::create /pid == $target/ { child = args[0]->pr_pid; parent = args[0]->pr_ppid; }
proc:::start /child && pid == child/ { printf("start in the child: %s\n", ppid == parent ? "ppid ok" : "ppid wrong"); }
proc:::exec-success /child && pid == child/ { printf("the child execs: %s\n", execname); }' -c "$s"
