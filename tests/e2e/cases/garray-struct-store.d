/*
 * A global array's struct elements and their members are D variables'
 * memory, laid out as C lays the array out (&sarr[2] - &sarr[0] is two
 * structs): stored and read in place (a member store was taken for one
 * into kernel memory, and faulted or was refused by the verifier); a
 * whole struct or a string stored into an element copies its bytes (the
 * address was stored); an index past the end faults with the index.
 */
#pragma D option quiet

struct S {
	int x;
	long y;
	char c[4];
	int b:3;
};
struct S sarr[3];
struct S one;
string sa[3];

BEGIN
{
	sarr[1].y = 5;
	sarr[2].x = 7;
	sarr[1].c[0] = 'q';
	sarr[0].b = -2;
	sarr[2].y += 3;
	sarr[2].y++;
	printf("%d %d %d %c %s %d %d\n", sarr[1].y, sarr[2].x, sarr[0].x, sarr[1].c[0], sarr[1].c,
	    sarr[0].b, sarr[2].y);
	one.x = 9;
	one.c[0] = 'z';
	sarr[0] = one;
	sa[1] = "abc";
	sa[2] = probename;
	printf("%d %s %s %s [%s] %d\n", sarr[0].x, sarr[0].c, sa[1], sa[2], sa[0],
	    (long)&sarr[2] - (long)&sarr[0] == 2 * sizeof(struct S));
	i = 3;
}

BEGIN
{
	sarr[i].x = 1;
}

ERROR
{
	printf("fault %d at index %d\n", arg4, arg5);
	exit(0);
}
