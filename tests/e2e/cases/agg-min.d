/*
 * min(): an aggregation that only ever saw INT64_MAX shows INT64_MAX (the
 * initial value does not show through), INT64_MIN wins over everything.
 */
#pragma D option quiet

BEGIN
{
	@min["only max"] = min(0x7fffffffffffffff);
	@min["only min"] = min((long long)0x8000000000000000);
	@min["only zero"] = min(0);
	@min["-1,5,-7"] = min(-1);
	@min["-1,5,-7"] = min(5);
	@min["-1,5,-7"] = min(-7);
	@min["all"] = min(0x7fffffffffffffff);
	@min["all"] = min(0);
	@min["all"] = min((long long)0x8000000000000000);
	@min["all"] = min(-1);
	@min["int"] = min((int)-2147483648);

	@ = min(100);
	@ = min(900);
	exit(0);
}
