/*
 * printa() with a format: keys by their conversions, the value by %@d
 * (signed) and %@u (unsigned), widths and flags on %@, the value before the
 * keys, several aggregations in one printa() (entries are the union of
 * their keys, a missing value prints as 0, sorted by the first
 * aggregation's value, then the next's, then the key), and printa()
 * without a format, which starts with a blank line; several aggregations
 * without a format are joined the same way, a line of keys and values per
 * tuple (dt_print_aggs).  An aggregation that
 * printa() printed is not printed again at exit.
 */
#pragma D option quiet

BEGIN
{
	@c["alpha", 1] = count();
	@c["beta", -2] = count();
	@c["beta", -2] = count();
	@c["gamma", 0] = count();

	@s["alpha", 1] = sum(-1);
	@s["beta", -2] = sum(0x7fffffffffffffff);
	@s["delta", 7] = sum((long long)0x8000000000000000);

	@m["alpha", 1] = max(0);
	@m["gamma", 0] = max(-5);

	printf("%%@d:\n");
	printa("%-8s %4d %@d\n", @s);
	printf("%%@u:\n");
	printa("%-8s %4d %@u\n", @s);
	printf("%%@x and %%@o:\n");
	printa("%s %@x %@o\n", @s);
	printf("width and flags:\n");
	printa("[%s] [%d] [%@-22d] [%@+d] [%@24d]\n", @s);
	printf("value first:\n");
	printa("%@8d <- %s/%d\n", @c);
	printf("several aggregations:\n");	/* %@d unsigned after a count() */
	printa("%-8s %4d count %@d sum %@d max %@d\n", @c, @s, @m);
	printf("several aggregations, %%@u:\n");
	printa("%-8s %4d %@u %@u %@u\n", @c, @s, @m);
	printf("no format:");
	printa(@c);
	printf("several, no format:");
	printa(@c, @s);
	printf("end\n");
	exit(0);
}
