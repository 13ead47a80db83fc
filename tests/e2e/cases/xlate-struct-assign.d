/*
 * A translated struct stored in a variable (DTrace's dt_cg_asgn_op): each
 * member the translator defines is its translation of the input, the
 * others are zero, whatever the variable held; a global, a thread-local
 * and a clause-local variable each, from xlate<T>(e) and *xlate<T *>(e),
 * and the stored struct copies like any other.
 */
#pragma D option quiet

struct out { int b; long c; char s[8]; int z; };

translator struct out < int a > {
	b = a * 2;
	c = a + 1000000000000;
	s = a > 10 ? "big" : "small";
};

struct out g;
self struct out t;

BEGIN
{
	g.z = 99;
	g = xlate<struct out>(21);
	printf("g: %d %d %s %d\n", g.b, g.c, g.s, g.z);
	self->t.z = 98;
	self->t = *xlate<struct out *>(5);
	printf("self: %d %d %s %d\n", self->t.b, self->t.c, self->t.s, self->t.z);
	this->l = xlate<struct out>(g.b);
	printf("this: %d %d %s %d\n", this->l.b, this->l.c, this->l.s, this->l.z);
	h = g;
	printf("copy: %d %s\n", h.b, h.s);
	exit(0);
}
