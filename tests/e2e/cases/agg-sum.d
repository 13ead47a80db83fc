/*
 * sum(): negative values, zero, INT64_MAX and INT64_MIN, 64-bit wrap-around
 * (INT64_MAX + 1 is INT64_MIN), sums of narrower signed and unsigned types.
 * The anonymous aggregation is used first, so it prints first.  Entries
 * sort by value (signed), each printed as "  %-50s %16lld".
 */
#pragma D option quiet

BEGIN
{
	@ = sum(0x7fffffffffffffff);
	@ = sum(1);

	@s["zero"] = sum(0);
	@s["neg"] = sum(-42);
	@s["neg"] = sum(-1);
	@s["max"] = sum(0x7fffffffffffffff);
	@s["min"] = sum((long long)0x8000000000000000);
	@s["max+min"] = sum(0x7fffffffffffffff);
	@s["max+min"] = sum((long long)0x8000000000000000);
	@s["mixed"] = sum(100);
	@s["mixed"] = sum(-300);
	@s["int"] = sum((int)-5);
	@s["uchar"] = sum((unsigned char)255);
	@s["char"] = sum((char)-128);
	exit(0);
}
