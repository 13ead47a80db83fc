/* The last argument must be referenced (unless argref is set); DTrace
 * checks only the last one. */
BEGIN
{
	trace($2);
	exit(0);
}
