/*
 * normalize(@, n) divides the values printed (not the values sorted on) by
 * n, denormalize(@) undoes it.  As in DTrace's dt_print_datum(), the
 * default output divides a sum as an unsigned number (sum(-100) / 10 prints
 * as (2^64 - 100) / 10) and an average as a signed one; a histogram's bars
 * are drawn from the raw counts and its counts are divided; the standard
 * deviation divides the sum of squares and the sum by n once (so it is 5
 * here, not 10 / 4).  %@d divides as a signed number for sum() and as an
 * unsigned one for avg() (pfprint_average()).
 */
#pragma D option quiet

BEGIN
{
	@c["a"] = count();
	@c["a"] = count();
	@c["a"] = count();
	@c["b"] = count();
	normalize(@c, 2);
	printa("count %s %@d\n", @c);

	@s["a"] = sum(1000);
	@s["b"] = sum(0x7fffffffffffffff);
	@s["c"] = sum(0);
	@s["d"] = sum(-100);
	normalize(@s, 1000);
	printa("sum %s %@d\n", @s);

	@a["a"] = avg(-90);
	@a["b"] = avg(30);
	normalize(@a, 7);
	printa("avg %s %@d\n", @a);

	@d["a"] = sum(300);
	normalize(@d, 100);
	printa("normalized %s %@d\n", @d);
	denormalize(@d);
	printa("denormalized %s %@d\n", @d);

	@q["a"] = quantize(5, 20);
	@q["a"] = quantize(10, 40);
	normalize(@q, 10);
	printa(@q);

	/* printed at exit */
	@neg["a"] = sum(-100);
	@neg["b"] = sum(50);
	normalize(@neg, 10);
	@avg["a"] = avg(-90);
	@avg["b"] = avg(30);
	normalize(@avg, 7);
	@sd["a"] = stddev(-10);
	@sd["a"] = stddev(10);
	normalize(@sd, 4);
	@l["a"] = lquantize(2, 0, 4, 1, 30);
	normalize(@l, 4);
	@den["a"] = sum(-100);
	normalize(@den, 10);
	denormalize(@den);
	exit(0);
}
