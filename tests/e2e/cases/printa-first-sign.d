/*
 * printa() of several aggregations formats every %@ conversion as the
 * first aggregation's value type says (dt_printf_validate against the
 * first's function, dtrace_fprinta using the first record's format):
 * after a count() (uint64_t), %@d of a negative sum() or avg() prints
 * unsigned; after a sum() (int64_t), signed.
 */
#pragma D option quiet

BEGIN
{
	@c[1] = count();
	@s[1] = sum(-5);
	@a[1] = avg(-7);
	printa("%d %@d %@d %@d\n", @c, @s, @a);
	printa("%d %@d %@d %@d\n", @s, @c, @a);
	printa("%d %@i %@i\n", @c, @s);
	printa("%d %@x %@d\n", @c, @s);
	exit(0);
}
