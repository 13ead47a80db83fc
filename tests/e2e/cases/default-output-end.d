/* END runs after exit() in BEGIN; trace() of an int in non-quiet mode. */
BEGIN
{
	exit(0);
}

END
{
	trace(7);
}
