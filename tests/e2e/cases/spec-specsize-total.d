/*
 * What a speculation holds is counted as DTrace counts its records (a
 * 16-byte header and the data, in 8-byte words: 24 bytes each here): the
 * consumer drops a record that would take the total past specsize, a
 * speculative drop (DTrace's dt_consume_one_probe).  Not all that
 * speculate() let write to the id was read, so the id is never freed.
 */
#pragma D option quiet
#pragma D option specsize=48

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("%d\n", 1);
}

BEGIN
{
	speculate(s);
	printf("%d\n", 2);
}

BEGIN
{
	speculate(s);
	printf("%d\n", 3);
}

BEGIN
{
	commit(s);
}

tick-100ms
{
	printf("then %d\n", speculation());
	exit(0);
}
