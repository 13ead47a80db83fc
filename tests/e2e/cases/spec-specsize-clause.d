/*
 * In a clause that speculates, data that ends past specsize bytes of the
 * record (as DTrace lays it out: a 16-byte header, then the data) drops
 * the clause where it is stored: a speculative drop, and what follows in
 * the clause does not run (DTrace's dt_cg_store_val).  The id then never
 * drains: speculate() let a clause write that never sent its record.
 */
#pragma D option quiet
#pragma D option specsize=40
#pragma D option strsize=64

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	x = 1;
	printf("%s\n", "longer than specsize");
	y = 1;
}

BEGIN
{
	speculate(s);
	printf("%d fits\n", 24);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("x %d y %d\n", x, y);
}

tick-100ms
{
	printf("then %d\n", speculation());
	exit(0);
}
