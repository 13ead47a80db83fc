/*
 * A clause whose only action is speculate() records nothing but still
 * sends its record (DTrace's dt_cg_node: a speculative clause with no
 * other action is data-recording): committed, each shows its probe.
 * Statements alone (a store) make no action.
 */
#pragma D option nspec=1

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
}

BEGIN
{
	speculate(s);
	x = 1;
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
