/*
 * An id that commit() or discard() was called on is not handed out again
 * until the consumer has drained it (DTrace's specs map: "draining"):
 * speculation() then fails, counted as busy rather than unavailable, and
 * what is speculated to it after the commit is dropped.  Once drained
 * (before tick-100ms here) the id is free again.
 */
#pragma D option quiet
#pragma D option nspec=1

BEGIN
{
	a = speculation();
	b = speculation();
}

BEGIN
{
	speculate(a);
	printf("speculated to a\n");
}

BEGIN
{
	commit(a);
}

BEGIN
{
	c = speculation();
}

BEGIN
{
	speculate(a);
	printf("speculated to a after its commit\n");
}

BEGIN
{
	printf("a %d b %d c %d\n", a, b, c);
}

tick-100ms
{
	printf("drained: %d\n", speculation());
	exit(0);
}
