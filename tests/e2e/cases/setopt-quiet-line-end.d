/*
 * setopt("quiet") takes effect as its record is consumed (DTrace's
 * setopthandler sets g_quiet): a clause that turns quiet on does not end
 * its probe line with a newline, one that turns it off does, though its
 * probe line was not printed.
 */
#pragma D option quiet

BEGIN
{
	printf("a\n");
	setopt("quiet", "no");
}

BEGIN
{
	printf("b\n");
}

BEGIN
{
	setopt("quiet");
	printf("c\n");
}

BEGIN
{
	printf("d\n");
	exit(0);
}
