/*
 * lquantize() without a step (a step of 1): lquantize(v, 0, 5) has the
 * buckets < 0, 0, 1, 2, 3, 4 and >= 5.  INT64_MIN underflows, INT64_MAX
 * overflows; an increment of zero leaves an all-zero entry, printed as
 * its first three buckets.  An anonymous aggregation with a negative base.
 */
#pragma D option quiet

BEGIN
{
	@nostep["max"] = lquantize(0x7fffffffffffffff, 0, 5);
	@nostep["min"] = lquantize((long long)0x8000000000000000, 0, 5);
	@nostep["edges"] = lquantize(-1, 0, 5);
	@nostep["edges"] = lquantize(0, 0, 5);
	@nostep["edges"] = lquantize(0, 0, 5);
	@nostep["edges"] = lquantize(4, 0, 5);
	@nostep["edges"] = lquantize(5, 0, 5);
	@nostep["zero incr"] = lquantize(3, 0, 5, 1, 0);

	@ = lquantize(-3, -3, 3);
	@ = lquantize(-4, -3, 3);
	@ = lquantize(2, -3, 3);
	@ = lquantize(2, -3, 3);
	@ = lquantize(2, -3, 3);
	exit(0);
}
