/*
 * %Y and %T take nanoseconds as an unsigned hrtime_t (pfprint_time,
 * pfprint_time822): -1 is 18446744073 seconds, in the year 2554.
 */
#pragma D option quiet

BEGIN
{
	printf("[%Y]\n[%Y]\n", (int64_t)86400000000000, (int64_t)-1);
	printf("[%T]\n", (int64_t)-1000000000);
	exit(0);
}
