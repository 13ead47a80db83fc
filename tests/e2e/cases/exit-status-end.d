/* exit(N) stops tracing, END still runs, and dtrace exits with N. */
#pragma D option quiet

BEGIN
{
	printf("begin\n");
	exit(5);
}

END
{
	printf("end\n");
}
