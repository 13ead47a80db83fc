/*
 * Without -q, a clause whose only action is commit() or discard() prints
 * nothing of its own; what commit() releases follows with the probe line
 * of the clause that speculated it.  With no buffer free, speculation()
 * gives 0 and what a clause speculates on 0 is dropped and counted.
 */
#pragma D option nspec=2

BEGIN
{
	self->s = speculation();
	self->t = speculation();
	self->u = speculation();
}

BEGIN
{
	speculate(self->s);
	printf("kept");
}

BEGIN
{
	speculate(self->t);
	printf("dropped");
}

BEGIN
{
	speculate(self->u);
	printf("lost");
}

BEGIN
{
	commit(self->s);
}

BEGIN
{
	discard(self->t);
}

BEGIN
{
	exit(0);
}
