/*
 * trunc(@, n) keeps the n entries with the largest values, trunc(@, -n)
 * the n with the smallest, trunc(@) and trunc(@, 0) remove every entry (an
 * empty aggregation prints nothing), a count larger than the number of
 * entries keeps them all.  Histograms compare by the sum of bucket value
 * times count.
 */
#pragma D option quiet

BEGIN
{
	@top["a"] = sum(-100);
	@top["b"] = sum(0x7fffffffffffffff);
	@top["c"] = sum(0);
	@top["d"] = sum((long long)0x8000000000000000);
	@top["e"] = sum(7);

	@bottom["a"] = sum(-100);
	@bottom["b"] = sum(0x7fffffffffffffff);
	@bottom["c"] = sum(0);
	@bottom["d"] = sum((long long)0x8000000000000000);
	@bottom["e"] = sum(7);

	@all["a"] = count();
	@all["b"] = count();

	@zero["a"] = count();

	@more["a"] = max(1);
	@more["b"] = max(-1);

	@q["small"] = quantize(1);
	@q["big"] = quantize(1000);
	@q["neg"] = quantize(-1000);

	@lowest["small"] = quantize(1);
	@lowest["big"] = quantize(1000);
	@lowest["neg"] = quantize(-1000);

	trunc(@top, 2);
	trunc(@bottom, -2);
	trunc(@all);
	trunc(@zero, 0);
	trunc(@more, 10);
	trunc(@q, 1);
	trunc(@lowest, -1);
	exit(0);
}
