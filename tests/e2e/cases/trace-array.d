/*
 * trace() of an array that is not a string records the array's bytes and
 * prints them as DTrace prints any by-reference value but a string: the
 * raw bytes under their offset header.
 */
#pragma D option quiet

struct foo {
	int a[4];
	short s[3];
};
struct foo g;

BEGIN
{
	g.a[0] = 1;
	g.a[3] = -1;
	g.s[1] = 0x4142;
	trace(g.a);
	trace(g.s);
	trace("\n");
	exit(0);
}
