/*
 * clear() zeroes an aggregation's values and keeps its keys: cleared
 * entries still print, with 0 (quantize() and lquantize() entries as their
 * all-zero rows).  The consumer clears when it processes the clear() (after
 * the whole BEGIN clause ran), so what the END clause adds afterwards
 * counts from zero.  A count() that is not cleared keeps its values.
 */
#pragma D option quiet

BEGIN
{
	@s["a"] = sum(-5);
	@s["b"] = sum(0x7fffffffffffffff);
	@s["c"] = sum((long long)0x8000000000000000);
	@c["a"] = count();
	@c["b"] = count();
	@q["a"] = quantize(3);
	@l["a"] = lquantize(-2, -5, 5);
	clear(@s);
	clear(@q);
	clear(@l);
	exit(0);
}

END
{
	@s["b"] = sum(-1);
	@s["d"] = sum(0x7fffffffffffffff);
	@q["a"] = quantize(-1);
	@l["b"] = lquantize(9, -5, 5);
}
