/*
 * printa() formats with the other aggregating functions.  %@d of an avg()
 * is DTrace's pfprint_average(), an unsigned division: the average of -7
 * and 2 prints as (2^64 - 5) / 2 = 9223372036854775805, while the default
 * output (and the sort) use the signed average, -2.  %@d of a stddev() is
 * the standard deviation; %@d of a histogram prints the histogram, which
 * starts on a new line.
 */
#pragma D option quiet

BEGIN
{
	@a["x"] = avg(-7);
	@a["x"] = avg(2);
	@a["y"] = avg(0x7fffffffffffffff);
	@a["z"] = avg(-20);
	@sd["x"] = stddev(-10);
	@sd["x"] = stddev(10);
	@q["x"] = quantize(-1);
	@q["x"] = quantize(1);
	@l["x"] = lquantize(3, 0, 4);
	@ll["x"] = llquantize(100, 10, 1, 2, 10);

	printa("avg %s %@d\n", @a);
	printa("avg %s %@u\n", @a);
	printa("stddev %s %@d\n", @sd);
	printa("quantize %s %@d|\n", @q);
	printa("lquantize %s %@u|\n", @l);
	printa("llquantize %s %@d|\n", @ll);
	exit(0);
}
