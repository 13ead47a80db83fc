# shellcheck shell=bash
# proc:::exit fires once per process with how it ended in args[0]:
# CLD_EXITED (1) for `exit 3`, CLD_KILLED (2) for a process killed by
# SIGTERM; signal-send shows the signal and the receiver's pr_fname, and
# create the new process's pid (as the parent sees it, in pr_pid).
s=$E2E_TMP/run.sh
# the kill waits until the child is sleep (has exec'd)
printf '#!/bin/sh\nsh -c "exit 3"\nsleep 60 &\nuntil [ "$(cat /proc/$!/comm)" = sleep ]; do :; done\nkill -TERM $!\nwait\n' >"$s"
chmod +x "$s"
"$DTRACE" -qn '
proc:::create /pid == $target/ { n++; }
proc:::exit /progenyof($target) && pid != $target && execname != "cat"/ { printf("exit %s reason %d (%s)\n", execname, args[0],
    args[0] == CLD_EXITED ? "CLD_EXITED" : args[0] == CLD_KILLED ? "CLD_KILLED" : "other"); }
proc:::signal-send /pid == $target/ { printf("signal-send %d to %s\n", args[2], args[1]->pr_fname); }
END { printf("%s\n", n >= 2 ? "children created" : "no create seen"); }' -c "$s"
