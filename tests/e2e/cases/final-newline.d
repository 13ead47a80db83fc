/* dtrace ends its output with a newline (cmd/dtrace.c: oprintf("\n") after the loop). */
BEGIN
{
	exit(0);
}
