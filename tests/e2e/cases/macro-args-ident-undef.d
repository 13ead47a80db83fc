/* ... and an identifier that names nothing is an error: strings need quotes. */
BEGIN
/execname == $1/
{
	exit(0);
}
