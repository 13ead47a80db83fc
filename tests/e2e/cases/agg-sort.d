/*
 * Sort order of printa() and of the output at exit, with no sorting option
 * (the agg-sort* cases run this script with aggsortrev, aggsortkey,
 * aggsortkeypos and aggsortpos).  printa() of two aggregations sorts by the
 * value of the first (with aggsortpos=1, the second), then by the other's,
 * then by the keys; keys compare field by field, strings by their bytes,
 * integers as unsigned numbers (so -1 is the largest int).  At exit the
 * aggregations print in the order they were first used, each sorted by
 * value, ties by key.  aggsortrev reverses all of it.
 */
#pragma D option quiet

BEGIN
{
	@a["b", -1] = sum(10);
	@a["a", 2] = sum(10);
	@a["c", 0] = sum(-5);
	@a["a", 0x7fffffff] = sum(0x7fffffffffffffff);
	@a["b", (int)0x80000000] = sum((long long)0x8000000000000000);
	@a["d", 1] = sum(0);
	@a["a", -1] = sum(0);

	@b["b", -1] = sum(3);
	@b["a", 2] = sum(-3);
	@b["c", 0] = sum(3);
	@b["e", 5] = sum(1);
	@b["a", -1] = sum(3);

	printa("%-2s %11d %@20d %@3d\n", @a, @b);

	@c[-1LL] = count();
	@c[0LL] = count();
	@c[0x7fffffffffffffff] = count();
	@c[(long long)0x8000000000000000] = count();
	@c[1LL] = count();
	@c[1LL] = count();

	@d["x", 2] = min(2);
	@d["y", 1] = min(1);
	@d["z", 0] = min(1);
	exit(0);
}
