/*
 * Macro arguments by DTrace's rules: an argument in double quotes (as the
 * DTrace Guide passes strings: dtrace -s x.d '"cat"') is a string without
 * its quotes, text that is neither an integer nor an identifier is a
 * string, integers may have a sign or be hex, $$N is always a string, and
 * both decode C escapes.
 */
BEGIN
/execname == $1/
{
	printf("execname is %s\n", $1);
	printf("[%s] [%s] [%d] [%d] [%s] [%s]\n", $2, $3, $4, $5, $$6, $$4);
	exit(0);
}

BEGIN
/execname != $1/
{
	printf("execname is not %s\n", $1);
	exit(1);
}
