/*
 * Options may follow the operands (DTrace's dtrace.c scans them so): -q and
 * -c after $1 are options, not macro arguments $2 and $3.
 */
BEGIN
{
	printf("%s %d\n", $1, $target > 0);
	exit(0);
}
