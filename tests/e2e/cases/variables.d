/* Globals, thread-locals, clause-locals and associative arrays. */
#pragma D option quiet

int declared;

BEGIN
{
	declared = 5;
	g = 7;
	str = "global string";
	self->t = 11;
	this->l = 13;
	this->sum = this->l + g;
	a[1] = 100;
	a[2] = 200;
	s["foo"] = 1;
	s["bar"] = 2;
	m[1, "x"] = 3;
	self->ts["k"] = 4;
	printf("clause-local %d %d\n", this->l, this->sum);
}

BEGIN
{
	printf("global %d %d %s\n", declared, g, str);
	printf("self %d %d\n", self->t, self->ts["k"]);
	printf("int keys %d %d %d\n", a[1], a[2], a[3]);
	printf("string keys %d %d %d\n", s["foo"], s["bar"], s["baz"]);
	printf("tuple key %d %d\n", m[1, "x"], m[2, "x"]);
}

BEGIN
{
	/* Assigning 0 deletes an element: reading it again gives 0. */
	a[1] = 0;
	s["foo"] = 0;
	self->t = 0;
	printf("deleted %d %d %d\n", a[1], s["foo"], self->t);
	printf("kept %d %d\n", a[2], s["bar"]);
	a[1] = 5;
	printf("re-added %d\n", a[1]);
	exit(0);
}
