#pragma D option quiet

/* print() of a D struct in alloca() memory: members of every kind, those
   that are zero left out, a char array up to its NUL, bit-fields, an enum
   (shown even at zero), typedef names kept; then the same cut by
   printsize, and a plain int */
enum color { RED, GREEN, BLUE };

struct inner {
	uint16_t x;
	char tag[4];
};

struct outer {
	int a;
	unsigned int lo : 3, mid : 5, hi : 8;
	struct inner in;
	union {
		uint8_t b;
		uint32_t w;
	} u;
	enum color c;
	enum color z;
	void *p;
	int zero;
	int64_t neg;
	uint64_t big;
};

BEGIN
{
	o = (struct outer *)alloca(sizeof (struct outer));
	o->a = 7;
	o->lo = 5;
	o->hi = 200;
	o->in.x = 65535;
	o->in.tag[0] = 'o';
	o->in.tag[1] = 'k';
	o->u.w = 0x01020304;
	o->c = BLUE;
	o->p = (void *)0x1000;
	o->neg = -5;
	o->big = 0xffffffffffffffff;
	print(o);
	setopt("printsize", "8");
	print(o);
	setopt("printsize", "8192");
	i = (int *)alloca(sizeof (int));
	*i = -3;
	print(i);
	exit(0);
}
