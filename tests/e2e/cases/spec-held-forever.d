/*
 * DTrace frees a speculation's id only with the records it holds
 * (dt_consume_one_probe: the commit() or discard() of an id that holds
 * nothing finds no buffer to drain), and only once as many records have
 * been read for it as clauses speculate() let write to it (the specs
 * map's "written"): so an id committed with nothing in it, or one whose
 * speculating clause faulted after speculate(), stays draining, and
 * speculation() never hands it out again.
 */
#pragma D option quiet
#pragma D option nspec=3

BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
}

BEGIN
{
	commit(a);
}

BEGIN
{
	speculate(b);
	printf("b: not shown\n");
	x = *(int *)0;
}

BEGIN
{
	discard(b);
}

BEGIN
{
	speculate(c);
	printf("c: committed\n");
}

BEGIN
{
	commit(c);
}

tick-100ms
{
	printf("a %d b %d c %d; then %d, %d\n", a, b, c, speculation(), speculation());
	exit(0);
}
