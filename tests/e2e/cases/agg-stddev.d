/*
 * stddev(): DTrace's integer approximation, sqrt(avg(x^2) - avg(x)^2) with
 * the squares summed in 128 bits and every division truncated (dt_stddev()).
 * One value, or equal values, give 0; INT64_MAX and INT64_MIN together give
 * INT64_MAX (the sum is -1, its average 0); 1 and 2 give 1, not 0.5.
 */
#pragma D option quiet

BEGIN
{
	@sd["zero"] = stddev(0);
	@sd["one value"] = stddev(42);
	@sd["max"] = stddev(0x7fffffffffffffff);
	@sd["min"] = stddev((long long)0x8000000000000000);
	@sd["max+min"] = stddev(0x7fffffffffffffff);
	@sd["max+min"] = stddev((long long)0x8000000000000000);
	@sd["-10,10"] = stddev(-10);
	@sd["-10,10"] = stddev(10);
	@sd["2,4,4,4,5,5,7,9"] = stddev(2);
	@sd["2,4,4,4,5,5,7,9"] = stddev(4);
	@sd["2,4,4,4,5,5,7,9"] = stddev(4);
	@sd["2,4,4,4,5,5,7,9"] = stddev(4);
	@sd["2,4,4,4,5,5,7,9"] = stddev(5);
	@sd["2,4,4,4,5,5,7,9"] = stddev(5);
	@sd["2,4,4,4,5,5,7,9"] = stddev(7);
	@sd["2,4,4,4,5,5,7,9"] = stddev(9);
	@sd["1,2"] = stddev(1);
	@sd["1,2"] = stddev(2);
	@sd["-1,-2"] = stddev(-1);
	@sd["-1,-2"] = stddev(-2);
	@sd["-3,1"] = stddev(-3);
	@sd["-3,1"] = stddev(1);
	@sd["big"] = stddev(-5000000000);
	@sd["big"] = stddev(5000000000);
	@sd["big"] = stddev(-5000000000);
	@sd["big"] = stddev(5000000000);

	@ = stddev(1);
	@ = stddev(1);
	exit(0);
}
