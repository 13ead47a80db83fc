/* A syntax error on line 6 of a script. */
BEGIN
{
	x = 1;
	y = 2;
	z = * ;
}
