/*
 * lquantize() with a step: lquantize(v, -10, 10, 5) has the buckets < -10,
 * -10, -5, 0, 5 and >= 10.  INT64_MIN underflows, INT64_MAX overflows, the
 * bucket edges (-10, -6, -5, 10) land where they should, a negative
 * increment gives a centred histogram.  Entries sort by the sum of bucket
 * base times count (base - 1 for the underflow bucket, the limit + 1 for
 * the overflow bucket), then by the count at zero.
 */
#pragma D option quiet

BEGIN
{
	@step["all"] = lquantize((long long)0x8000000000000000, -10, 10, 5);
	@step["all"] = lquantize(-11, -10, 10, 5);
	@step["all"] = lquantize(-10, -10, 10, 5);
	@step["all"] = lquantize(-6, -10, 10, 5);
	@step["all"] = lquantize(-5, -10, 10, 5);
	@step["all"] = lquantize(-1, -10, 10, 5);
	@step["all"] = lquantize(0, -10, 10, 5);
	@step["all"] = lquantize(4, -10, 10, 5);
	@step["all"] = lquantize(9, -10, 10, 5);
	@step["all"] = lquantize(10, -10, 10, 5);
	@step["all"] = lquantize(0x7fffffffffffffff, -10, 10, 5);

	@step["max"] = lquantize(0x7fffffffffffffff, -10, 10, 5);
	@step["min"] = lquantize((long long)0x8000000000000000, -10, 10, 5);
	@step["zero"] = lquantize(0, -10, 10, 5);
	@step["incr"] = lquantize(-7, -10, 10, 5, -4);
	@step["incr"] = lquantize(7, -10, 10, 5, 4);
	exit(0);
}
