/*
 * Memory of the program's own read in a clause that also uses alloca():
 * members of struct-valued dynamic variables (a thread-local's, an
 * associative array element's, an array member's element) and a string
 * variable's bytes (s[i], *s).  The alloca check takes their address as a
 * number (the verifier refuses arithmetic on a pointer it tracks).
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
	s = "abc";
	printf("%c %c\n", s[1], *s);
	exit(0);
}
