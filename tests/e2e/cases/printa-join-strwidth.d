/*
 * printa() of several aggregations joins them on their keys: a string key
 * is the same key whatever expression gave it (a literal, probename, a
 * strjoin() result, a clause-local), as DTrace's string keys are all
 * strsize + 1 bytes (dt_aggregate_keycmp).  One line per tuple, here one.
 */
#pragma D option quiet

BEGIN
{
	@a["BEGIN"] = count();
	@b[probename] = sum(3);
	@c[strjoin("BEG", "IN")] = sum(4);
	this->s = "BEGIN";
	@d[this->s] = sum(5);
	@a["END"] = count();
	@d[strjoin("E", "ND")] = sum(6);
	printa("%s %@d %@d %@d %@d\n", @a, @b, @c, @d);
	printa(@a, @b, @c, @d);
	exit(0);
}
