/*
 * Stores of whole strings, structs and unions (DTrace's dt_cg_store): into
 * a struct member of a D variable, and through a pointer into memory
 * alloca() gave out, which must hold the type's whole size (a string's
 * strsize and its NUL); elsewhere the store faults.
 */
#pragma D option quiet
#pragma D option strsize=32
#pragma D option scratchsize=128

struct coords { int x, y; };
struct particle { struct coords position; struct coords velocity; };
struct particle P;
this struct particle p;

BEGIN
{
	P.velocity.x = 3;
	P.velocity.y = 4;
	Q = P;
	Q.position = P.velocity;
	this->p.velocity = Q.position;
	printf("%d %d %d %d\n", Q.position.x, Q.position.y, this->p.velocity.x, this->p.velocity.y);
}

BEGIN
{
	s = (string *)alloca(sizeof(string) + 1);
	*s = "abc";
	c = (struct coords *)alloca(sizeof(struct coords));
	*c = P.velocity;
	printf("%s %d %d\n", *s, c->x, c->y);
}

BEGIN
{
	t = (string *)alloca(8);
	*t = "too long for eight bytes";
}

BEGIN
{
	exit(0);
}
