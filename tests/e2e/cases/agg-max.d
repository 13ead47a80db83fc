/*
 * max(): an aggregation that only ever saw INT64_MIN shows INT64_MIN (the
 * initial value does not show through), INT64_MAX wins over everything.
 */
#pragma D option quiet

BEGIN
{
	@max["only max"] = max(0x7fffffffffffffff);
	@max["only min"] = max((long long)0x8000000000000000);
	@max["only zero"] = max(0);
	@max["-9,-3,-100"] = max(-9);
	@max["-9,-3,-100"] = max(-3);
	@max["-9,-3,-100"] = max(-100);
	@max["all"] = max((long long)0x8000000000000000);
	@max["all"] = max(0x7fffffffffffffff);
	@max["all"] = max(0);
	@max["all"] = max(-1);
	@max["uint"] = max((unsigned int)0xffffffff);

	@ = max(-100);
	@ = max(-900);
	exit(0);
}
