/*
 * Aggregations updated from a tick probe (in BPF, per CPU, merged by the
 * consumer) rather than from BEGIN: tick-10ms fires one firing at a time,
 * so 20 firings with i = 0 .. 19 give known results.  i - 10 runs from -10
 * to 9: the sum is -10, the average -10 / 20 truncates to 0, the standard
 * deviation is sqrt(670 / 20 - 0) = 5.
 */
#pragma D option quiet

tick-10ms
/i < 20/
{
	@c[i % 3 == 0 ? "fizz" : "other"] = count();
	@s["sum"] = sum(i - 10);
	@a["avg"] = avg(i - 10);
	@mn["min"] = min(i - 10);
	@mx["max"] = max(i - 10);
	@sd["stddev"] = stddev(i - 10);
	@q = quantize(i);
	@l = lquantize(i - 10, -10, 10, 5);
	@ll = llquantize(i, 2, 0, 4, 2);
	i++;
}

tick-10ms
/i == 20/
{
	exit(0);
}
