/*
 * quantize(): power-of-two buckets.  INT64_MIN lands in the lowest bucket
 * (-4611686018427387904) and INT64_MAX in the highest, with no row beyond
 * either end; a negative value v lands in the bucket of the largest power
 * of two p with -p >= v (-5 in -4).  One zero-count row on each side of the
 * data.  A negative increment draws bars on both sides of a centre line;
 * an increment of zero leaves an entry whose buckets are all zero (printed
 * as the three rows around 0).  Entries sort by the sum of bucket value
 * times count.
 */
#pragma D option quiet

BEGIN
{
	@q["max"] = quantize(0x7fffffffffffffff);

	@q["min"] = quantize((long long)0x8000000000000000);

	@q["small"] = quantize(-5);
	@q["small"] = quantize(-1);
	@q["small"] = quantize(0);
	@q["small"] = quantize(0);
	@q["small"] = quantize(1);
	@q["small"] = quantize(3);

	@q["incr"] = quantize(1, -3);
	@q["incr"] = quantize(2, 5);

	@q["zero incr"] = quantize(5, 0);

	@ = quantize(0);
	@ = quantize(-2, 2);
	@ = quantize(1000, 3);
	exit(0);
}
