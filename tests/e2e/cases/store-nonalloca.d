/*
 * A store through a D variable's pointer compiles (the variable makes it
 * writable: DTrace's DT_NF_WRITABLE) but only alloca() memory may be
 * written: in a program with no alloca() at all the store is a certain
 * fault, and the clause's code after it must still load.  Stores through
 * a cast or a built-in's pointer are refused: see store-notwritable.
 */
#pragma D option quiet

BEGIN
{
	x = (int *)8;
	*x = 3;
	printf("not reached\n");
}

BEGIN
{
	p = curthread;
	p->pid++;
}

ERROR
{
	printf("fault %d\n", arg4);
}

BEGIN
{
	exit(0);
}
