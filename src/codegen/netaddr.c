/*
 * netaddr.c - network addresses as text: the subroutines inet_ntoa()
 * (IPv4, dotted decimal), inet_ntoa6() (IPv6 as RFC 5952 writes it),
 * inet_ntop() (either, by address family) and link_ntop() (an Ethernet or
 * InfiniBand hardware address, as colon-separated hex bytes).
 *
 * The rules are DTrace's (Oracle's dt_cg.c and its BPF library): IPv6
 * words in lowercase hex without leading zeros, the longest run of two or
 * more zero words (the first of equal ones) written "::"; an address whose
 * first five words are zero is IPv4 in IPv6 when the sixth is 0xffff
 * (mapped), or when the sixth is zero and the rest is neither :: nor ::1
 * (compatible), and is written as dotted IPv4, prefixed "::ffff:" or "::"
 * in strict mode (inet_ntoa6's second argument, which inet_ntop() sets).
 * inet_ntop() takes any family but AF_INET6 for AF_INET, as DTrace on
 * Linux does; link_ntop() faults (illegal operation) on a type other than
 * ARPHRD_ETHER and ARPHRD_INFINIBAND.
 *
 * The address may be kernel memory or D's own (&this->a, alloca() space):
 * its bytes are read with bpf_probe_read_kernel() into a temporary first,
 * and an address that cannot be read faults as a bad address.
 *
 * The text is made without branches that depend on the address (but one,
 * IPv4 in IPv6 or not): each character is stored at the output position
 * and the position advanced by 0 or 1, computed with arithmetic, so the
 * verifier walks each formatter as one straight path and the position
 * keeps a small known bound.  The text goes into a work temporary of
 * NA_WORK bytes, then into a string temporary by
 * bpf_probe_read_kernel_str(), which cuts it to strsize.
 */
#include "cg_impl.h"

#define NA_WORK		64	/* the longest text: 20 hex bytes, 59 characters */
#define ARPHRD_ETHER		1
#define ARPHRD_INFINIBAND	32
#define AF_INET6		10

/* The position in the work temporary is r9 throughout. */
#define POS	R9

/* r5 = the work temporary at the position.  The position is below
 * NA_WORK; it is masked with it all the same, after a 32-bit move that
 * gives it a sign older verifiers know (6.1's loses the signed bounds of
 * the flags added to it, and refuses pointer arithmetic with it). */
static void work_ptr(struct cg *g, uint32_t work)
{
	cg_emit(g, BPF_MOV32_REG(R5, POS));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R5, NA_WORK - 1));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R5, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R5, (int32_t)work));
}

/* Store character c (an immediate) at the position; advance by the 0 or 1
 * in register adv, or by 1 when adv < 0.  Clobbers r5. */
static void put_imm(struct cg *g, uint32_t work, int c, int adv)
{
	work_ptr(g, work);
	cg_emit(g, BPF_ST_MEM(BPF_B, R5, 0, c));
	if (adv < 0)
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, POS, 1));
	else
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, POS, adv));
}

/* The same for the character in register c. */
static void put_reg(struct cg *g, uint32_t work, int c, int adv)
{
	work_ptr(g, work);
	cg_emit(g, BPF_STX_MEM(BPF_B, R5, c, 0));
	if (adv < 0)
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, POS, 1));
	else
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, POS, adv));
}

/* reg = 1 if reg < 0 as a signed number, else 0: the flags below are
 * made by subtracting small numbers. */
static void sign_bit(struct cg *g, int reg)
{
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, reg, 63));
}

/* reg = 1 if reg (a small unsigned number) is above c, else 0. */
static void above(struct cg *g, int reg, int32_t c)
{
	cg_emit(g, BPF_NEG64(reg));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, reg, c));
	sign_bit(g, reg);
}

/* Read n bytes at the address in r0 into scratch at in; a bad address
 * faults with it. */
static void read_bytes(struct cg *g, uint32_t in, int n)
{
	int ok = cg_new_label(g);

	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_emit(g, BPF_MOV64_REG(R3, R0));
	cg_scratch_ptr(g, R1, in);
	cg_emit(g, BPF_MOV64_IMM(R2, n));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
	cg_fault(g, DTRACEFLT_BADADDR, R8);
	cg_place(g, ok);
}

/* The byte at in as decimal digits without leading zeros. */
static void put_decimal(struct cg *g, uint32_t work, uint32_t in)
{
	cg_scratch_ldx(g, BPF_B, R1, in);
	/* hundreds, shown if the byte is above 99 */
	cg_emit(g, BPF_MOV64_REG(R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_DIV, R2, 100));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, '0'));
	cg_emit(g, BPF_MOV64_REG(R3, R1));
	above(g, R3, 99);
	put_reg(g, work, R2, R3);
	/* tens, shown if above 9 */
	cg_emit(g, BPF_MOV64_REG(R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_DIV, R2, 10));
	cg_emit(g, BPF_ALU64_IMM(BPF_MOD, R2, 10));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, '0'));
	cg_emit(g, BPF_MOV64_REG(R3, R1));
	above(g, R3, 9);
	put_reg(g, work, R2, R3);
	/* ones */
	cg_emit(g, BPF_ALU64_IMM(BPF_MOD, R1, 10));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, '0'));
	put_reg(g, work, R1, -1);
}

/* The four bytes at in as dotted decimal. */
static void put_ipv4(struct cg *g, uint32_t work, uint32_t in)
{
	for (uint32_t i = 0; i < 4; i++) {
		if (i)
			put_imm(g, work, '.', -1);
		put_decimal(g, work, in + i);
	}
}

/* r2 = the lowercase hex digit of the number 0..15 in r2.  Clobbers r3. */
static void hex_digit(struct cg *g)
{
	cg_emit(g, BPF_MOV64_REG(R3, R2));
	above(g, R3, 9);
	cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R3, 'a' - '0' - 10));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R3));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, '0'));
}

/* The byte at in as two hex digits. */
static void put_hex_byte(struct cg *g, uint32_t work, uint32_t in)
{
	for (int k = 1; k >= 0; k--) {
		cg_scratch_ldx(g, BPF_B, R2, in);
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R2, 4 * k));
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, 0xf));
		hex_digit(g);
		put_reg(g, work, R2, -1);
	}
}

/*
 * The 16 bytes at in as an IPv6 address (no IPv4 in it).  words: 16 bytes
 * of scratch for the words in host order, vars: 16 for the zero run's
 * start and end.
 */
static void put_ipv6(struct cg *g, uint32_t work, uint32_t in, uint32_t words, uint32_t vars)
{
	/*
	 * The longest run of zero words, the first of equal ones: r1 = the
	 * run ending at word i, r2 = the longest so far, r3 = where it ends.
	 * A longer run replaces it under a mask (all ones when r1 > r2).
	 */
	cg_emit(g, BPF_MOV64_IMM(R1, 0));
	cg_emit(g, BPF_MOV64_IMM(R2, 0));
	cg_emit(g, BPF_MOV64_IMM(R3, 0));
	for (int i = 0; i < 8; i++) {
		cg_scratch_ldx(g, BPF_H, R4, in + 2 * (uint32_t)i);
		cg_emit(g, BPF_INSN(BPF_ALU | BPF_END | BPF_TO_BE, R4, 0, 0, 16));
		cg_scratch_stx(g, BPF_H, R4, words + 2 * (uint32_t)i, R5);
		/* r4 = all ones if the word is zero */
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R4, 1));
		sign_bit(g, R4);
		cg_emit(g, BPF_NEG64(R4));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
		cg_emit(g, BPF_ALU64_REG(BPF_AND, R1, R4));
		/* r4 = all ones if r1 > r2 */
		cg_emit(g, BPF_MOV64_REG(R4, R2));
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R4, R1));
		sign_bit(g, R4);
		cg_emit(g, BPF_NEG64(R4));
		cg_emit(g, BPF_MOV64_REG(R0, R2));
		cg_emit(g, BPF_ALU64_REG(BPF_XOR, R0, R1));
		cg_emit(g, BPF_ALU64_REG(BPF_AND, R0, R4));
		cg_emit(g, BPF_ALU64_REG(BPF_XOR, R2, R0));
		cg_emit(g, BPF_MOV64_REG(R0, R3));
		cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R0, i + 1));
		cg_emit(g, BPF_ALU64_REG(BPF_AND, R0, R4));
		cg_emit(g, BPF_ALU64_REG(BPF_XOR, R3, R0));
	}
	/* a run shorter than two words is none: start 8 and end 8 */
	cg_emit(g, BPF_MOV64_REG(R4, R2));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R4, 2));
	sign_bit(g, R4);
	cg_emit(g, BPF_NEG64(R4));			/* all ones: no run */
	cg_emit(g, BPF_MOV64_REG(R0, R3));
	cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R0, 8));
	cg_emit(g, BPF_ALU64_REG(BPF_AND, R0, R4));
	cg_emit(g, BPF_ALU64_REG(BPF_XOR, R3, R0));	/* r3 = end */
	cg_emit(g, BPF_ALU64_REG(BPF_AND, R4, R2));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R4));	/* r2 = length, 0 if none */
	cg_emit(g, BPF_MOV64_REG(R8, R3));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R8, R2));	/* r8 = start */
	cg_scratch_stx(g, BPF_DW, R3, vars, R5);
	cg_scratch_stx(g, BPF_DW, R2, vars + 8, R5);

	for (int i = 0; i < 8; i++) {
		/* r1 = word i is in the run: start <= i < end */
		cg_emit(g, BPF_MOV64_REG(R1, R8));
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R1, i + 1));
		sign_bit(g, R1);
		cg_scratch_ldx(g, BPF_DW, R2, vars);
		cg_emit(g, BPF_NEG64(R2));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, i));
		sign_bit(g, R2);
		cg_emit(g, BPF_ALU64_REG(BPF_AND, R1, R2));
		/* a ':' before the word, or one at the run's start */
		cg_emit(g, BPF_MOV64_REG(R2, R8));
		cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R2, i));
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R2, 1));
		sign_bit(g, R2);				/* start == i */
		cg_emit(g, BPF_ALU64_REG(BPF_AND, R2, R1));
		if (i > 0) {
			cg_emit(g, BPF_MOV64_REG(R3, R1));
			cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R3, 1));
			cg_emit(g, BPF_ALU64_REG(BPF_OR, R2, R3));
		}
		put_imm(g, work, ':', R2);
		/* the word's digits, outside the run: digit k when the word
		 * is at least 16^k */
		cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R1, 1));
		cg_emit(g, BPF_MOV64_REG(R4, R1));	/* r4 = shown */
		for (int k = 3; k >= 0; k--) {
			cg_scratch_ldx(g, BPF_H, R2, words + 2 * (uint32_t)i);
			cg_emit(g, BPF_MOV64_REG(R0, R2));
			cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R2, 4 * k));
			cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, 0xf));
			hex_digit(g);
			if (k > 0) {
				above(g, R0, (1 << (4 * k)) - 1);
				cg_emit(g, BPF_ALU64_REG(BPF_AND, R0, R4));
			} else {
				cg_emit(g, BPF_MOV64_REG(R0, R4));
			}
			put_reg(g, work, R2, R0);
		}
	}
	/* a run to the end closes with a second ':' */
	cg_scratch_ldx(g, BPF_DW, R1, vars);
	cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R1, 8));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R1, 1));
	sign_bit(g, R1);				/* end == 8 */
	cg_scratch_ldx(g, BPF_DW, R2, vars + 8);
	cg_emit(g, BPF_NEG64(R2));
	sign_bit(g, R2);				/* length > 0 */
	cg_emit(g, BPF_ALU64_REG(BPF_AND, R1, R2));
	put_imm(g, work, ':', R1);
}

/* End the text at the position and make it a string: r0 = a string
 * temporary holding it, cut to strsize. */
static void finish(struct cg *g, uint32_t work)
{
	uint32_t t = cg_temp(g, g->L->strbuf);

	put_imm(g, work, 0, -1);
	cg_scratch_ptr(g, R1, t);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
	cg_scratch_ptr(g, R3, work);
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_scratch_ptr(g, R0, t);
}

/*
 * The IPv6 address at the address in r0, strict or not (see the top of
 * the file), into work; the position starts at 0.
 */
static void ipv6_text(struct cg *g, uint32_t work, int strict)
{
	uint32_t in = cg_temp(g, 16), words = cg_temp(g, 16), vars = cg_temp(g, 16);
	int v6 = cg_new_label(g), mapped = cg_new_label(g), v4 = cg_new_label(g), done = cg_new_label(g);

	read_bytes(g, in, 16);
	cg_emit(g, BPF_MOV64_IMM(POS, 0));
	/* IPv4 in IPv6: words 0-4 zero, then 0xffff, or 0 and not :: or ::1 */
	cg_scratch_ldx(g, BPF_DW, R1, in);
	cg_jmp_imm(g, BPF_JNE, R1, 0, v6);
	cg_scratch_ldx(g, BPF_H, R1, in + 8);
	cg_jmp_imm(g, BPF_JNE, R1, 0, v6);
	cg_scratch_ldx(g, BPF_H, R1, in + 10);
	cg_jmp_imm(g, BPF_JEQ, R1, 0xffff, mapped);
	cg_jmp_imm(g, BPF_JNE, R1, 0, v6);
	cg_scratch_ldx(g, BPF_W, R1, in + 12);
	cg_emit(g, BPF_INSN(BPF_ALU | BPF_END | BPF_TO_BE, R1, 0, 0, 32));
	cg_jmp_imm(g, BPF_JLE, R1, 1, v6);
	if (strict) {
		put_imm(g, work, ':', -1);
		put_imm(g, work, ':', -1);
	}
	cg_jmp(g, v4);
	cg_place(g, mapped);
	if (strict)
		for (const char *p = "::ffff:"; *p; p++)
			put_imm(g, work, *p, -1);
	cg_place(g, v4);
	put_ipv4(g, work, in + 12);
	cg_jmp(g, done);
	cg_place(g, v6);
	put_ipv6(g, work, in, words, vars);
	cg_place(g, done);
}

/* inet_ntoa(ipaddr_t *) */
void cg_subr_inet_ntoa(struct cg *g, struct node *n)
{
	uint32_t work = cg_temp(g, NA_WORK), in = cg_temp(g, 8);

	cg_expr(g, n->args.v[0]);
	read_bytes(g, in, 4);
	cg_emit(g, BPF_MOV64_IMM(POS, 0));
	put_ipv4(g, work, in);
	finish(g, work);
}

/* inet_ntoa6(struct in6_addr * [, strict]) */
void cg_subr_inet_ntoa6(struct cg *g, struct node *n)
{
	uint32_t work = cg_temp(g, NA_WORK);
	int strict = n->args.n > 1 && ((struct node *)n->args.v[1])->cval != 0;

	cg_expr(g, n->args.v[0]);
	ipv6_text(g, work, strict);
	finish(g, work);
}

/* inet_ntop(af, addr): AF_INET6 as inet_ntoa6(addr, 1), else inet_ntoa(addr) */
void cg_subr_inet_ntop(struct cg *g, struct node *n)
{
	uint32_t work = cg_temp(g, NA_WORK), in = cg_temp(g, 8);
	int d0 = g->depth, v4 = cg_new_label(g), done = cg_new_label(g);

	cg_expr(g, n->args.v[0]);
	cg_push(g, R0);
	cg_expr(g, n->args.v[1]);
	cg_pop(g, R1);
	cg_jmp_imm(g, BPF_JNE, R1, AF_INET6, v4);
	ipv6_text(g, work, 1);
	cg_jmp(g, done);
	cg_place(g, v4);
	read_bytes(g, in, 4);
	cg_emit(g, BPF_MOV64_IMM(POS, 0));
	put_ipv4(g, work, in);
	cg_place(g, done);
	g->depth = d0;
	finish(g, work);
}

/* link_ntop(type, addr): 6 (Ethernet) or 20 (InfiniBand) bytes as hex. */
void cg_subr_link_ntop(struct cg *g, struct node *n)
{
	uint32_t work = cg_temp(g, NA_WORK), in = cg_temp(g, 24);
	int d0 = g->depth, eth = cg_new_label(g), ib = cg_new_label(g), done = cg_new_label(g);

	cg_expr(g, n->args.v[0]);
	cg_push(g, R0);
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_jmp_imm(g, BPF_JEQ, R1, ARPHRD_ETHER, eth);
	cg_jmp_imm(g, BPF_JEQ, R1, ARPHRD_INFINIBAND, eth);
	cg_fault(g, DTRACEFLT_ILLOP, R1);	/* the type: ERROR's arg5 (dt_cg_subr_link_ntop) */
	cg_place(g, eth);
	cg_expr(g, n->args.v[1]);
	cg_pop(g, R1);
	cg_emit(g, BPF_MOV64_IMM(POS, 0));
	cg_jmp_imm(g, BPF_JEQ, R1, ARPHRD_INFINIBAND, ib);
	for (int pass = 0; pass < 2; pass++) {
		int len = pass ? 20 : 6;
		if (pass)
			cg_place(g, ib);
		read_bytes(g, in, len);
		for (int i = 0; i < len; i++) {
			if (i)
				put_imm(g, work, ':', -1);
			put_hex_byte(g, work, in + (uint32_t)i);
		}
		cg_jmp(g, done);
	}
	cg_place(g, done);
	g->depth = d0;
	finish(g, work);
}
