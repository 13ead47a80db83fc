# sdt and rawtp: two tracepoints of one program told apart, a trace
# event's fields (sched_process_exec's __data_loc file name, args[0], and
# its pid, args[1]) and a raw tracepoint's typed argument (its struct
# linux_binprm *, args[2]) read as strings, for a child of the traced
# shell (its own exec precedes the tracing).  Sorted: the two providers'
# programs run in the order the kernel calls them.
echo '/bin/busybox true' > ./child.sh
$DTRACE -qn 'sdt:sched::sched_process_exec /ppid == $target/ { printf("exec %s %d\n", stringof(args[0]), args[1] == pid); }
	sdt:sched::sched_process_exit /ppid == $target/ { printf("exit %s\n", execname); }
	rawtp:sched::sched_process_exec /ppid == $target/ { printf("rawtp exec %s\n", stringof(args[2]->filename)); }' \
	-c '/bin/busybox sh ./child.sh' | sort
