/*
 * clear() zeroes an aggregation's values and keeps its keys: cleared
 * entries still print, with 0 (quantize() and lquantize() entries as their
 * all-zero rows).  The consumer clears when it processes the clear() (after
 * the whole BEGIN clause ran), so what a later probe adds counts from zero.
 * A count() that is not cleared keeps its values.  (The later probe is a
 * tick, not END: with exit() in BEGIN, Oracle DTrace fires END before it
 * processes BEGIN's clear(), which then clears END's additions too.)
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
}

tick-100ms
{
	@s["b"] = sum(-1);
	@s["d"] = sum(0x7fffffffffffffff);
	@q["a"] = quantize(-1);
	@l["b"] = lquantize(9, -5, 5);
	exit(0);
}
