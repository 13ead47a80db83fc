/*
 * printf("%c", 0) writes a NUL byte, as vfprintf does, and the rest of the
 * line follows it (the output is bytes, not a C string).
 */
#pragma D option quiet

BEGIN
{
	printf("a%cb%c|\n", 0, 'c');
	printf("after\n");
	exit(0);
}
