/*
 * commit() and discard() of an id that is not live do nothing, even past
 * the 16 ids speculation() hands out, up to nspec; past nspec they are an
 * illegal operation, and the clause records nothing
 * (dt_speculation_set_drainable).
 */
#pragma D option quiet
#pragma D option nspec=20

BEGIN
{
	discard(20);
	commit(17);
}

BEGIN
{
	discard(21);
	printf("not shown\n");
}

BEGIN
{
	printf("done\n");
	exit(0);
}
