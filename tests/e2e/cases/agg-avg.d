/*
 * avg(): the sum is 64-bit and wraps (two INT64_MAX average to -1), and the
 * quotient truncates toward zero (-7 / 2 is -3, 7 / 2 is 3), as in DTrace's
 * dt_print_average(), a signed division.  Entries sort by that average.
 */
#pragma D option quiet

BEGIN
{
	@a["zero"] = avg(0);
	@a["max"] = avg(0x7fffffffffffffff);
	@a["min"] = avg((long long)0x8000000000000000);
	@a["max+min"] = avg(0x7fffffffffffffff);
	@a["max+min"] = avg((long long)0x8000000000000000);
	@a["max+max"] = avg(0x7fffffffffffffff);
	@a["max+max"] = avg(0x7fffffffffffffff);
	@a["-3,-4"] = avg(-3);
	@a["-3,-4"] = avg(-4);
	@a["3,4"] = avg(3);
	@a["3,4"] = avg(4);
	@a["-10,20,-40"] = avg(-10);
	@a["-10,20,-40"] = avg(20);
	@a["-10,20,-40"] = avg(-40);

	@ = avg(1);
	@ = avg(2);
	@ = avg(6);
	exit(0);
}
