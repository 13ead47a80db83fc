/* tick-100ms fires repeatedly; the third firing prints the count and exits. */
#pragma D option quiet

tick-100ms
{
	n++;
}

tick-100ms
/n == 3/
{
	printf("tick fired %d times\n", n);
	exit(0);
}
