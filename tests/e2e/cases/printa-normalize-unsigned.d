/*
 * printa()'s %@ conversions divide a normalized value as they read it
 * (pfprint_sint, pfprint_uint): %d a signed quotient, %u and %x the
 * quotient of the value's bits read unsigned.
 */
#pragma D option quiet
BEGIN
{
	@a["neg"] = sum(-3000);
	@a["pos"] = sum(500);
	@m = min(-7);
	normalize(@a, 100);
	normalize(@m, 2);
	printa("%s %@d %@i %@u %@x %@X %@o\n", @a);
	printa("%@d %@u\n", @m);
	exit(0);
}
