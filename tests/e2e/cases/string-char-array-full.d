/*
 * A char[N] all of whose N bytes are chars (no NUL) is a string of N
 * chars where a format converts it: %s prints the last one too, and the
 * bytes after the array are not part of it.  trace() of it records the
 * array's bytes (dt_cg_store_val: only the string type is a string) and
 * prints them as bytes.
 */
#pragma D option quiet

struct foo {
	char c[4];
	int x;
};
struct foo g;

BEGIN
{
	g.c[0] = 'a';
	g.c[1] = 'b';
	g.c[2] = 'c';
	g.c[3] = 'd';
	g.x = 0x656667;
	trace(g.c);
	printf("|%s|%d\n", g.c, strlen(g.c));
	exit(0);
}
