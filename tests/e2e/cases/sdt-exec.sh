# shellcheck shell=bash
# sdt:sched::sched_process_exec fires for the exec of the -c command, with
# its raw tracepoint arguments typed from BTF (task, old pid, binprm).
"$DTRACE" -q -n 'sdt:sched::sched_process_exec /pid == $target/ {
	printf("%s: %s old_pid ok %d comm %s\n", probename, stringof(args[2]->filename), args[1] == pid,
	       stringof(args[0]->comm));
}' -c /bin/true >"$E2E_TMP/out"
echo "dtrace exit status $?"
cat "$E2E_TMP/out"
