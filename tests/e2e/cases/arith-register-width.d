/*
 * D computes in 64-bit registers: an operator's result keeps its bits, and
 * only casts (by DTrace's rule), stores and records narrow a value.
 */
uint16_t u;
uint8_t x, c;
int g, i;
uint32_t w;
uint8_t k[uint8_t];

BEGIN
{
	u = 193; x = 1; g = 0; i = 0x7fffffff; c = 255; w = 0xffffffff;

	/* unary operators keep the operand's type, not a promoted one */
	printf("%d %d %d\n", sizeof(-x), sizeof(~u), sizeof(+c));
	printf("%d %d %d\n", -x, ~u, (long long)~u);	/* records narrow */
	printf("%d %d\n", g | -x, -x == 255);

	/* a same-size, same-sign cast leaves the register as it is */
	printf("%d %d\n", (long long)(int)(i + 1), (int)(i + 1));
	printf("%d %d\n", (long long)(uint32_t)(w + 1), w + 1 == 0);
	printf("%d\n", (long long)(c ? ~c : c));

	/* narrowing, a change of sign and signed-to-unsigned widening cut */
	printf("%d %d %d\n", (long long)(uint8_t)(w + 2), (long long)(int)w,
	    (long long)(uint32_t)(char)-1);

	/* constants fold as the code computes */
	printf("%d %d %d\n", ~0xffffffff == 0, -1u, (long long)(int)0xffffffff);

	/* E1 op= E2 is computed in E1's type: signed here, though 2u is not */
	i = -7; i /= 2u; g = -7; g %= 2u;
	printf("%d %d\n", i, g);

	/* a key is its type's value */
	k[-x] = 7;
	printf("%d\n", k[255]);
	@a[-x] = count();
	exit(0);
}
