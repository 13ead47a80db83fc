/*
 * Members of struct-valued dynamic variables (a thread-local's, an
 * associative array element's, an array member's element) are read in a
 * clause that also uses alloca(): they are BPF memory, not alloca()'s, and
 * need no alloca check (whose arithmetic on the address the verifier
 * refuses for a pointer it tracks).
 */
#pragma D option quiet

struct ts {
	int b;
	int z;
	int a[3];
};
self struct ts t;
struct ts q[int];

BEGIN
{
	this->p = alloca(4);
	self->t.b = 3;
	self->t.z = 0;
	self->t.a[1] = 7;
	q[1].b = 5;
	printf("%d %d %d %d\n", self->t.b, self->t.z, self->t.a[1], q[1].b);
	exit(0);
}
