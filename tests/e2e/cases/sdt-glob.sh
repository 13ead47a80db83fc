# shellcheck shell=bash
# One sdt program for every event of two groups (sched and task: some
# thirty layouts), each reading argN of its own record: it loads, and
# sched_switch's fields are where its layout says (prev_pid, arg1, is not
# next_pid, arg5, and prev_comm, args[0], is a string).  The loaded program
# is the same for any number of events: `sdt:::` loads as quickly (it takes
# minutes to detach, which is the kernel's, so it is not run here).
"$DTRACE" -qn '
sdt:sched::, sdt:task:: { @[probename == "sched_switch" ? "switch" : "other", probename == "sched_switch" ? arg1 != arg5 : 1] = count(); }
sdt:sched::sched_switch /!done/ { done = 1; s = stringof(args[0]); }
tick-200ms { exit(0); }
END { printf("prev_comm %s\n", strlen(s) > 0 ? "read" : "empty"); printa("%s %d %@d\n", @); }' >"$E2E_TMP/out"
echo "dtrace exit status $?"
awk 'NF == 3 && $3 > 0 { print $1, $2, "counted" } NF == 2' "$E2E_TMP/out" | sort -u
