# shellcheck shell=bash
# rawtp:sched::sched_process_exec fires for an exec, with its raw tracepoint
# arguments typed from BTF (task, old pid, binprm).  The -c command is
# grabbed after its own exec, as DTrace does, so it is a script that then
# execs /bin/true under the same pid: that exec is traced.
printf '#!/bin/sh\nexec /bin/true\n' >"$E2E_TMP/run"
chmod +x "$E2E_TMP/run"
"$DTRACE" -q -n 'rawtp:sched::sched_process_exec /pid == $target/ {
	printf("%s: %s old_pid ok %d comm %s\n", probename, stringof(args[2]->filename), args[1] == pid,
	       stringof(args[0]->comm));
}' -c "$E2E_TMP/run" >"$E2E_TMP/out"
echo "dtrace exit status $?"
cat "$E2E_TMP/out"
