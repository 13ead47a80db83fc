/*
 * llquantize(): log-linear buckets, negative values mirrored below zero as
 * in Oracle DTrace.  With factor 10, magnitudes 0 to 2 and 10 steps the
 * buckets are 0, 1 .. 9, 10 .. 90, 100 .. 900 and >= 1000 (and their
 * negatives, down to <= -1000): INT64_MAX and 1000 overflow, INT64_MIN
 * underflows.  With factor 2, magnitudes 2 to 4 and 4 steps the buckets
 * are < 4 (abs() < 4 once the row below it is shown), 4, 6, 8, 12, 16, 24
 * and >= 32.  Entries sort by the sum of bucket value times count.
 */
#pragma D option quiet

BEGIN
{
	@a["max"] = llquantize(0x7fffffffffffffff, 10, 0, 2, 10);
	@a["min"] = llquantize((long long)0x8000000000000000, 10, 0, 2, 10);
	@a["zero"] = llquantize(0, 10, 0, 2, 10);
	@a["pos"] = llquantize(1, 10, 0, 2, 10);
	@a["pos"] = llquantize(9, 10, 0, 2, 10);
	@a["pos"] = llquantize(10, 10, 0, 2, 10);
	@a["pos"] = llquantize(19, 10, 0, 2, 10);
	@a["pos"] = llquantize(20, 10, 0, 2, 10);
	@a["pos"] = llquantize(99, 10, 0, 2, 10);
	@a["pos"] = llquantize(100, 10, 0, 2, 10);
	@a["pos"] = llquantize(999, 10, 0, 2, 10);
	@a["pos"] = llquantize(1000, 10, 0, 2, 10);
	@a["neg"] = llquantize(-1, 10, 0, 2, 10);
	@a["neg"] = llquantize(-5, 10, 0, 2, 10);
	@a["neg"] = llquantize(-15, 10, 0, 2, 10);
	@a["neg"] = llquantize(-15, 10, 0, 2, 10);
	@a["neg"] = llquantize(0, 10, 0, 2, 10);
	@a["incr"] = llquantize(3, 10, 0, 2, 10, -2);
	@a["incr"] = llquantize(-3, 10, 0, 2, 10, 6);

	@b["pos"] = llquantize(0, 2, 2, 4, 4);
	@b["pos"] = llquantize(3, 2, 2, 4, 4);
	@b["pos"] = llquantize(5, 2, 2, 4, 4);
	@b["pos"] = llquantize(13, 2, 2, 4, 4);
	@b["pos"] = llquantize(31, 2, 2, 4, 4);
	@b["pos"] = llquantize(0x7fffffffffffffff, 2, 2, 4, 4);
	@b["both"] = llquantize(-3, 2, 2, 4, 4);
	@b["both"] = llquantize(3, 2, 2, 4, 4);
	@b["both"] = llquantize(-6, 2, 2, 4, 4);
	@b["both"] = llquantize((long long)0x8000000000000000, 2, 2, 4, 4);
	@b["above"] = llquantize(4, 2, 2, 4, 4);
	@b["above"] = llquantize(7, 2, 2, 4, 4);
	exit(0);
}
