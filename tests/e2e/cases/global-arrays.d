/*
 * D global arrays of integers have C's layout: elements packed at their
 * size, so &a[i], pointer arithmetic and casts agree with a[i]; each type
 * keeps its sign and width when stored and read back.
 */
#pragma D option quiet

int a[3];
short s[4];
char c[2];
uint64_t u[2];

BEGIN
{
	a[0] = 10;
	a[1] = 20;
	a[2] = -30;
	p = &a[0];
	printf("a via pointer: %d %d %d\n", *p, *(p + 1), p[2]);
	printf("&a[2] - &a[0] = %d bytes, sizeof(a) = %d\n",
	    (uintptr_t)&a[2] - (uintptr_t)&a[0], sizeof(a));
	w = (int *)((uintptr_t)&a[0] + 4);
	printf("a[1] through uintptr_t + 4: %d\n", *w);

	s[3] = -2;
	s[2] = 0x7fff;
	s[2]++;
	printf("s: %d %d\n", s[2], s[3]);

	c[1] = 127;
	c[1] += 1;
	printf("c[1]: %d, c[0]: %d\n", c[1], c[0]);

	u[1] = 0xfffffffffffffffe;
	u[1]++;
	printf("u[1]: %x\n", u[1]);
	exit(0);
}
