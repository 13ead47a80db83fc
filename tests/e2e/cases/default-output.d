/* A clause with no actions traces the probe: CPU, ID and FUNCTION:NAME. */
BEGIN
{}

BEGIN
{
	exit(0);
}
