/*
 * speculate() of an id that is not live (0, one never handed out, one
 * past nspec, a negative one, one commit() or discard() was called on)
 * ends the clause there: nothing after it runs, nothing is recorded
 * (DTrace's dt_cg_act_speculate jumps to the clause's exit when
 * dt_speculation_speculate finds no usable id).
 */
#pragma D option quiet

BEGIN
{
	speculate(0);
	a = 1;
	printf("not shown\n");
}

BEGIN
{
	speculate(1);
	b = 1;
}

BEGIN
{
	speculate(5);
	c = 1;
}

BEGIN
{
	speculate(-1);
	d = 1;
}

BEGIN
{
	s = speculation();
	discard(s);
}

BEGIN
{
	speculate(s);
	e = 1;
}

BEGIN
{
	printf("s %d: %d %d %d %d %d\n", s, a, b, c, d, e);
	exit(0);
}
