/*
 * Escapes in string and character constants as DTrace's stresc2chr reads
 * them: \x takes every hex digit that follows (kept as one char), an octal
 * escape at most three digits, and an escape it does not know (\q, \')
 * keeps its backslash.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", '\x4142', '\101', '\q', '\'', '\x7f');
	printf("[%s] [%s] [%s]\n", "\x41\x4a\x414243", "\1012", "a\qb");
	exit(0);
}
