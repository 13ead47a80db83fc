# sdt: two tracepoints of one program told apart, and a typed argument
# (sched_process_exec's struct linux_binprm *, args[2]) read as a string,
# for a child of the traced shell (its own exec precedes the tracing).
echo '/bin/busybox true' > ./child.sh
$DTRACE -qn 'sdt:sched::sched_process_exec /ppid == $target/ { printf("exec %s\n", stringof(args[2]->filename)); }
	sdt:sched::sched_process_exit /ppid == $target/ { printf("exit %s\n", execname); }' \
	-c '/bin/busybox sh ./child.sh'
