/*
 * Thread-local and associative-array variables of struct type hold a copy
 * of the struct's bytes; assigning 0 deletes them, and an unset one reads
 * as zeros.
 */
#pragma D option quiet

struct pair {
	int a;
	long b;
};

this struct pair v;

BEGIN
{
	this->v.a = 1;
	this->v.b = 10;
	self->p = this->v;
	this->v.a = 2;
	arr["x"] = this->v;
	this->v.a = 3;
	printf("copies: %d %d %d, b %d\n", self->p.a, arr["x"].a, this->v.a, arr["x"].b);
	self->p = 0;
	arr["x"] = 0;
	printf("deleted: %d %d %d\n", self->p.a, arr["x"].a, arr["y"].b);
	exit(0);
}
