/*
 * A struct or union used as an associative-array key is compared by its
 * bytes: two variables with equal contents name the same element, and a
 * changed member names another.
 */
#pragma D option quiet

struct point {
	int x;
	int y;
};

union word {
	int i;
	char c[4];
};

struct point p, q;
union word w;

BEGIN
{
	p.x = 1; p.y = 2;
	q.x = 1; q.y = 2;
	a[p] = 100;
	a[q] += 5;
	printf("equal contents: %d %d\n", a[p], a[q]);
	q.y = 3;
	printf("changed member: %d\n", a[q]);
	b[q, "tag"] = 7;
	printf("with a second key: %d %d\n", b[q, "tag"], b[p, "tag"]);
	w.i = 0x41424344;
	u[w] = 9;
	w.c[0] = 0;
	printf("union: %d, w.i now %x\n", u[w], w.i);
	exit(0);
}
