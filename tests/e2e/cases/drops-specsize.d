/*
 * A speculation holds at most specsize bytes: a clause whose data would
 * end past that is dropped where it stores it and reported as a
 * speculative drop (DTrace's dt_cg_store_val); what fits is committed.
 * With specsize=100, the first small record fits, the 200-byte string
 * does not, the next small one still does.
 */
#pragma D option quiet
#pragma D option specsize=100
#pragma D option strsize=200

BEGIN
{
	spec = speculation();
	speculate(spec);
	printf("kept 1\n");
}

BEGIN
{
	speculate(spec);
	printf("%s\n", "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.");
}

BEGIN
{
	speculate(spec);
	printf("kept 2\n");
}

BEGIN
{
	commit(spec);
}

BEGIN
{
	exit(0);
}
