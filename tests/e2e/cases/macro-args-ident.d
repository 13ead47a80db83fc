/* A macro argument that spells an identifier is that identifier. */
BEGIN
{
	x = 42;
	printf("%d\n", $1);
	exit(0);
}
