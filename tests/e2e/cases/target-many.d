/*
 * Every -c (and -p) is run (grabbed), in order, as DTrace's dtrace.c does:
 * $target is the first, and tracing ends when all of them have exited.
 */
#pragma D option quiet

syscall::exit_group:entry
/pid == $target/
{
	printf("the first exits\n");
}

/* the commands are dtrace's children: another sleep on the machine is not */
syscall::exit_group:entry
/execname == "sleep" && ppid == $pid/
{
	printf("a sleep exits\n");
}

END
{
	printf("end\n");
}
