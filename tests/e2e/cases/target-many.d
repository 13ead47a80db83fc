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

syscall::exit_group:entry
/execname == "sleep"/
{
	printf("a sleep exits\n");
}

END
{
	printf("end\n");
}
