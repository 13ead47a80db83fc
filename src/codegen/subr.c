/*
 * subr.c - subroutines: the code of each D subroutine (strjoin, substr,
 * copyin, alloca, progenyof, ...) and the table, indexed by enum
 * builtin_fn, that maps each subroutine to its generator.  Adding a
 * subroutine is a generator here and one row in subrs[].  A generator
 * leaves the result in r0 and the expression stack as it found it.
 */
#include "cg_impl.h"

#include <stdio.h>
#include <string.h>


/*
 * A string function (strfn.c) left in r0 the index of a match in the string at stack depth d,
 * or a negative error: r0 = a copy of the string from there on (in a new
 * temporary, so that the result is a whole buffer) or NULL.
 */
static void suffix_result(struct cg *g, int d)
{
	uint32_t t = cg_temp(g, g->L->strbuf);
	int found = cg_new_label(g), done = cg_new_label(g);

	cg_jmp_imm(g, BPF_JSGE, R0, 0, found);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_jmp(g, done);
	cg_place(g, found);
	cg_clamp_u(g, R0, (int32_t)g->L->strmax - 1);
	cg_peek(g, R3, d);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R0));
	cg_scratch_ptr(g, R1, t);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_scratch_ptr(g, R0, t);
	cg_place(g, done);
}

/* Evaluate a string argument, fault on NULL, push it. */
static void push_str_arg(struct cg *g, struct node *a)
{
	cg_expr(g, a);
	cg_null_check(g, R0);
	cg_push(g, R0);
}


/*
 * strjoin(s1, s2): at most strsize characters of s1 then s2.  Each
 * argument faults on NULL as it is evaluated (Oracle's dt_cg_subr_strjoin
 * checks s1 before it evaluates s2); memory that cannot be read faults
 * with its address.
 */
static void gen_strjoin(struct cg *g, struct node *n)
{
	uint32_t sb = g->L->strmax;
	uint32_t t = cg_temp(g, 2 * g->L->strbuf);
	int ok = cg_new_label(g), ok2 = cg_new_label(g);

	push_str_arg(g, n->args.v[0]);
	push_str_arg(g, n->args.v[1]);
	/* first part */
	cg_peek(g, R3, g->depth - 2);
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sb));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_jmp_imm(g, BPF_JSGT, R0, 0, ok);
	cg_peek(g, R1, g->depth - 2);
	cg_fault(g, DTRACEFLT_BADADDR, R1);
	cg_place(g, ok);
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R0, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, 0x7fff));
	int clamp = cg_new_label(g);
	cg_jmp_imm(g, BPF_JLE, R0, (int32_t)(sb - 1), clamp);
	cg_emit(g, BPF_MOV64_IMM(R0, (int32_t)(sb - 1)));
	cg_place(g, clamp);
	/* second part at t + len, room sb - len */
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R0));
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sb));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R0));
	cg_peek(g, R3, g->depth - 1);
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_jmp_imm(g, BPF_JSGT, R0, 0, ok2);
	cg_peek(g, R1, g->depth - 1);
	cg_fault(g, DTRACEFLT_BADADDR, R1);
	cg_place(g, ok2);
	g->depth -= 2;
	cg_emit(g, BPF_MOV64_REG(R0, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)t));
}

/*
 * substr(s, i [, len]) with DTrace's rules for negative positions (Oracle's
 * dt_substr, illumos' DIF_SUBR_SUBSTR): without len, len is strsize; a
 * negative i counts from the end, and one still before the start takes
 * what is left of len from the start (nothing when len <= -i: a negative
 * len there leaves nothing).  i and len are ints, whatever the width of
 * the expressions given (dt_substr sign-extends their low 32 bits): an i
 * of 0xffffffff is -1.
 */
static void gen_substr(struct cg *g, struct node *n)
{
	uint32_t sb = g->L->strmax;
	uint32_t t = cg_temp(g, g->L->strbuf);
	int d0 = g->depth;

	cg_expr(g, n->args.v[0]);
	cg_push(g, R0);				/* d0: s */
	cg_expr(g, n->args.v[1]);
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, 32));
	cg_emit(g, BPF_ALU64_IMM(BPF_ARSH, R0, 32));
	cg_push(g, R0);				/* d0+1: index */
	if (n->args.n > 2) {
		cg_expr(g, n->args.v[2]);
		cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, 32));
		cg_emit(g, BPF_ALU64_IMM(BPF_ARSH, R0, 32));
	} else {
		cg_emit(g, BPF_MOV64_IMM(R0, (int32_t)(sb - 1)));	/* strsize */
	}
	cg_push(g, R0);				/* d0+2: length */
	/* r6 is the context; keep it: compute in r8/r9 and stack */
	cg_peek(g, R1, d0);
	cg_strlen_reg(g);			/* r0 = len */
	cg_emit(g, BPF_MOV64_REG(R9, R0));		/* r9 = len */
	cg_peek(g, R8, d0 + 1);			/* r8 = index */
	/* if index < 0: index += len; if still < 0: length += index (at
	 * least 0) and index = 0 */
	int nonneg = cg_new_label(g), idx_ok = cg_new_label(g);
	cg_jmp_imm(g, BPF_JSGE, R8, 0, nonneg);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R8, R9));
	cg_jmp_imm(g, BPF_JSGE, R8, 0, nonneg);
	cg_peek(g, R1, d0 + 2);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
	cg_emit(g, BPF_JMP_IMM(BPF_JSGE, R1, 0, 1));
	cg_emit(g, BPF_MOV64_IMM(R1, 0));		/* nothing left of it */
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R1, cg_slot(d0 + 2)));
	cg_emit(g, BPF_MOV64_IMM(R8, 0));
	cg_place(g, nonneg);
	/* index > len: empty */
	cg_jmp_reg(g, BPF_JSLE, R8, R9, idx_ok);
	cg_emit(g, BPF_MOV64_REG(R8, R9));
	cg_place(g, idx_ok);
	/* count = len - index, or min(length, that) */
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R8));
	{
		int keep = cg_new_label(g), pos = cg_new_label(g);
		cg_peek(g, R1, d0 + 2);
		cg_jmp_imm(g, BPF_JSGE, R1, 0, pos);
		/* negative length: count = len - index + length */
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R2));
		cg_jmp_imm(g, BPF_JSGE, R1, 0, pos);
		cg_emit(g, BPF_MOV64_IMM(R1, 0));
		cg_place(g, pos);
		cg_jmp_reg(g, BPF_JSGE, R1, R2, keep);
		cg_emit(g, BPF_MOV64_REG(R2, R1));
		cg_place(g, keep);
	}
	/* copy count bytes + NUL: probe_read_str(t, count + 1, s + index) */
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, 0x7fff));
	int szok = cg_new_label(g);
	cg_jmp_imm(g, BPF_JLE, R2, (int32_t)sb, szok);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sb));
	cg_place(g, szok);
	int nz = cg_new_label(g);
	cg_jmp_imm(g, BPF_JNE, R2, 0, nz);
	cg_emit(g, BPF_MOV64_IMM(R2, 1));
	cg_place(g, nz);
	cg_peek(g, R3, d0);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R8));
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	g->depth = d0;
	cg_emit(g, BPF_MOV64_REG(R0, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)t));
}

/*
 * strchr/strrchr: the string from the first/last c in s on, or NULL.  Only
 * the bytes before the NUL are searched, as Oracle's dt_strchr and
 * dt_strrchr (dtrace-utils bpf/strchr.S, strrchr.S) search them: a c of 0
 * (after the cast to char) is never found, and gives NULL, where the C
 * functions (and illumos' DIF_SUBR_STRCHR) find the terminating NUL and
 * give "".
 */
static void find_char(struct cg *g, struct node *n, int last)
{
	int d0 = g->depth, call = cg_new_label(g), done = cg_new_label(g);

	push_str_arg(g, n->args.v[0]);
	cg_expr(g, n->args.v[1]);
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, 0xff));
	cg_jmp_imm(g, BPF_JNE, R0, 0, call);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_jmp(g, done);
	cg_place(g, call);
	cg_emit(g, BPF_MOV64_REG(R2, R0));
	cg_peek(g, R1, d0);
	cg_strfn(g, last ? SF_STRRCHR : SF_STRCHR);
	suffix_result(g, d0);
	cg_place(g, done);
	g->depth = d0;
}

/* strstr(s, sub): the string from the first sub in s on, or NULL. */
static void gen_strstr(struct cg *g, struct node *n)
{
	int d0 = g->depth;

	push_str_arg(g, n->args.v[0]);
	cg_expr(g, n->args.v[1]);
	cg_null_check(g, R0);
	cg_emit(g, BPF_MOV64_REG(R2, R0));
	cg_peek(g, R1, d0);
	cg_strfn(g, SF_STRSTR);
	suffix_result(g, d0);
	g->depth = d0;
}

/*
 * The bytes of alloca() space a clause has: what -xscratchsize gives
 * (DTrace counts 8 more, its NULL), at most ALLOCA_MAX.
 */
static int32_t alloca_limit(const struct cg *g)
{
	int64_t lim = (int64_t)g->o->scratchsize - 8;

	return lim < 0 ? 0 : lim > ALLOCA_MAX ? ALLOCA_MAX : (int32_t)lim;
}

/*
 * A copy's size in reg must lie in 0 .. scratchsize - 8, or the copy faults
 * with "invalid size" (DTrace's copyin, bcopy and copyinto).
 */
static void scratch_size_check(struct cg *g, int reg)
{
	int ok = cg_new_label(g), bad = cg_new_label(g);
	int64_t maxsize = (int64_t)g->o->scratchsize - 8;

	cg_jmp_imm(g, BPF_JSLT, reg, 0, bad);
	cg_jmp_imm(g, BPF_JLE, reg, (int32_t)(maxsize > 0 ? maxsize : 0), ok);
	cg_place(g, bad);
	cg_fault(g, DTRACEFLT_BADSIZE, reg);
	cg_place(g, ok);
}

/*
 * Take r0 bytes of this clause's alloca() space (DTrace's scratch space,
 * "out of scratch space" past alloca_limit in all, as in DTrace's
 * dt_cg_subr_alloca_impl): leaves r8 = their offset in the region and
 * r9 = r0, both known to the verifier to be at most ALLOCA_MAX, and
 * advances FP_ACUR by r0 rounded up to 8.
 */
static void alloca_take(struct cg *g)
{
	int ok = cg_new_label(g), bad = cg_new_label(g);
	int32_t lim = alloca_limit(g);

	cg_emit(g, BPF_MOV64_REG(R9, R0));			/* r9: size */
	cg_jmp_imm(g, BPF_JGT, R9, lim, bad);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R8, FP, FP_ACUR));	/* r8: offset */
	cg_jmp_imm(g, BPF_JGT, R8, lim, bad);
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 7));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, ~7));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R8));
	cg_jmp_imm(g, BPF_JLE, R2, lim, ok);
	cg_place(g, bad);
	cg_fault(g, DTRACEFLT_NOSCRATCH, -1);
	cg_place(g, ok);
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R2, FP_ACUR));
}

/* r0 = the address of the space at offset r8 of the alloca() region, as
 * D sees it (a number: stores through it are checked, alloca_check). */
static void alloca_result(struct cg *g)
{
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_SBASE));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)g->L->alloca_off));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R8));
}

/*
 * copyin(addr, size) and copyinstr(addr [, len]): read user memory with
 * bpf_probe_read_user(_str), copyin's into the clause's scratch (alloca)
 * space, copyinstr's into a string temporary, by the rules of DTrace's
 * dt_cg_subr_copyin and dt_cg_subr_copyinstr:
 *
 *   - the size is evaluated (and copyin's checked, and its space taken)
 *     before the address;
 *   - copyinstr reads len bytes, its NUL among them, at most strsize (len
 *     taken as unsigned: a negative one is strsize), and strsize without
 *     len: copyinstr(a, 5) is at most 4 characters, copyinstr(a) at most
 *     strsize - 1;
 *   - a read that fails faults "invalid address" with the address; so
 *     does copyinstr(a, 0), which reads nothing (bpf_probe_read_user_str()
 *     returns 0 for it, and DTrace takes only a positive count for
 *     success).
 */
static void gen_copyin(struct cg *g, struct node *n)
{
	int str = n->fn == F_COPYINSTR;
	struct node *len = n->args.n > 1 ? n->args.v[1] : NULL;
	int ok = cg_new_label(g), d0 = g->depth;
	int32_t max = (int32_t)g->L->strmax - 1;	/* strsize */
	uint32_t t = 0;

	if (str) {
		t = cg_temp(g, g->L->strbuf);
		if (len) {
			cg_expr(g, len);
			cg_clamp_u(g, R0, max);
		} else {
			cg_emit(g, BPF_MOV64_IMM(R0, max));
		}
		cg_push(g, R0);				/* d0: the size */
	} else {
		/* copyin's bytes are scratch space, as in DTrace: the
		 * clause may write them (*p = 0) as alloca()'s */
		cg_expr(g, len);
		scratch_size_check(g, R0);
		alloca_take(g);
		cg_push(g, R8);				/* d0: the offset */
		cg_push(g, R9);				/* d0 + 1: the size */
	}
	cg_expr(g, n->args.v[0]);
	cg_emit(g, BPF_MOV64_REG(R3, R0));
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R3, FP_TMP));	/* the address, for a fault */
	if (str) {
		cg_peek(g, R2, d0);
		cg_clamp_u(g, R2, max);
		cg_scratch_ptr(g, R1, t);
	} else {
		cg_peek(g, R8, d0);
		cg_peek(g, R9, d0 + 1);
		cg_clamp_u(g, R8, ALLOCA_MAX);
		cg_clamp_u(g, R9, ALLOCA_MAX);
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)g->L->alloca_off));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
		cg_emit(g, BPF_MOV64_REG(R2, R9));
	}
	g->depth = d0;
	cg_call(g, str ? BPF_FUNC_probe_read_user_str : BPF_FUNC_probe_read_user);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_TMP));
	cg_jmp_imm(g, str ? BPF_JSGT : BPF_JEQ, R0, 0, ok);
	cg_fault(g, DTRACEFLT_BADADDR, R1);
	cg_place(g, ok);
	if (str)
		cg_scratch_ptr(g, R0, t);
	else
		alloca_result(g);
}

/*
 * __psargs(start, end): a process's argument strings, between the user
 * addresses start and end (its mm's arg_start and arg_end), read from the
 * current address space, each NUL made a space and the last one dropped,
 * cut at PRARGSZ - 1 (79) characters: psinfo_t's pr_psargs in the D
 * library (lib/dtrace/procfs.d).  Memory that cannot be read (paged out)
 * gives "", never a fault: a process's arguments are no error of a script.
 */
#define PSARGS_MAX 79

static void gen_psargs(struct cg *g, struct node *n)
{
	uint32_t t = cg_temp(g, g->L->strbuf);
	int32_t max = (int32_t)g->L->strmax - 1 < PSARGS_MAX ? (int32_t)g->L->strmax - 1 : PSARGS_MAX;
	int empty = cg_new_label(g), loop = cg_new_label(g), next = cg_new_label(g), done = cg_new_label(g);
	int end = cg_new_label(g);

	cg_expr(g, n->args.v[0]);
	cg_push(g, R0);
	cg_expr(g, n->args.v[1]);
	cg_pop(g, R3);
	cg_emit(g, BPF_MOV64_REG(R2, R0));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R3));		/* len = end - start */
	cg_jmp_imm(g, BPF_JSLE, R2, 0, empty);
	cg_emit(g, BPF_JMP_IMM(BPF_JSLE, R2, max, 1));
	cg_emit(g, BPF_MOV64_IMM(R2, max));
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R2, FP_TMP));
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
	cg_call(g, BPF_FUNC_probe_read_user);
	cg_jmp_imm(g, BPF_JNE, R0, 0, empty);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R2, FP, FP_TMP));
	/* the verifier learns the bounds again after the reload */
	cg_emit(g, BPF_JMP_IMM(BPF_JSLE, R2, max, 1));
	cg_emit(g, BPF_MOV64_IMM(R2, max));
	cg_jmp_imm(g, BPF_JSLE, R2, 0, empty);
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
	cg_emit(g, BPF_MOV64_IMM(R3, 0));
	cg_place(g, loop);					/* each NUL a space */
	cg_jmp_reg(g, BPF_JGE, R3, R2, done);
	cg_jmp_imm(g, BPF_JGE, R3, max, done);
	cg_emit(g, BPF_MOV64_REG(R4, R1));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R4, R3));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R5, R4, 0));
	cg_jmp_imm(g, BPF_JNE, R5, 0, next);
	cg_emit(g, BPF_ST_MEM(BPF_B, R4, 0, ' '));
	cg_place(g, next);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 1));
	cg_jmp(g, loop);
	cg_place(g, done);
	/* the string ends at len; the arguments' own last NUL, now a space,
	 * goes.  len is reloaded and bounded again: older verifiers lose its
	 * bounds across the loop */
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R2, FP, FP_TMP));
	cg_emit(g, BPF_JMP_IMM(BPF_JSLE, R2, max, 1));
	cg_emit(g, BPF_MOV64_IMM(R2, max));
	cg_jmp_imm(g, BPF_JSLE, R2, 0, empty);
	cg_emit(g, BPF_MOV64_REG(R4, R1));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R4, R2));
	cg_emit(g, BPF_ST_MEM(BPF_B, R4, 0, 0));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R5, R4, -1));
	cg_jmp_imm(g, BPF_JNE, R5, ' ', end);
	cg_emit(g, BPF_ST_MEM(BPF_B, R4, -1, 0));
	cg_jmp(g, end);
	cg_place(g, empty);
	cg_emit(g, BPF_MOV64_REG(R4, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R4, (int32_t)t));
	cg_emit(g, BPF_ST_MEM(BPF_B, R4, 0, 0));
	cg_place(g, end);
	cg_emit(g, BPF_MOV64_REG(R0, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)t));
}

/* speculation(): claim a free speculation buffer (1..nspec), or 0 and a
 * failed speculation counted, as "busy" when some buffer is still being
 * drained (DTrace's dt_speculation). */
static void gen_speculation(struct cg *g, struct node *n)
{
	int done = cg_new_label(g), busy = cg_new_label(g), count = cg_new_label(g);
	/* 0: speculation() always fails; ids past DT_NSPEC_MAX are never
	 * handed out (DTrace's dt_speculation searches 16) */
	uint32_t nspec = g->o->nspec < DT_NSPEC_MAX ? g->o->nspec : DT_NSPEC_MAX;

	(void)n;
	for (uint32_t i = 1; i <= nspec; i++) {
		cg_ld_mapval(g, R1, CGM_GVARS, GV_SPEC0 + 8 * (uint32_t)i);
		cg_emit(g, BPF_MOV64_IMM(R0, SPEC_FREE));
		cg_emit(g, BPF_MOV64_IMM(R2, SPEC_ACTIVE));
		cg_emit(g, BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, R1, R2, 0, BPF_CMPXCHG));
		cg_emit(g, BPF_MOV64_REG(R3, R0));
		cg_emit(g, BPF_MOV64_IMM(R0, i));
		cg_jmp_imm(g, BPF_JEQ, R3, SPEC_FREE, done);
	}
	for (uint32_t i = 1; i <= nspec; i++) {
		cg_ld_mapval(g, R1, CGM_GVARS, GV_SPEC0 + 8 * (uint32_t)i);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R1, 0));
		cg_jmp_imm(g, BPF_JEQ, R3, SPEC_DRAINING, busy);
	}
	cg_ld_mapval(g, R1, CGM_GVARS, GV_SPECUNAVAIL);
	cg_jmp(g, count);
	cg_place(g, busy);
	cg_ld_mapval(g, R1, CGM_GVARS, GV_SPECBUSY);
	cg_place(g, count);
	cg_emit(g, BPF_MOV64_IMM(R2, 1));
	cg_emit(g, BPF_ATOMIC_ADD64(R1, R2, 0));
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_place(g, done);
}

/*
 * Reverse the string at stack depth ds into
 * scratch rev (strbuf + 8 bytes): a copy of it is taken 8 bytes at a
 * time and each word byte-swapped into the mirror position, so the
 * reversed string ends at rev + strbuf, where a NUL goes, and starts
 * len bytes before (rev_start).  The loop's count is a constant.  A
 * string that cannot be read goes to the label unreadable.
 */
static void reverse_str(struct cg *g, int ds, uint32_t rev, int unreadable)
{
	uint32_t t = cg_temp(g, g->L->strbuf);
	int loop = cg_new_label(g), done = cg_new_label(g);
	const int32_t words = (int32_t)(g->L->strbuf / 8);

	cg_peek(g, R3, ds);
	cg_scratch_ptr(g, R1, t);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_jmp_imm(g, BPF_JSLT, R0, 0, unreadable);
	cg_scratch_st(g, BPF_B, rev + g->L->strbuf, 0, R1);
	cg_scratch_ptr(g, R8, t);
	cg_scratch_ptr(g, R9, rev + g->L->strbuf - 8);
	cg_emit(g, BPF_MOV64_IMM(R2, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R2, words, done);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R8, 0));
	cg_emit(g, BPF_INSN(BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0, 64));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R9, R0, 0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R8, 8));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R9, 8));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
	cg_jmp(g, loop);
	cg_place(g, done);
}

/* reg = where the reversed string in rev starts (its length in scratch
 * at len); clobbers r3 (a subtraction, not a negation, keeps the bounds
 * older verifiers need for the pointer arithmetic) */
static void rev_start(struct cg *g, uint32_t len, uint32_t rev, int reg)
{
	cg_scratch_ldx(g, BPF_DW, R3, len);
	cg_clamp_u(g, R3, (int32_t)g->L->strmax - 1);
	cg_emit(g, BPF_MOV64_IMM(reg, (int32_t)g->L->strbuf));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, reg, R3));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, reg, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, reg, (int32_t)rev));
}

/*
 * index(s, sub [, start]) and rindex(s, sub [, start]): the position of the
 * first (last) sub in s at or after (at or before) start, or -1, by the
 * rules of Oracle's dt_index and dt_rindex (dtrace-utils bpf/index.S,
 * rindex.S and dt_cg_subr_rindex):
 *
 *   - the positions tried are 0 .. strlen(s) - strlen(sub), so an empty sub
 *     is found at strlen(s) too: index("abc", "", 3) is 3, and a sub longer
 *     than s is never found;
 *   - index() takes a negative start as 0, and finds nothing from a start
 *     past the last position (index("", "", 1) is -1);
 *   - rindex() without start starts at the last position, with a start
 *     past it at the last position, and finds nothing from a negative
 *     start, whatever the strings (rindex("", "", -1) is -1);
 *   - a string that cannot be read (not NULL: that faults) finds nothing.
 *
 * illumos (DIF_SUBR_INDEX) differs for an empty sub, and we follow Oracle:
 * there two empty strings give 0 whatever the start, index(s, "", start)
 * with start >= strlen(s) gives strlen(s), rindex(s, "", -1) gives 0.
 */
static void find_sub(struct cg *g, struct node *n, int rev)
{
	int d0 = g->depth, have_pos = n->args.n > 2;
	int dpos = d0 + 2, dlen = d0 + 2 + have_pos, dsub = dlen + 1;
	int res = cg_new_label(g), none = cg_new_label(g), done = cg_new_label(g);
	uint32_t t = cg_temp(g, 8);

	push_str_arg(g, n->args.v[0]);
	push_str_arg(g, n->args.v[1]);
	if (have_pos) {
		cg_expr(g, n->args.v[2]);
		cg_push(g, R0);
	}
	cg_peek(g, R1, d0);
	cg_strlen_reg(g);
	cg_push(g, R0);				/* dlen */
	cg_peek(g, R1, d0 + 1);
	cg_strlen_reg(g);
	cg_push(g, R0);				/* dsub */
	if (!rev) {
		/* r8 = start: max(start, 0); none if start > len - sublen,
		 * the last position (Oracle's "start > maxi") */
		cg_emit(g, BPF_MOV64_IMM(R8, 0));
		if (have_pos) {
			cg_peek(g, R8, dpos);
			cg_emit(g, BPF_JMP_IMM(BPF_JSGE, R8, 0, 1));
			cg_emit(g, BPF_MOV64_IMM(R8, 0));
		}
		cg_peek(g, R1, dlen);
		cg_peek(g, R2, dsub);
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R1, R2));
		cg_jmp_reg(g, BPF_JSGT, R8, R1, none);
		cg_clamp_u(g, R8, (int32_t)g->L->strmax - 1);
		cg_peek(g, R1, d0);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
		cg_peek(g, R2, d0 + 1);
		cg_strfn(g, SF_STRSTR);
		cg_jmp_imm(g, BPF_JSLT, R0, 0, none);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R8));
		cg_jmp(g, res);
	} else {
		/* r8 = min(start, len, len - sublen); none if negative */
		uint32_t rs = cg_temp(g, g->L->strbuf + 8), rsub = cg_temp(g, g->L->strbuf + 8);
		uint32_t last = cg_temp(g, 24);
		cg_peek(g, R8, dlen);
		if (have_pos) {
			cg_peek(g, R1, dpos);
			cg_jmp_imm(g, BPF_JSLT, R1, 0, none);
			cg_emit(g, BPF_JMP_REG(BPF_JSGE, R1, R8, 1));
			cg_emit(g, BPF_MOV64_REG(R8, R1));
		}
		cg_peek(g, R1, dlen);
		cg_peek(g, R2, dsub);
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R1, R2));
		cg_emit(g, BPF_JMP_REG(BPF_JSGE, R1, R8, 1));
		cg_emit(g, BPF_MOV64_REG(R8, R1));
		cg_jmp_imm(g, BPF_JSLT, R8, 0, none);
		cg_clamp_u(g, R8, (int32_t)g->L->strmax - 1);
		/* the last start and both lengths, through memory: the paths
		 * that chose the start (and narrowed what the verifier knows
		 * of the lengths) meet before the loops with one state */
		cg_scratch_stx(g, BPF_DW, R8, last, R1);
		cg_peek(g, R8, dlen);
		cg_scratch_stx(g, BPF_DW, R8, last + 8, R1);
		cg_peek(g, R8, dsub);
		cg_scratch_stx(g, BPF_DW, R8, last + 16, R1);
		{
			int meet = cg_new_label(g);
			cg_jmp(g, meet);
			cg_place(g, meet);
		}
		/*
		 * The last sub at or before it is the first reversed sub in
		 * the reversed s at or after len - sublen - last: a search
		 * forward (strstr), with the string functions' cost, where
		 * trying each start backward would be a loop as long as s.
		 */
		reverse_str(g, d0, rs, none);
		reverse_str(g, d0 + 1, rsub, none);
		cg_scratch_ldx(g, BPF_DW, R1, last + 8);
		cg_scratch_ldx(g, BPF_DW, R2, last + 16);
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R1, R2));
		cg_scratch_ldx(g, BPF_DW, R2, last);
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R1, R2));	/* q0 = len - sublen - last */
		cg_clamp_u(g, R1, (int32_t)g->L->strmax - 1);
		cg_emit(g, BPF_MOV64_REG(R9, R1));
		rev_start(g, last + 8, rs, R8);
		cg_emit(g, BPF_MOV64_REG(R1, R8));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R9));
		rev_start(g, last + 16, rsub, R2);
		cg_strfn(g, SF_STRSTR);
		cg_jmp_imm(g, BPF_JSLT, R0, 0, none);
		/* p = len - sublen - (q0 + k) */
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R9));
		cg_scratch_ldx(g, BPF_DW, R1, last + 8);
		cg_scratch_ldx(g, BPF_DW, R2, last + 16);
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R1, R2));
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R1, R0));
		cg_emit(g, BPF_MOV64_REG(R0, R1));
		cg_jmp(g, res);
	}
	cg_place(g, none);
	cg_emit(g, BPF_MOV64_IMM(R0, -1));
	/* results go through memory: the verifier then forgets which
	 * iteration found them, and the paths after the loop merge */
	cg_place(g, res);
	cg_scratch_stx(g, BPF_DW, R0, t, R1);
	cg_jmp(g, done);
	cg_place(g, done);
	cg_scratch_ldx(g, BPF_DW, R0, t);
	cg_norm(g, R0, &ty_int);
	g->depth = d0;
}

/*
 * lltostr(v [, base]): v in base 2..36 (default 10): signed in base 10,
 * unsigned otherwise, with a "0x" prefix in base 16 and "0" in base 8
 * (but 0 is "0" there).  Oracle's dt_lltostr (dtrace-utils bpf/lltostr.S)
 * has base 10 alone; the base is illumos' (DIF_SUBR_LLTOSTR), whose rules
 * these are, and a base outside 2..36 is its illegal operation.
 */
static void gen_lltostr(struct cg *g, struct node *n)
{
	int d0 = g->depth;
	uint32_t dig = cg_temp(g, 80), t = cg_temp(g, g->L->strbuf), cnt = cg_temp(g, 8);
	int loop = cg_new_label(g), out = cg_new_label(g), pos = cg_new_label(g), join = cg_new_label(g);
	int nodigit = cg_new_label(g), ok = cg_new_label(g), nox = cg_new_label(g), noo = cg_new_label(g);

	cg_expr(g, n->args.v[0]);
	cg_push(g, R0);				/* d0: value */
	if (n->args.n > 1) {
		cg_expr(g, n->args.v[1]);
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R1, 2));
		cg_jmp_imm(g, BPF_JLE, R1, 34, ok);
		cg_fault(g, DTRACEFLT_ILLOP, -1);
		cg_place(g, ok);
	} else {
		cg_emit(g, BPF_MOV64_IMM(R0, 10));
	}
	cg_push(g, R0);				/* d0+1: base */
	cg_emit(g, BPF_MOV64_REG(R9, R0));
	cg_peek(g, R8, d0);
	/* base 10 and negative: digits of -v, then '-' */
	cg_emit(g, BPF_MOV64_IMM(R1, 0));
	cg_jmp_imm(g, BPF_JNE, R9, 10, pos);
	cg_jmp_imm(g, BPF_JSGE, R8, 0, pos);
	cg_emit(g, BPF_NEG64(R8));
	cg_emit(g, BPF_MOV64_IMM(R1, 1));
	cg_place(g, pos);
	cg_push(g, R1);				/* d0+2: negative */
	/* digits backwards from dig[70], the NUL at dig[71] */
	cg_scratch_st(g, BPF_B, dig + 71, 0, R2);
	cg_emit(g, BPF_MOV64_IMM(R3, 0));
	cg_place(g, loop);
	cg_emit(g, BPF_MOV64_REG(R1, R8));
	cg_emit(g, BPF_ALU64_REG(BPF_MOD, R1, R9));
	cg_emit(g, BPF_ALU64_REG(BPF_DIV, R8, R9));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, '0'));
	cg_emit(g, BPF_JMP_IMM(BPF_JLE, R1, '9', 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 'a' - '0' - 10));
	cg_scratch_ptr(g, R2, dig + 70);
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R3));
	cg_emit(g, BPF_STX_MEM(BPF_B, R2, R1, 0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 1));
	cg_jmp_imm(g, BPF_JEQ, R8, 0, out);
	cg_jmp_imm(g, BPF_JLT, R3, 64, loop);
	cg_place(g, out);
	/* the count through memory, so that the loop's exits merge */
	cg_scratch_stx(g, BPF_DW, R3, cnt, R1);
	cg_jmp(g, join);
	cg_place(g, join);
	cg_scratch_ldx(g, BPF_DW, R3, cnt);
	cg_clamp_u(g, R3, 64);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)(dig + 71)));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R3));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R7));	/* the first digit */
	cg_peek(g, R1, d0 + 2);
	cg_jmp_imm(g, BPF_JEQ, R1, 0, nodigit);
	cg_emit(g, BPF_ST_MEM(BPF_B, R2, -1, '-'));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R2, 1));
	cg_place(g, nodigit);
	cg_peek(g, R1, d0 + 1);
	cg_jmp_imm(g, BPF_JNE, R1, 16, nox);
	cg_emit(g, BPF_ST_MEM(BPF_B, R2, -1, 'x'));
	cg_emit(g, BPF_ST_MEM(BPF_B, R2, -2, '0'));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R2, 2));
	cg_place(g, nox);
	/* 0 in base 8 is "0", not "00": illumos' DIF_SUBR_LLTOSTR writes no
	 * digit for 0 and one '0' for "0 or base 8" */
	cg_jmp_imm(g, BPF_JNE, R1, 8, noo);
	cg_peek(g, R3, d0);
	cg_jmp_imm(g, BPF_JEQ, R3, 0, noo);
	cg_emit(g, BPF_ST_MEM(BPF_B, R2, -1, '0'));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R2, 1));
	cg_place(g, noo);
	/* into a string buffer (at most strsize characters) */
	cg_emit(g, BPF_MOV64_REG(R3, R2));
	cg_scratch_ptr(g, R1, t);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_scratch_ptr(g, R0, t);
	g->depth = d0;
}

/* r2 = the value of the digit or letter in r1 (either case, 10 for 'a'),
 * 99 for any other byte, without a branch.  Clobbers r3, r4. */
static void digit_value(struct cg *g)
{
	/* r3 = c - '0' as a byte, r2 = 1 if below 10 */
	cg_emit(g, BPF_MOV64_REG(R3, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R3, '0'));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R3, 0xff));
	cg_emit(g, BPF_MOV64_REG(R4, R3));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R4, 10));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R4, 63));
	cg_emit(g, BPF_NEG64(R4));
	/* r2 = 99, or r3 under the mask r4 */
	cg_emit(g, BPF_MOV64_IMM(R2, 99));
	cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R3, 99));
	cg_emit(g, BPF_ALU64_REG(BPF_AND, R3, R4));
	cg_emit(g, BPF_ALU64_REG(BPF_XOR, R2, R3));
	/* r3 = (c | 0x20) - 'a' as a byte; a letter if below 26 */
	cg_emit(g, BPF_MOV64_REG(R3, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_OR, R3, 0x20));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R3, 'a'));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R3, 0xff));
	cg_emit(g, BPF_MOV64_REG(R4, R3));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R4, 26));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R4, 63));
	cg_emit(g, BPF_NEG64(R4));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 10));
	cg_emit(g, BPF_ALU64_REG(BPF_XOR, R3, R2));
	cg_emit(g, BPF_ALU64_REG(BPF_AND, R3, R4));
	cg_emit(g, BPF_ALU64_REG(BPF_XOR, R2, R3));
}

/*
 * strtoll(s [, base]), as illumos's dtrace_strtoll: blanks and tabs
 * skipped, an optional sign, in base 16 an optional "0x" (or "0X") before
 * a hex digit, then the digits below base (letters in either case) up to
 * the first other character; none gives 0, and the value wraps as a C
 * one does.  A base outside 2..36 faults (illegal operation).  Leading
 * zeros are skipped with strspn(); after them at most 128 digits are read
 * (no 64-bit value has more significant digits in base 2), which bounds
 * the loop the verifier walks whatever strsize is.
 */
#define STRTOLL_DIGITS	128
static void gen_strtoll(struct cg *g, struct node *n)
{
	uint32_t t = cg_temp(g, g->L->strbuf + 8), st = cg_temp(g, 16);
	int d0 = g->depth, ok = cg_new_label(g), nosign = cg_new_label(g), plus = cg_new_label(g);
	int nohex = cg_new_label(g), loop = cg_new_label(g), body = cg_new_label(g), acc = cg_new_label(g);
	int out = cg_new_label(g), pos = cg_new_label(g);
	const int32_t max = (int32_t)g->L->strmax - 1;

	cg_expr(g, n->args.v[0]);
	cg_null_check(g, R0);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_scratch_st(g, BPF_DW, t + g->L->strbuf, 0, R1);
	cg_scratch_ptr(g, R1, t);
	cg_copy_str(g, R1, R8);
	if (n->args.n > 1) {
		cg_expr(g, n->args.v[1]);
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R1, 2));
		cg_jmp_imm(g, BPF_JLE, R1, 34, ok);
		cg_fault(g, DTRACEFLT_ILLOP, -1);
		cg_place(g, ok);
	} else {
		cg_emit(g, BPF_MOV64_IMM(R0, 10));
	}
	cg_push(g, R0);				/* d0: base */
	/* r9 = the index after the blanks */
	cg_scratch_ptr(g, R1, t);
	cg_strconst(g, R2, " \t", 2);
	cg_strfn(g, SF_STRSPN);
	cg_emit(g, BPF_JMP_IMM(BPF_JSGE, R0, 0, 1));
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_clamp_u(g, R0, max);
	cg_emit(g, BPF_MOV64_REG(R9, R0));
	/* the sign: st + 8 = 1 if negative */
	cg_scratch_st(g, BPF_DW, st + 8, 0, R1);
	cg_scratch_ptr(g, R1, t);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R9));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R1, 0));
	cg_jmp_imm(g, BPF_JEQ, R1, '+', plus);
	cg_jmp_imm(g, BPF_JNE, R1, '-', nosign);
	cg_scratch_st(g, BPF_DW, st + 8, 1, R1);
	cg_place(g, plus);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, 1));
	cg_place(g, nosign);
	/* "0x" before a hex digit, in base 16 */
	cg_peek(g, R1, d0);
	cg_jmp_imm(g, BPF_JNE, R1, 16, nohex);
	cg_scratch_ptr(g, R8, t);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R8, R9));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R8, 0));
	cg_jmp_imm(g, BPF_JNE, R1, '0', nohex);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R8, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_OR, R1, 0x20));
	cg_jmp_imm(g, BPF_JNE, R1, 'x', nohex);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R8, 2));
	digit_value(g);
	cg_jmp_imm(g, BPF_JGE, R2, 16, nohex);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, 2));
	cg_place(g, nohex);
	/* leading zeros */
	cg_clamp_u(g, R9, max);
	cg_scratch_ptr(g, R1, t);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R9));
	cg_strconst(g, R2, "0", 1);
	cg_strfn(g, SF_STRSPN);
	cg_emit(g, BPF_JMP_IMM(BPF_JSGE, R0, 0, 1));
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_clamp_u(g, R0, max);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R9, R0));
	/* the digits: r8 counts them; an exit is the fall-through of its
	 * test and meets the others at out, the value in memory */
	cg_scratch_st(g, BPF_DW, st, 0, R1);
	cg_emit(g, BPF_MOV64_IMM(R8, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JLT, R8, STRTOLL_DIGITS, body);
	cg_jmp(g, out);
	cg_place(g, body);
	cg_jmp_imm(g, BPF_JLT, R9, max, acc);
	cg_jmp(g, out);
	cg_place(g, acc);
	cg_scratch_ptr(g, R1, t);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R9));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R1, 0));
	digit_value(g);
	cg_peek(g, R1, d0);
	{
		int take = cg_new_label(g);
		cg_jmp_reg(g, BPF_JLT, R2, R1, take);
		cg_jmp(g, out);
		cg_place(g, take);
	}
	cg_scratch_ldx(g, BPF_DW, R0, st);
	cg_emit(g, BPF_ALU64_REG(BPF_MUL, R0, R1));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R2));
	cg_scratch_stx(g, BPF_DW, R0, st, R1);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R8, 1));
	cg_jmp(g, loop);
	cg_place(g, out);
	cg_scratch_ldx(g, BPF_DW, R0, st);
	cg_scratch_ldx(g, BPF_DW, R1, st + 8);
	cg_jmp_imm(g, BPF_JEQ, R1, 0, pos);
	cg_emit(g, BPF_NEG64(R0));
	cg_place(g, pos);
	g->depth = d0;
}

/* r = the 64-bit constant with byte b in each of its bytes */
static void ld_bytes(struct cg *g, int r, uint8_t b)
{
	cg_ld_imm64(g, r, 0x0101010101010101ULL * b);
}

/*
 * toupper(s) / tolower(s): a copy of s with ASCII letters converted.  The
 * copy is converted 8 bytes at a time without a branch (a byte is a
 * letter to convert when its low 7 bits plus 0x80 - lo carry into bit 7
 * and plus 0x80 - hi - 1 do not, and bit 7 is clear; the case bit is
 * 0x20), over the whole buffer: bytes after the NUL are no letters of the
 * string.  The loop's count is a constant, so the verifier walks it once,
 * at any strsize.
 */
static void tocase(struct cg *g, struct node *n, int upper)
{
	uint32_t t = cg_temp(g, g->L->strbuf);
	int loop = cg_new_label(g), done = cg_new_label(g);
	int lo = upper ? 'a' : 'A', hi = upper ? 'z' : 'Z';

	cg_expr(g, n->args.v[0]);
	cg_null_check(g, R0);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_scratch_ptr(g, R1, t);
	cg_copy_str(g, R1, R8);
	cg_scratch_ptr(g, R8, t);
	cg_emit(g, BPF_MOV64_IMM(R9, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R9, (int32_t)(g->L->strbuf / 8), done);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R8, 0));
	ld_bytes(g, R1, 0x7f);
	cg_emit(g, BPF_ALU64_REG(BPF_AND, R1, R0));		/* low 7 bits */
	ld_bytes(g, R2, (uint8_t)(0x80 - lo));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R1));		/* bit 7: at least lo */
	ld_bytes(g, R3, (uint8_t)(0x80 - hi - 1));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R1));		/* bit 7: above hi */
	cg_emit(g, BPF_ALU64_REG(BPF_OR, R3, R0));		/* ... or not ASCII */
	cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R3, -1));
	cg_emit(g, BPF_ALU64_REG(BPF_AND, R2, R3));
	ld_bytes(g, R1, 0x80);
	cg_emit(g, BPF_ALU64_REG(BPF_AND, R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R2, 2));		/* 0x80 -> 0x20 */
	cg_emit(g, BPF_ALU64_REG(BPF_XOR, R0, R2));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R8, R0, 0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R8, 8));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, 1));
	cg_jmp(g, loop);
	cg_place(g, done);
	cg_scratch_ptr(g, R0, t);
}

/*
 * basename(s) and dirname(s), as basename(1) and dirname(1): trailing
 * slashes do not count; basename("/") is "/", dirname("usr") is ".".
 * The string's end is read in the reversed string (reverse_str), where
 * the trailing slashes, the last component and the slashes before it are
 * spans from its start (strspn, strcspn): no loop runs over the string
 * but the reversal's, whose count is a constant.
 */
static void pathpart(struct cg *g, struct node *n, int dir)
{
	uint32_t rev = cg_temp(g, g->L->strbuf + 8), r = cg_temp(g, g->L->strbuf), v = cg_temp(g, 32);
	int d0 = g->depth, dot = cg_new_label(g), slash = cg_new_label(g), done = cg_new_label(g);
	int ok = cg_new_label(g), meet = cg_new_label(g);
	const int32_t max = (int32_t)g->L->strmax - 1;

	push_str_arg(g, n->args.v[0]);		/* d0: s */
	cg_peek(g, R1, d0);
	cg_strlen_reg(g);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, dot);
	/* v: the length, then the spans; through memory, so that one state
	 * goes on to the reversal's loop */
	cg_scratch_stx(g, BPF_DW, R0, v, R1);
	cg_jmp(g, meet);
	cg_place(g, meet);
	reverse_str(g, d0, rev, dot);
	/* v + 8: the trailing slashes; all of it: "/" */
	rev_start(g, v, rev, R1);
	cg_strconst(g, R2, "/", 1);
	cg_strfn(g, SF_STRSPN);
	cg_clamp_u(g, R0, max);
	cg_scratch_stx(g, BPF_DW, R0, v + 8, R1);
	cg_scratch_ldx(g, BPF_DW, R1, v);
	cg_jmp_reg(g, BPF_JGE, R0, R1, slash);
	/* v + 16: the last component's length */
	rev_start(g, v, rev, R1);
	cg_scratch_ldx(g, BPF_DW, R2, v + 8);
	cg_clamp_u(g, R2, max);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R2));
	cg_strconst(g, R2, "/", 1);
	cg_strfn(g, SF_STRCSPN);
	cg_clamp_u(g, R0, max);
	cg_scratch_stx(g, BPF_DW, R0, v + 16, R1);
	/* r8 = the length without the trailing slashes */
	cg_scratch_ldx(g, BPF_DW, R8, v);
	cg_scratch_ldx(g, BPF_DW, R1, v + 8);
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R8, R1));
	if (!dir) {
		/* the component: its length from r8 - its length on */
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R8, R0));
		cg_clamp_u(g, R8, max);
		cg_emit(g, BPF_MOV64_REG(R2, R0));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
		cg_clamp_u(g, R2, max + 1);
		cg_peek(g, R3, d0);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R8));
		cg_scratch_ptr(g, R1, r);
		cg_call(g, BPF_FUNC_probe_read_kernel_str);
		cg_scratch_ptr(g, R0, r);
		cg_jmp(g, done);
	} else {
		/* r8 = what comes before the component; none: "." */
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R8, R0));
		cg_jmp_imm(g, BPF_JSLE, R8, 0, dot);
		cg_scratch_stx(g, BPF_DW, R8, v + 24, R1);
		/* less the slashes before the component; none left: "/" */
		rev_start(g, v, rev, R1);
		cg_scratch_ldx(g, BPF_DW, R2, v + 8);
		cg_scratch_ldx(g, BPF_DW, R3, v + 16);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R3));
		cg_clamp_u(g, R2, max);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R2));
		cg_strconst(g, R2, "/", 1);
		cg_strfn(g, SF_STRSPN);
		cg_scratch_ldx(g, BPF_DW, R8, v + 24);
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R8, R0));
		cg_jmp_imm(g, BPF_JSLE, R8, 0, slash);
		cg_clamp_u(g, R8, max);
		cg_emit(g, BPF_MOV64_REG(R2, R8));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
		cg_peek(g, R3, d0);
		cg_scratch_ptr(g, R1, r);
		cg_call(g, BPF_FUNC_probe_read_kernel_str);
		cg_scratch_ptr(g, R0, r);
		cg_jmp(g, done);
	}
	cg_place(g, dot);
	cg_scratch_st(g, BPF_H, r, '.', R0);
	cg_jmp(g, ok);
	cg_place(g, slash);
	cg_scratch_st(g, BPF_H, r, '/', R0);
	cg_place(g, ok);
	cg_scratch_ptr(g, R0, r);
	cg_place(g, done);
	g->depth = d0;
}

/*
 * strtok(s, delim) / strtok(NULL, delim): the state is the rest of the
 * string after the last token, kept in a hidden clause-local string
 * variable, one for the whole program in this CPU's scratch space: as
 * DTrace's strtok state, it carries over from one clause to the next of
 * the same firing.  The rules are Oracle's (dtrace-utils bpf/strtok.S,
 * dt_cg_subr_strtok):
 *
 *   - the state is NULL at the start of each firing (program.c), and
 *     strtok(NULL, d) faults on it (invalid address 0x0) until a
 *     strtok(s, d) of the firing sets it;
 *   - a token starts after the delimiters at the state's start and ends
 *     before the next delimiter or the NUL; the state goes on from that
 *     delimiter; an empty delim makes the rest one token;
 *   - no token left gives NULL, and the state becomes "": every later
 *     strtok(NULL, d) gives NULL too.  This last is illumos' rule
 *     (DIF_SUBR_STRTOK): Oracle's dt_strtok sets its offset to the length
 *     of what was left, as if it were an offset from the start, so that
 *     strtok(NULL, ",") after the last token of "a,b" starts again at "a"
 *     (a slip, which we do not copy).
 */
static void gen_strtok(struct cg *g, struct node *n)
{
	struct dt_var *v = n->var;
	struct node *s = n->args.v[0];
	uint32_t tok = cg_temp(g, g->L->strbuf), rest = cg_temp(g, g->L->strbuf);
	int d0 = g->depth, have = cg_new_label(g), null = cg_new_label(g), done = cg_new_label(g);

	if (s->kind == N_INT && s->ival == 0) {
		cg_var_addr(g, v);
		cg_load_str_mark(g);
		cg_null_check(g, R0);
	} else {
		cg_expr(g, s);
		cg_null_check(g, R0);
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		cg_var_addr(g, v);
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_emit(g, BPF_ST_MEM(BPF_B, R1, 1, 0));
		cg_copy_str(g, R1, R8);
	}
	push_str_arg(g, n->args.v[1]);		/* d0: delimiters */
	/* skip leading delimiters: r8 = the token */
	cg_var_addr(g, v);
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_peek(g, R2, d0);
	cg_strfn(g, SF_STRSPN);
	cg_clamp_u(g, R0, (int32_t)g->L->strmax - 1);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_var_addr(g, v);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R8, R0));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R8, 0));
	cg_jmp_imm(g, BPF_JNE, R1, 0, have);
	/* no token: NULL, and the state "" (not NULL: that faults) */
	cg_place(g, null);
	cg_var_addr(g, v);
	cg_emit(g, BPF_ST_MEM(BPF_H, R0, 0, 0));
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_jmp(g, done);
	cg_place(g, have);
	cg_emit(g, BPF_MOV64_REG(R1, R8));
	cg_peek(g, R2, d0);
	cg_strfn(g, SF_STRCSPN);
	cg_clamp_u(g, R0, (int32_t)g->L->strmax - 1);
	cg_emit(g, BPF_MOV64_REG(R9, R0));
	/* the token: strcspn bytes and a NUL */
	cg_emit(g, BPF_MOV64_REG(R2, R0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
	cg_emit(g, BPF_MOV64_REG(R3, R8));
	cg_scratch_ptr(g, R1, tok);
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	/* the rest, from the delimiter that ended the token, becomes the state */
	cg_emit(g, BPF_MOV64_REG(R3, R8));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R9));
	cg_scratch_ptr(g, R1, rest);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_var_addr(g, v);
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_scratch_ptr(g, R3, rest);
	cg_copy_str(g, R1, R3);
	cg_scratch_ptr(g, R0, tok);
	cg_place(g, done);
	g->depth = d0;
}

/* Read size bytes at offset off of the task_struct in r8 into FP_TMP. */
static void read_task_field(struct cg *g, uint32_t off, int32_t size)
{
	cg_emit(g, BPF_MOV64_REG(R1, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, FP_TMP));
	cg_emit(g, BPF_MOV64_IMM(R2, size));
	cg_emit(g, BPF_MOV64_REG(R3, R8));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)off));
	cg_call(g, BPF_FUNC_probe_read_kernel);
}

/* progenyof(pid): 1 if the current process is pid or a descendant of it. */
static void gen_progenyof(struct cg *g, struct node *n)
{
	struct dt_type *ts = type_tag(TY_STRUCT, "task_struct");
	const struct dt_member *tgid = type_member(ts, "tgid"), *par = type_member(ts, "real_parent");
	int yes = cg_new_label(g), no = cg_new_label(g), done = cg_new_label(g);

	if (!tgid || !par)
		cg_error(g, n->line, NULL, "kernel BTF has no task_struct tgid or real_parent");
	cg_expr(g, n->args.v[0]);
	cg_emit(g, BPF_MOV64_REG(R9, R0));
	cg_call(g, BPF_FUNC_get_current_task);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	/* at most 64 generations up, to the idle task (pid 0) */
	for (int i = 0; i < 64; i++) {
		cg_jmp_imm(g, BPF_JEQ, R8, 0, no);
		read_task_field(g, tgid->offset, 4);
		cg_emit(g, BPF_LDX_MEM(BPF_W, R1, FP, FP_TMP));
		cg_emit(g, BPF_MOV32_REG(R2, R9));
		cg_jmp_reg(g, BPF_JEQ, R1, R2, yes);
		cg_jmp_imm(g, BPF_JEQ, R1, 0, no);
		read_task_field(g, par->offset, 8);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R8, FP, FP_TMP));
	}
	cg_place(g, no);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_jmp(g, done);
	cg_place(g, yes);
	cg_emit(g, BPF_MOV64_IMM(R0, 1));
	cg_place(g, done);
}

/* alloca(n): n zeroed bytes of this clause's scratch space. */
static void gen_alloca(struct cg *g, struct node *n)
{
	int none = cg_new_label(g);

	cg_expr(g, n->args.v[0]);
	alloca_take(g);
	cg_jmp_imm(g, BPF_JEQ, R9, 0, none);
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)g->L->alloca_off));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_emit(g, BPF_MOV64_REG(R3, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)g->L->zero_off));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_place(g, none);
	alloca_result(g);
}

/*
 * Check that the alloca() pointer in reg may be accessed for the number of
 * bytes in size_reg (DTrace's dt_cg_alloca_access_check): a pointer outside
 * what alloca() handed out in this clause faults with "invalid address", an
 * access running past its end with "invalid size".  Leaves reg's offset in
 * the alloca() region (at most ALLOCA_MAX) in r2; clobbers r1 and r3.
 */
static void alloca_access_check(struct cg *g, int reg, int size_reg)
{
	int base_ok = cg_new_label(g), bad_base = cg_new_label(g);
	int bad_size = cg_new_label(g), ok = cg_new_label(g);

	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_SBASE));
	cg_emit(g, BPF_MOV64_REG(R2, reg));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R2, (int32_t)g->L->alloca_off));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, FP, FP_ACUR));
	cg_jmp_imm(g, BPF_JSLT, R2, 0, bad_base);
	cg_jmp_reg(g, BPF_JSLT, R2, R3, base_ok);
	cg_place(g, bad_base);
	cg_fault(g, DTRACEFLT_BADADDR, reg);
	cg_place(g, base_ok);
	/* pos + size <= top, i.e. pos <= top - size (top <= ALLOCA_MAX) */
	cg_jmp_imm(g, BPF_JGT, size_reg, ALLOCA_MAX, bad_size);
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R3, size_reg));
	cg_jmp_reg(g, BPF_JSGT, R2, R3, bad_size);
	cg_jmp_imm(g, BPF_JLE, R2, ALLOCA_MAX, ok);
	cg_place(g, bad_size);
	cg_fault(g, DTRACEFLT_BADSIZE, size_reg);
	cg_place(g, ok);
}

/*
 * Copy into memory alloca() gave out: bcopy(src, dst, n) from kernel (or
 * D) memory, copyinto(addr, n, dst) from user memory, as DTrace's
 * dt_cg_subr_bcopy_impl does it: the arguments evaluated in their order; a
 * size below 0 or beyond the scratch space (scratchsize - 8) faults with
 * "invalid size"; a source in alloca() space is access-checked for the
 * size, another must not be NULL; the destination is access-checked; a
 * source that cannot be read faults with its address.
 */
static void copy_to_alloca(struct cg *g, struct node *n, int isrc, int isize, int idst, int helper)
{
	int d0 = g->depth, done = cg_new_label(g);

	for (int i = 0; i < 3; i++) {
		cg_expr(g, n->args.v[i]);
		cg_push(g, R0);
	}
	/* only alloca() space may be written (dt_cg_subr_bcopy_impl) */
	struct node *dst = n->args.v[idst];
	if (!dst->is_alloca)
		cg_error(g, dst->line, "D_PROTO_ARG",
			 "%s( ) argument #%d is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca pointer",
			 n->sval, idst + 1);
	cg_peek(g, R9, d0 + isize);
	scratch_size_check(g, R9);
	cg_peek(g, R8, d0 + isrc);
	if (((struct node *)n->args.v[isrc])->is_alloca)
		alloca_access_check(g, R8, R9);
	else
		cg_null_check(g, R8);
	cg_peek(g, R0, d0 + idst);
	alloca_access_check(g, R0, R9);
	cg_jmp_imm(g, BPF_JEQ, R9, 0, done);
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)g->L->alloca_off));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R2));
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_emit(g, BPF_MOV64_REG(R3, R8));
	cg_call(g, helper);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, done);
	cg_fault(g, DTRACEFLT_BADADDR, R8);
	cg_place(g, done);
	g->depth = d0;
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
}

static void gen_bcopy(struct cg *g, struct node *n)
{
	copy_to_alloca(g, n, 0, 2, 1, BPF_FUNC_probe_read_kernel);
}

static void gen_copyinto(struct cg *g, struct node *n)
{
	copy_to_alloca(g, n, 0, 1, 2, BPF_FUNC_probe_read_user);
}

/*
 * r0 = the u64 at offset off of the struct whose address r0 holds (0 if
 * it cannot be read), for the lock subroutines.
 */
uint32_t cg_kmember_off(struct cg *g, int line, const char *fn, const char *tag, const char *path)
{
	struct dt_type *t = type_tag(TY_STRUCT, tag);
	uint32_t off = 0;
	char buf[64], *save = NULL, *m;

	snprintf(buf, sizeof(buf), "%s", path);
	for (m = strtok_r(buf, ".", &save); m; m = strtok_r(NULL, ".", &save)) {
		const struct dt_member *mb = t ? type_member(t, m) : NULL;
		if (!mb)
			cg_error(g, line, "D_UNKNOWN", "%s( ): the kernel's BTF has no struct %s member %s",
				 fn, tag, path);
		off += mb->offset;
		t = mb->type;
	}
	return off;
}

static void read_lock_word(struct cg *g, struct node *n, const char *tag, const char *path)
{
	uint32_t off = cg_kmember_off(g, n->line, sema_fn_name(n->fn), tag, path);

	cg_expr(g, n->args.v[0]);
	cg_emit(g, BPF_MOV64_REG(R3, R0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)off));
	cg_read_kernel_u64(g);
}

/*
 * The lock subroutines, on Linux's locks: a struct mutex's owner word is
 * the owning task with flags in its 3 low bits; a rwlock_t (a qrwlock)
 * counts readers from bit 9 of its cnts word and has a writer in its low
 * byte (0x100: a writer waits).  Linux's mutexes are all adaptive (they
 * spin, then sleep), none is a spin mutex.
 */
#define MUTEX_FLAGS	7
#define QRW_WMASK	0x1ff
#define QRW_LOCKED	0xff

static void gen_mutex_owned(struct cg *g, struct node *n)
{
	int yes = cg_new_label(g), done = cg_new_label(g);

	read_lock_word(g, n, "mutex", "owner");
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, ~MUTEX_FLAGS));
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_call(g, BPF_FUNC_get_current_task);
	cg_jmp_reg(g, BPF_JEQ, R0, R8, yes);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_jmp(g, done);
	cg_place(g, yes);
	cg_emit(g, BPF_MOV64_IMM(R0, 1));
	cg_place(g, done);
}

static void gen_mutex_owner(struct cg *g, struct node *n)
{
	read_lock_word(g, n, "mutex", "owner");
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, ~MUTEX_FLAGS));
}

static void gen_mutex_type(struct cg *g, struct node *n)
{
	cg_expr(g, n->args.v[0]);
	cg_emit(g, BPF_MOV64_IMM(R0, n->fn == F_MUTEX_TYPE_ADAPTIVE));
}

/* r0 = the cnts word of the rwlock_t at the argument (32 bits) */
static void rw_cnts(struct cg *g, struct node *n)
{
	read_lock_word(g, n, "qrwlock", "cnts");
	cg_emit(g, BPF_MOV32_REG(R0, R0));
}

static void gen_rw_read_held(struct cg *g, struct node *n)
{
	rw_cnts(g, n);
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 9));	/* the readers */
}

static void gen_rw_write_held(struct cg *g, struct node *n)
{
	rw_cnts(g, n);
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, QRW_LOCKED));
	cg_emit(g, BPF_JMP_IMM(BPF_JEQ, R0, 0, 1));
	cg_emit(g, BPF_MOV64_IMM(R0, 1));
}

static void gen_rw_iswriter(struct cg *g, struct node *n)
{
	rw_cnts(g, n);
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, QRW_WMASK));
	cg_emit(g, BPF_JMP_IMM(BPF_JEQ, R0, 0, 1));
	cg_emit(g, BPF_MOV64_IMM(R0, 1));
}

static void gen_strlen(struct cg *g, struct node *n)
{
	cg_expr(g, n->args.v[0]);
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_strlen_reg(g);
}

static void gen_strchr(struct cg *g, struct node *n)
{
	find_char(g, n, 0);
}

static void gen_strrchr(struct cg *g, struct node *n)
{
	find_char(g, n, 1);
}

static void gen_index(struct cg *g, struct node *n)
{
	find_sub(g, n, 0);
}

static void gen_rindex(struct cg *g, struct node *n)
{
	find_sub(g, n, 1);
}

static void gen_toupper(struct cg *g, struct node *n)
{
	tocase(g, n, 1);
}

static void gen_tolower(struct cg *g, struct node *n)
{
	tocase(g, n, 0);
}

static void gen_basename(struct cg *g, struct node *n)
{
	pathpart(g, n, 0);
}

static void gen_dirname(struct cg *g, struct node *n)
{
	pathpart(g, n, 1);
}

/* cleanpath(s): its rules and its code are strfn.c's. */
static void gen_cleanpath(struct cg *g, struct node *n)
{
	cg_expr(g, n->args.v[0]);
	cg_null_check(g, R0);
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_strfn_cleanpath(g);
}

/* getmajor(dev) and getminor(dev) of a Linux dev_t (12 and 20 bits). */
static void gen_getmajor(struct cg *g, struct node *n)
{
	cg_expr(g, n->args.v[0]);
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 20));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, 0xfff));
}

static void gen_getminor(struct cg *g, struct node *n)
{
	cg_expr(g, n->args.v[0]);
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, 0xfffff));
}

static void gen_rand(struct cg *g, struct node *n)
{
	(void)n;
	cg_call(g, BPF_FUNC_get_prandom_u32);
	cg_emit(g, BPF_MOV32_REG(R0, R0));
	cg_norm(g, R0, &ty_int);
}

/* htons() and friends: to big-endian (a byte swap on this little-endian
 * machine, and its own inverse, so ntohs() is the same). */
static void to_be(struct cg *g, struct node *n, int bits)
{
	cg_expr(g, n->args.v[0]);
	cg_emit(g, BPF_INSN(BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0, bits));
}

static void gen_htons(struct cg *g, struct node *n)
{
	to_be(g, n, 16);
}

static void gen_htonl(struct cg *g, struct node *n)
{
	to_be(g, n, 32);
}

static void gen_htonll(struct cg *g, struct node *n)
{
	to_be(g, n, 64);
}

/*
 * The subroutines, by enum builtin_fn (front/sema.h).  Adding one: its
 * generator above and its row here; the front end declares it (its
 * enum builtin_fn, and its name and prototype in front/sema_call.c).
 */
/* Each subroutine's generator, and what it is built on (CG_SUBR_* of
 * cg.h): the string functions (cg_strfn: the kernel's string kfuncs or
 * strfn.c's BPF functions), or strfn.c's BPF functions on every kernel. */
static const struct {
	void (*gen)(struct cg *g, struct node *n);
	int uses;
} subrs[F_NFUNCS] = {
	[F_STRLEN] = {gen_strlen, CG_SUBR_STRFN},
	[F_STRJOIN] = {gen_strjoin},
	[F_SUBSTR] = {gen_substr, CG_SUBR_STRFN},
	[F_STRCHR] = {gen_strchr, CG_SUBR_STRFN},
	[F_STRRCHR] = {gen_strrchr, CG_SUBR_STRFN},
	[F_STRSTR] = {gen_strstr, CG_SUBR_STRFN},
	[F_INDEX] = {gen_index, CG_SUBR_STRFN},
	[F_RINDEX] = {gen_rindex, CG_SUBR_STRFN},
	[F_TOUPPER] = {gen_toupper},
	[F_TOLOWER] = {gen_tolower},
	[F_LLTOSTR] = {gen_lltostr},
	[F_STRTOLL] = {gen_strtoll, CG_SUBR_STRFN},
	[F_BASENAME] = {gen_basename, CG_SUBR_STRFN},
	[F_DIRNAME] = {gen_dirname, CG_SUBR_STRFN},
	[F_STRTOK] = {gen_strtok, CG_SUBR_STRFN},
	[F_CLEANPATH] = {gen_cleanpath, CG_SUBR_OWNFN},
	[F_RAND] = {gen_rand},
	[F_PROGENYOF] = {gen_progenyof},
	[F_PSARGS] = {gen_psargs},
	[F_COPYIN] = {gen_copyin},
	[F_COPYINSTR] = {gen_copyin},
	[F_SPECULATION] = {gen_speculation},
	[F_ALLOCA] = {gen_alloca},
	[F_BCOPY] = {gen_bcopy},
	[F_HTONS] = {gen_htons},
	[F_NTOHS] = {gen_htons},
	[F_HTONL] = {gen_htonl},
	[F_NTOHL] = {gen_htonl},
	[F_HTONLL] = {gen_htonll},
	[F_NTOHLL] = {gen_htonll},
	[F_GETMAJOR] = {gen_getmajor},
	[F_GETMINOR] = {gen_getminor},
	[F_COPYINTO] = {gen_copyinto},
	[F_MUTEX_OWNED] = {gen_mutex_owned},
	[F_MUTEX_OWNER] = {gen_mutex_owner},
	[F_MUTEX_TYPE_ADAPTIVE] = {gen_mutex_type},
	[F_MUTEX_TYPE_SPIN] = {gen_mutex_type},
	[F_RW_READ_HELD] = {gen_rw_read_held},
	[F_RW_WRITE_HELD] = {gen_rw_write_held},
	[F_RW_ISWRITER] = {gen_rw_iswriter},
	[F_INET_NTOA] = {cg_subr_inet_ntoa},
	[F_INET_NTOA6] = {cg_subr_inet_ntoa6},
	[F_INET_NTOP] = {cg_subr_inet_ntop},
	[F_LINK_NTOP] = {cg_subr_link_ntop},
	[F_D_PATH] = {cg_subr_d_path, CG_SUBR_OWNFN},
};

int cg_subr_uses(int fn)
{
	return fn > F_NONE && fn < F_NFUNCS ? subrs[fn].uses : 0;
}

/* A subroutine call in an expression: its value in r0. */
void cg_call_subr(struct cg *g, struct node *n)
{
	if (n->fn > F_NONE && n->fn < F_NFUNCS && subrs[n->fn].gen) {
		subrs[n->fn].gen(g, n);
		return;
	}
	/* an action's value (stack(), func(), ...) is a statement's or an
	 * aggregation key's only, and an aggregating function's is an
	 * aggregation's (DTrace's dt_cg_call_subr) */
	if (sema_fn_is_action(n->fn) || sema_fn_is_agg(n->fn))
		cg_error(g, n->line, "D_CG_EXPR", "%s function %s( ) may not be called from a D expression (D program context required)",
			 sema_fn_is_agg(n->fn) ? "aggregating" : "tracing", sema_fn_name(n->fn));
	cg_error(g, n->line, "D_FUNC_UNSUP", "%s( ) is not yet supported by this implementation", sema_fn_name(n->fn));
}
