/*
 * count(): anonymous, keyed by strings, by several keys, and by 32- and
 * 64-bit integers including zero, -1 and the extremes.  Not quiet: the
 * clause has an action (exit), so its probe line is printed, then a blank
 * line and the aggregations in the order they were first used.  Entries
 * sort by value, ties by key; integer keys compare as unsigned numbers
 * (-1 sorts after INT64_MAX), as DTrace's dt_aggregate_keycmp() does.  An
 * int key prints as " %8d", a 64-bit key as " %16lld", a string as "  %-50s".
 */
BEGIN
{
	@ = count();
	@ = count();
	@ = count();

	@str["hello"] = count();
	@str["world"] = count();
	@str["world"] = count();
	@str["a key of forty characters, give or take"] = count();

	@i64[0x7fffffffffffffff] = count();
	@i64[(long long)0x8000000000000000] = count();
	@i64[0LL] = count();
	@i64[-1LL] = count();
	@i64[1LL] = count();
	@i64[1LL] = count();

	@i32[0] = count();
	@i32[-1] = count();
	@i32[2147483647] = count();
	@i32[(int)0x80000000] = count();

	@multi["b", 1, -1LL] = count();
	@multi["a", 2, 0x7fffffffffffffff] = count();
	@multi["a", 2, 0x7fffffffffffffff] = count();
	@multi["a", 1, (long long)0x8000000000000000] = count();
	exit(0);
}
