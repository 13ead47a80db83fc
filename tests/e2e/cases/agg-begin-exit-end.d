/*
 * exit() in BEGIN: DTrace looks at the status before it consumes anything
 * (dtrace_work: dtrace_status, which fires END at once, then
 * dtrace_consume), so END has run when BEGIN's records are consumed:
 * BEGIN's printa() shows what END added, its clear() clears it and its
 * trunc() counts it.  Output stays in order: BEGIN's, then END's.
 */
#pragma D option quiet

BEGIN
{
	@p["begin"] = sum(1);
	@c["begin"] = sum(1);
	@t["x"] = sum(1);
	@t["y"] = sum(2);
	printf("BEGIN\n");
	printa("printa in BEGIN: %s %@d\n", @p);
	clear(@c);
	trunc(@t, 2);
	exit(0);
}

END
{
	@p["end"] = sum(5);
	@c["begin"] = sum(7);
	@c["end"] = sum(5);
	@t["z"] = sum(5);
	@t["w"] = sum(6);
	printf("END\n");
}
