/*
 * The kernel's typedefs are D type names (as DTrace's are: its lexer looks
 * a word up in the kernel's types), yet a script's variable may carry the
 * name of one: "code" and "config" are typedefs of this kernel's, and
 * assigning one makes it an identifier from then on.
 */
#pragma D option quiet

atomic_t *ap;

/* after a type specifier, a type's name is the declarator's, as in C */
struct kt {
	short code;
	unsigned config;
};

BEGIN
{
	printf("sizeof atomic_t %d, u32 %d\n", sizeof(atomic_t), sizeof(u32));
	this->a = (atomic_t *)alloca(sizeof(atomic_t));
	this->a->counter = 41;
	ap = this->a;
	printf("counter %d\n", ap->counter + 1);
	code = 7;
	config[1] = code * 6;
	printf("code %d config %d\n", code, config[1]);
	this->k = (struct kt *)alloca(sizeof(struct kt));
	this->k->code = -2;
	this->k->config = 5;
	printf("struct kt %d %d %d\n", sizeof(struct kt), this->k->code, this->k->config);
	exit(0);
}
