/* tick-1Ms is a millisecond (strcasecmp("ms")), not a minute: it fires
 * many times before tick-100ms. */
#pragma D option quiet

tick-1Ms
{
	n++;
}

tick-100ms
{
	printf("more than 10: %d\n", n > 10);
	exit(0);
}
