/*
 * strfn.c - the string functions the string subroutines (subr.c, str.c)
 * are built on: strnlen, strchr, strrchr, strstr, strnstr, strspn and
 * strcspn, each giving what the kernel's kfunc of that name gives (a
 * length, an index, or a negative error), in r0, from arguments in r1-r3;
 * a call clobbers r0-r5.  D's string comparison (strcmp) is always a
 * function of ours, whatever the kernel has, and so is cleanpath() (its
 * rules and its code are at the end of this file), which no kfunc does.
 *
 * Where the program's type can call the string kfuncs of 6.17
 * (KF_STR_KFUNCS), a call is one kfunc call.  Their pointer arguments are
 * not checked by the verifier ("__ign") and they read with fault-safe
 * accesses; their results are unknown scalars, so a call costs the
 * verifier one instruction, where a byte loop costs one state per byte and
 * multiplies the states of the rest of the clause by its exits.
 *
 * Elsewhere a call is a call of a global BPF function, emitted after the
 * program's main function (cg_strfn_emit), which keeps those properties on
 * every kernel since 5.12: the verifier checks a global function once for
 * the whole program, however many calls it has, and after a call knows
 * only that r0 is a number, so the exits of the function's loops do not
 * multiply the states of the clause.  A function takes one argument, a
 * workspace of the caller's scratch temporaries (a global function may
 * take a pointer to memory of a size its BTF states, not a pointer of any
 * kind):
 *
 *   0   u64 arguments 0..2 (the strings' addresses, as numbers: written
 *       there as pointers, read back as scalars), 24 an index (strstr's
 *       position for prefix)
 *   32  A: a copy of the first string (strbuf bytes)
 *       B: a copy of the second string (strbuf bytes)
 *       M: a 256-bit set of bytes (strspn, strcspn)
 *
 * Copying the strings in with bpf_probe_read_kernel_str() lets the loops
 * index memory of a known size at offsets the verifier can bound.  The
 * loops are written so that the verifier walks each once: the loop counter
 * is a constant on each pass, an exit is the fall-through of its test (so
 * it is explored and done with before the pending continuation, and the
 * verifier's stack of pending branches stays short), and strrchr's "last
 * match" is computed without a branch.  strstr tries each position with
 * a call of a second global function (prefix), so that the nested loop
 * is checked as two loops, not as their product.  The functions run two
 * calls deep, and the 512 bytes of stack that all frames share must leave
 * 32 bytes to each: cg_push keeps the main function within 448 bytes
 * (MAX_DEPTH_CALLS).
 *
 * strnlen needs no loop: bpf_probe_read_kernel_str() into a temporary
 * returns the length (plus one).
 */
#include "cg_impl.h"

#include <errno.h>

#include <bpf/btf.h>

#define WS_ARG(i)	(8 * (i))
#define WS_INDEX	24
#define WS_A		32
#define WS_MAPBYTES	32
#define STRFN_MAXSIZE	4096	/* strsize these loops support */

static uint32_t ws_b(const struct cg *g)
{
	return WS_A + g->L->strbuf;
}

static uint32_t ws_map(const struct cg *g)
{
	return WS_A + 2 * g->L->strbuf;
}

static uint32_t ws_size(const struct cg *g)
{
	return ws_map(g) + WS_MAPBYTES;
}

static void gen_char(struct cg *g, enum cg_strfn fn);
static void gen_span(struct cg *g, enum cg_strfn fn);
static void gen_str(struct cg *g, enum cg_strfn fn);
static void gen_prefix(struct cg *g, enum cg_strfn fn);
static void gen_cmp(struct cg *g, enum cg_strfn fn);
static void gen_cleanpath(struct cg *g, enum cg_strfn fn);
static void gen_cleanstep(struct cg *g, enum cg_strfn fn);
static uint32_t cp_size(const struct cg *g);

static const struct strfn {
	const char *kfunc;	/* the kernel's */
	const char *name;	/* ours */
	int nargs;
	void (*gen)(struct cg *g, enum cg_strfn fn);
	uint32_t (*argsize)(const struct cg *g);	/* its workspace: ws_size if NULL */
} strfns[SF_N] = {
	[SF_STRNLEN] = {"bpf_strnlen", NULL, 2, NULL},
	[SF_STRCHR] = {"bpf_strchr", "dt_strchr", 2, gen_char},
	[SF_STRRCHR] = {"bpf_strrchr", "dt_strrchr", 2, gen_char},
	[SF_STRSTR] = {"bpf_strstr", "dt_strstr", 2, gen_str},
	[SF_STRNSTR] = {"bpf_strnstr", "dt_strnstr", 3, gen_str},
	[SF_STRSPN] = {"bpf_strspn", "dt_strspn", 2, gen_span},
	[SF_STRCSPN] = {"bpf_strcspn", "dt_strcspn", 2, gen_span},
	[SF_PREFIX] = {NULL, "dt_strprefix", 0, gen_prefix},
	/* the kernel's bpf_strcmp() has no length bound and mixes its error
	 * codes with its results: D's comparison is always ours */
	[SF_STRCMP] = {NULL, "dt_strcmp", 2, gen_cmp},
	/* no kfunc does what these do: ours on every kernel */
	[SF_CLEANPATH] = {NULL, "dt_cleanpath", 0, gen_cleanpath, cp_size},
	[SF_CLEANSTEP] = {NULL, "dt_cleanstep", 0, gen_cleanstep, cp_size},
};

/* The label of our function fn, made (and the function to be emitted)
 * at its first use. */
static int fn_label(struct cg *g, enum cg_strfn fn)
{
	if (!g->strfn_label[fn])
		g->strfn_label[fn] = cg_new_label(g) + 1;
	return g->strfn_label[fn] - 1;
}

static void kfunc_call(struct cg *g, enum cg_strfn fn)
{
	struct btf *b = types_vmlinux_btf();
	int id = b ? btf__find_by_name_kind(b, strfns[fn].kfunc, BTF_KIND_FUNC) : -1;

	/* KF_STR_KFUNCS says the kernel has them all */
	if (id <= 0)
		cg_error(g, g->clause ? g->clause->line : 0, "D_FUNC_UNSUP", "this kernel has no %s kfunc",
			 strfns[fn].kfunc);
	cg_emit(g, BPF_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0, id));
}

void cg_strfn(struct cg *g, enum cg_strfn fn)
{
	if ((g->p->kfeat & KF_STR_KFUNCS) && strfns[fn].kfunc) {
		kfunc_call(g, fn);
	} else if (fn == SF_STRNLEN) {
		/* strnlen(s, strsize), the only count string code asks for */
		uint32_t t = cg_temp(g, g->L->strbuf);
		cg_emit(g, BPF_MOV64_REG(R3, R1));
		cg_scratch_ptr(g, R1, t);
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
		cg_call(g, BPF_FUNC_probe_read_kernel_str);
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R0, 1));
	} else {
		uint32_t ws = cg_temp(g, ws_size(g));
		if (g->L->strmax - 1 > STRFN_MAXSIZE)
			cg_error(g, g->clause ? g->clause->line : 0, "D_FUNC_UNSUP",
				 "without the kernel's string kfuncs (Linux 6.17) string functions work "
				 "with strsize up to %d, not %u", STRFN_MAXSIZE, g->L->strmax - 1);
		cg_scratch_ptr(g, R0, ws);
		for (int i = 0; i < strfns[fn].nargs; i++)
			cg_emit(g, BPF_STX_MEM(BPF_DW, R0, R1 + i, (int16_t)WS_ARG(i)));
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_call_label(g, fn_label(g, fn));
	}
	/* they return int: sign-extend the error codes */
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, 32));
	cg_emit(g, BPF_ALU64_IMM(BPF_ARSH, R0, 32));
}

/* ---- the functions, for kernels without the kfuncs ---- */

static void ret_imm(struct cg *g, int32_t v)
{
	cg_emit(g, BPF_MOV64_IMM(R0, v));
	cg_emit(g, BPF_EXIT_INSN());
}

static void ret_reg(struct cg *g, int reg)
{
	cg_emit(g, BPF_MOV64_REG(R0, reg));
	cg_emit(g, BPF_EXIT_INSN());
}

void cg_func_begin(struct cg *g, int label, const char *name, uint32_t argsize)
{
	struct cg_program *p = g->p;
	int ok = cg_new_label(g);

	cg_place(g, label);
	p->funcs = xrealloc(p->funcs, (size_t)(p->nfuncs + 1) * sizeof(*p->funcs));
	p->funcs[p->nfuncs++] = (struct cg_func){ .insn = p->ninsns, .name = name, .argsize = argsize };
	cg_jmp_imm(g, BPF_JNE, R1, 0, ok);
	ret_imm(g, -EINVAL);
	cg_place(g, ok);
	cg_emit(g, BPF_MOV64_REG(R6, R1));
}

static void fn_begin(struct cg *g, enum cg_strfn fn)
{
	cg_func_begin(g, fn_label(g, fn), strfns[fn].name,
		      strfns[fn].argsize ? strfns[fn].argsize(g) : ws_size(g));
}

/* Copy the string whose address is argument arg to the workspace at off:
 * r0 = its length (or return -EFAULT). */
static void fn_copy(struct cg *g, uint32_t off, int arg)
{
	int ok = cg_new_label(g);

	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)off));
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R6, WS_ARG(arg)));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_jmp_imm(g, BPF_JSGT, R0, 0, ok);
	ret_imm(g, -EFAULT);
	cg_place(g, ok);
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R0, 1));
}

/* r = r6 + off */
static void ws_ptr(struct cg *g, int r, uint32_t off)
{
	cg_emit(g, BPF_MOV64_REG(r, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, r, (int32_t)off));
}

/*
 * strchr(s, c), strrchr(s, c): the index of the first (last) c in s, the
 * terminating NUL included, or -ENOENT.
 */
static void gen_char(struct cg *g, enum cg_strfn fn)
{
	int loop = cg_new_label(g), nomatch = cg_new_label(g), next = cg_new_label(g), end = cg_new_label(g);

	fn_begin(g, fn);
	fn_copy(g, WS_A, 0);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R9, R6, WS_ARG(1)));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R9, 0xff));
	cg_emit(g, BPF_MOV64_IMM(R8, -ENOENT));
	ws_ptr(g, R3, WS_A);
	cg_emit(g, BPF_MOV64_IMM(R2, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R2, (int32_t)g->L->strmax, end);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R4, R3, 0));
	if (fn == SF_STRCHR) {
		cg_jmp_reg(g, BPF_JNE, R4, R9, nomatch);
		ret_reg(g, R2);
	} else {
		/* r8 = r4 == c ? i : r8, without a branch: eq = ((r4 ^ c) - 1) >> 63 */
		cg_emit(g, BPF_MOV64_REG(R5, R4));
		cg_emit(g, BPF_ALU64_REG(BPF_XOR, R5, R9));
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R5, 1));
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R5, 63));
		cg_emit(g, BPF_NEG64(R5));			/* all ones if equal */
		cg_emit(g, BPF_MOV64_REG(R1, R2));
		cg_emit(g, BPF_ALU64_REG(BPF_XOR, R1, R8));
		cg_emit(g, BPF_ALU64_REG(BPF_AND, R1, R5));
		cg_emit(g, BPF_ALU64_REG(BPF_XOR, R8, R1));	/* r8 ^= (i ^ r8) & mask */
	}
	cg_place(g, nomatch);
	cg_jmp_imm(g, BPF_JNE, R4, 0, next);
	ret_reg(g, R8);
	cg_place(g, next);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 1));
	cg_jmp(g, loop);
	cg_place(g, end);
	ret_reg(g, R8);
}

/* r5 = the byte of the set M that holds bit r4; r1 = r4 & 7.  r8 = M. */
static void set_byte(struct cg *g)
{
	cg_emit(g, BPF_MOV64_REG(R5, R8));
	cg_emit(g, BPF_MOV64_REG(R0, R4));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 3));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R5, R0));
	cg_emit(g, BPF_MOV64_REG(R1, R4));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R1, 7));
}

/*
 * strspn(s, accept), strcspn(s, reject): the length of the start of s made
 * of bytes in (not in) the set: the set's bytes first become 256 bits.
 */
static void gen_span(struct cg *g, enum cg_strfn fn)
{
	int loop = cg_new_label(g), set = cg_new_label(g), scan = cg_new_label(g), sloop = cg_new_label(g);
	int chk = cg_new_label(g), next = cg_new_label(g), send = cg_new_label(g);

	fn_begin(g, fn);
	fn_copy(g, WS_A, 0);
	fn_copy(g, ws_b(g), 1);
	ws_ptr(g, R8, ws_map(g));
	for (int i = 0; i < WS_MAPBYTES; i += 8)
		cg_emit(g, BPF_ST_MEM(BPF_DW, R8, i, 0));
	ws_ptr(g, R3, ws_b(g));
	cg_emit(g, BPF_MOV64_IMM(R2, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R2, (int32_t)g->L->strmax, scan);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R4, R3, 0));
	cg_jmp_imm(g, BPF_JNE, R4, 0, set);
	cg_jmp(g, scan);
	cg_place(g, set);
	set_byte(g);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R0, R5, 0));
	cg_emit(g, BPF_MOV64_IMM(R4, 1));
	cg_emit(g, BPF_ALU64_REG(BPF_LSH, R4, R1));
	cg_emit(g, BPF_ALU64_REG(BPF_OR, R0, R4));
	cg_emit(g, BPF_STX_MEM(BPF_B, R5, R0, 0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 1));
	cg_jmp(g, loop);

	cg_place(g, scan);
	ws_ptr(g, R3, WS_A);
	cg_emit(g, BPF_MOV64_IMM(R2, 0));
	cg_place(g, sloop);
	cg_jmp_imm(g, BPF_JGE, R2, (int32_t)g->L->strmax, send);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R4, R3, 0));
	cg_jmp_imm(g, BPF_JNE, R4, 0, chk);
	ret_reg(g, R2);
	cg_place(g, chk);
	set_byte(g);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R0, R5, 0));
	cg_emit(g, BPF_ALU64_REG(BPF_RSH, R0, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, 1));
	cg_jmp_imm(g, fn == SF_STRSPN ? BPF_JNE : BPF_JEQ, R0, 0, next);
	ret_reg(g, R2);
	cg_place(g, next);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 1));
	cg_jmp(g, sloop);
	cg_place(g, send);
	ret_reg(g, R2);
}

/*
 * strstr(s, sub), strnstr(s, sub, n): the first index at which sub is in s
 * (within s's first n bytes), 0 for an empty sub, or -ENOENT.
 */
static void gen_str(struct cg *g, enum cg_strfn fn)
{
	int go = cg_new_label(g), loop = cg_new_label(g), try = cg_new_label(g), next = cg_new_label(g);
	int none = cg_new_label(g), prefix = fn_label(g, SF_PREFIX);

	fn_begin(g, fn);
	fn_copy(g, WS_A, 0);
	cg_emit(g, BPF_MOV64_REG(R8, R0));		/* r8 = strlen(s) */
	if (fn == SF_STRNSTR) {
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R6, WS_ARG(2)));
		cg_emit(g, BPF_JMP_REG(BPF_JGE, R1, R8, 1));
		cg_emit(g, BPF_MOV64_REG(R8, R1));	/* r8 = min(strlen(s), n) */
	}
	fn_copy(g, ws_b(g), 1);				/* r0 = strlen(sub) */
	cg_jmp_imm(g, BPF_JNE, R0, 0, go);
	ret_imm(g, 0);
	cg_place(g, go);
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R8, R0));	/* r8 = the last index sub fits at */
	cg_emit(g, BPF_MOV64_IMM(R7, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R7, (int32_t)g->L->strmax, none);
	cg_jmp_reg(g, BPF_JSLE, R7, R8, try);
	ret_imm(g, -ENOENT);
	cg_place(g, try);
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R7, WS_INDEX));
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_call_label(g, prefix);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, next);
	ret_reg(g, R7);
	cg_place(g, next);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R7, 1));
	cg_jmp(g, loop);
	cg_place(g, none);
	ret_imm(g, -ENOENT);
}

/*
 * prefix: 1 if the string B (sub) is at index WS_INDEX of the string A (s),
 * which strstr copied in, else 0.  The index is below strsize and sub is
 * shorter than strbuf, so no byte read lies beyond B: the verifier sees
 * that without a test for it.
 */
static void gen_prefix(struct cg *g, enum cg_strfn fn)
{
	int ok = cg_new_label(g), loop = cg_new_label(g), cmp = cg_new_label(g), next = cg_new_label(g);
	int no = cg_new_label(g);

	fn_begin(g, fn);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R8, R6, WS_INDEX));
	cg_jmp_imm(g, BPF_JLT, R8, (int32_t)g->L->strmax, ok);
	ret_imm(g, 0);
	cg_place(g, ok);
	ws_ptr(g, R3, WS_A);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R8));
	ws_ptr(g, R4, ws_b(g));
	cg_emit(g, BPF_MOV64_IMM(R2, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R2, (int32_t)g->L->strmax, no);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R5, R4, 0));
	cg_jmp_imm(g, BPF_JNE, R5, 0, cmp);
	ret_imm(g, 1);
	cg_place(g, cmp);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R3, 0));
	cg_jmp_reg(g, BPF_JEQ, R1, R5, next);
	ret_imm(g, 0);
	cg_place(g, next);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R4, 1));
	cg_jmp(g, loop);
	cg_place(g, no);
	ret_imm(g, 0);
}

/*
 * strcmp(a, b) as D compares strings: -1, 0 or 1 by the first differing
 * byte (unsigned) within strsize bytes.  The loop's exits are the
 * fall-through of its tests, as in prefix.
 */
static void gen_cmp(struct cg *g, enum cg_strfn fn)
{
	int loop = cg_new_label(g), same = cg_new_label(g), lt = cg_new_label(g);
	int next = cg_new_label(g), eq = cg_new_label(g);

	fn_begin(g, fn);
	fn_copy(g, WS_A, 0);
	fn_copy(g, ws_b(g), 1);
	ws_ptr(g, R3, WS_A);
	ws_ptr(g, R4, ws_b(g));
	cg_emit(g, BPF_MOV64_IMM(R2, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R2, (int32_t)g->L->strmax - 1, eq);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R3, 0));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R5, R4, 0));
	cg_jmp_reg(g, BPF_JEQ, R1, R5, same);
	cg_jmp_reg(g, BPF_JLT, R1, R5, lt);
	ret_imm(g, 1);
	cg_place(g, lt);
	ret_imm(g, -1);
	cg_place(g, same);
	cg_jmp_imm(g, BPF_JNE, R1, 0, next);
	ret_imm(g, 0);
	cg_place(g, next);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R4, 1));
	cg_jmp(g, loop);
	cg_place(g, eq);
	ret_imm(g, 0);
}

/*
 * cleanpath(s): the path s with its "//", "/./" and "/name/../" taken out,
 * as Oracle's DTrace for Linux computes it (dtrace-utils bpf/cleanpath.S,
 * called by dt_cg_subr_cleanpath).  The rules:
 *
 *   - "" is "", and a string of one byte is itself ("/", ".", "a").
 *   - Repeated slashes are one; a "." component goes.
 *   - A ".." component takes the component before it away with it
 *     ("/a/b/../c" is "/a/c", "a/.." is "."), unless that one is itself a
 *     ".." kept by the next rule.
 *   - A ".." with nothing before it goes at the root ("/../x" is "/x",
 *     "/.." is "/") and stays in a relative path ("../a", "a/../.." is "..").
 *   - No trailing slash is kept: "/a/b/" is "/a/b", "/a/b/.." is "/a";
 *     what is left of a relative path that is nothing is "." ("./" is "."),
 *     of an absolute one "/".
 *   - The input is first cut to strsize bytes, as Oracle reads it; the
 *     result is never longer than its input, so never cut.
 *
 * illumos (uts/common/dtrace/dtrace.c, DIF_SUBR_CLEANPATH) differs, and we
 * follow Oracle: illumos keeps a trailing slash ("/a/b/" stays, "/a/b/.."
 * is "/a/"), keeps a trailing "/." ("a/." stays), drops a relative path's
 * ".." with nothing before it ("../../a" is "/a"), makes "a/.." "a", and
 * stops its output 5 bytes short of strsize.  Oracle's code keeps at most
 * 15 of a relative path's leading ".." (the count is masked, a limit its
 * comment calls arbitrary); we keep them all, as illumos does.
 *
 * How: one pass over the bytes, as the Plan 9 and Go path cleaners go.
 * The output starts "/" and each component kept adds its bytes and a "/";
 * a component's bytes are written as they are read, and when its end (a
 * "/" or the NUL) shows it to be empty, "." or a ".." that goes, the
 * output is cut back: to the component's start, or for a ".." to the
 * start of the component before it, which a stack of the kept components'
 * starts gives without a search.  A relative result leaves out the first
 * "/"; the last "/" is cut.  The bytes are read by dt_cleanstep, CS_BYTES
 * at a time, called from a loop of dt_cleanpath: the verifier checks the
 * step once, with its branches, and walks only the loop of calls, a few
 * instructions a pass, so that strsize 65536 is well within its limits
 * (and that on every kernel: no kfunc does this).  All state is in the
 * workspace, so that one state reaches each loop head.
 *
 * The workspace (cp_size bytes, a scratch temporary):
 *
 *   0   u64 the index of the next byte to read (CP_I), the output's
 *       length (CP_W), where the component being read starts in the
 *       output (CP_CS), the stack's depth (CP_DEPTH), what the component
 *       is so far (CP_KIND: 0 nothing, 1 ".", 2 "..", 3 a name), whether
 *       the path is absolute (CP_ROOT)
 *   56  IN: the string (strbuf bytes), in the end its clean path
 *       OUT: the output, strbuf + 8 bytes: "/", the input's bytes, "/"
 *       STK: the stack: u16 each, where a kept component starts less one
 *       (its "/"), at most strsize, at most one per two bytes of input
 */
#define CP_I		0
#define CP_W		8
#define CP_CS		16
#define CP_DEPTH	24
#define CP_KIND		32
#define CP_ROOT		40
#define CP_IN		56
#define CS_BYTES	16	/* bytes a call of dt_cleanstep reads */

static uint32_t cp_out(const struct cg *g)
{
	return CP_IN + g->L->strbuf;
}

static uint32_t cp_stk(const struct cg *g)
{
	return cp_out(g) + g->L->strbuf + 8;
}

static uint32_t cp_size(const struct cg *g)
{
	return cp_stk(g) + g->L->strbuf + 8;
}

void cg_strfn_cleanpath(struct cg *g)
{
	uint32_t ws = cg_temp(g, cp_size(g));

	cg_emit(g, BPF_MOV64_REG(R3, R1));
	cg_scratch_ptr(g, R1, ws + CP_IN);
	cg_copy_str(g, R1, R3);
	cg_scratch_ptr(g, R1, ws);
	cg_call_label(g, fn_label(g, SF_CLEANPATH));
	cg_scratch_ptr(g, R0, ws + CP_IN);
}

/* dt_cleanpath(ws): the string in IN becomes its clean path.  A loop of
 * calls of dt_cleanstep, until it says it has read the NUL (the calls
 * cover strmax bytes). */
static void gen_cleanpath(struct cg *g, enum cg_strfn fn)
{
	int loop = cg_new_label(g), next = cg_new_label(g), end = cg_new_label(g), step = fn_label(g, SF_CLEANSTEP);

	fn_begin(g, fn);
	/* "" and one byte: as they are */
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R6, CP_IN));
	cg_jmp_imm(g, BPF_JEQ, R1, 0, end);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R2, R6, CP_IN + 1));
	cg_jmp_imm(g, BPF_JEQ, R2, 0, end);
	/* CP_ROOT = s[0] == '/', without a branch: ((c ^ '/') - 1) >> 63 */
	cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R1, '/'));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R1, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R1, 63));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R1, CP_ROOT));
	cg_emit(g, BPF_ST_MEM(BPF_DW, R6, CP_I, 0));
	cg_emit(g, BPF_ST_MEM(BPF_DW, R6, CP_W, 1));
	cg_emit(g, BPF_ST_MEM(BPF_DW, R6, CP_CS, 1));
	cg_emit(g, BPF_ST_MEM(BPF_DW, R6, CP_DEPTH, 0));
	cg_emit(g, BPF_ST_MEM(BPF_DW, R6, CP_KIND, 0));
	ws_ptr(g, R1, cp_out(g));
	cg_emit(g, BPF_ST_MEM(BPF_B, R1, 0, '/'));
	cg_emit(g, BPF_MOV64_IMM(R7, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R7, (int32_t)((g->L->strmax + CS_BYTES - 1) / CS_BYTES), end);
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_call_label(g, step);
	cg_jmp_imm(g, BPF_JNE, R0, 0, next);
	ret_imm(g, 0);
	cg_place(g, next);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R7, 1));
	cg_jmp(g, loop);
	cg_place(g, end);
	ret_imm(g, 0);
}

/* dt_cleanstep(ws): read CS_BYTES bytes from CP_I on (see cleanpath
 * above); 0 once the NUL is read and the result is in IN, else 1.  The tests
 * that end in "done" never hold: they bound the indexes for the
 * verifier. */
static void gen_cleanstep(struct cg *g, enum cg_strfn fn)
{
	const int32_t outsize = (int32_t)g->L->strbuf + 8, stkn = outsize / 2;
	int again = cg_new_label(g), more = cg_new_label(g), done = cg_new_label(g), sep = cg_new_label(g);
	int kind = cg_new_label(g), up = cg_new_label(g), push = cg_new_label(g), slash = cg_new_label(g);
	int drop = cg_new_label(g), sepdone = cg_new_label(g), next = cg_new_label(g), finish = cg_new_label(g);
	int cut = cg_new_label(g), one = cg_new_label(g), rel = cg_new_label(g);

	fn_begin(g, fn);
	cg_emit(g, BPF_MOV64_IMM(R9, 0));
	cg_place(g, again);
	cg_jmp_imm(g, BPF_JGE, R9, CS_BYTES, more);
	/* r4 = the next byte */
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R2, R6, CP_I));
	cg_jmp_imm(g, BPF_JGE, R2, (int32_t)g->L->strmax, done);
	ws_ptr(g, R3, CP_IN);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R2));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R4, R3, 0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R2, CP_I));
	cg_jmp_imm(g, BPF_JEQ, R4, 0, sep);
	cg_jmp_imm(g, BPF_JEQ, R4, '/', sep);
	/* a byte of a component: out it goes; "." and ".." so far, or a name */
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R6, CP_W));
	cg_jmp_imm(g, BPF_JGE, R1, outsize, done);
	ws_ptr(g, R2, cp_out(g));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R1));
	cg_emit(g, BPF_STX_MEM(BPF_B, R2, R4, 0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R1, CP_W));
	cg_emit(g, BPF_MOV64_IMM(R0, 3));
	cg_jmp_imm(g, BPF_JNE, R4, '.', kind);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R6, CP_KIND));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, 1));
	cg_emit(g, BPF_JMP_IMM(BPF_JLE, R0, 2, 1));
	cg_emit(g, BPF_MOV64_IMM(R0, 3));
	cg_place(g, kind);
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R0, CP_KIND));
	cg_jmp(g, next);

	/* a component's end: what it was decides what stays of it */
	cg_place(g, sep);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R6, CP_KIND));
	cg_jmp_imm(g, BPF_JEQ, R0, 0, sepdone);
	cg_jmp_imm(g, BPF_JEQ, R0, 1, drop);
	cg_jmp_imm(g, BPF_JEQ, R0, 3, push);
	/* "..": back to where the last kept component starts */
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R6, CP_DEPTH));
	cg_jmp_imm(g, BPF_JEQ, R1, 0, up);
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R1, 1));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R1, CP_DEPTH));
	cg_jmp_imm(g, BPF_JGE, R1, stkn, done);
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R1, 1));
	ws_ptr(g, R2, cp_stk(g));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R1));
	cg_emit(g, BPF_LDX_MEM(BPF_H, R1, R2, 0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R1, CP_W));
	cg_jmp(g, sepdone);
	/* ... with none: gone at the root, kept in a relative path */
	cg_place(g, up);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R6, CP_ROOT));
	cg_jmp_imm(g, BPF_JNE, R1, 0, drop);
	cg_jmp(g, slash);
	/* a name: kept, its start on the stack */
	cg_place(g, push);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R6, CP_DEPTH));
	cg_jmp_imm(g, BPF_JGE, R1, stkn, done);
	cg_emit(g, BPF_MOV64_REG(R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R2, 1));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, (int32_t)cp_stk(g)));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R6, CP_CS));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R3, 1));
	cg_emit(g, BPF_STX_MEM(BPF_H, R2, R3, 0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R1, CP_DEPTH));
	/* a kept component ends in "/" */
	cg_place(g, slash);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R6, CP_W));
	cg_jmp_imm(g, BPF_JGE, R1, outsize, done);
	ws_ptr(g, R2, cp_out(g));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R1));
	cg_emit(g, BPF_ST_MEM(BPF_B, R2, 0, '/'));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R1, CP_W));
	cg_jmp(g, sepdone);
	/* nothing of it stays */
	cg_place(g, drop);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R6, CP_CS));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R1, CP_W));
	/* the next component starts here */
	cg_place(g, sepdone);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R6, CP_W));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, R1, CP_CS));
	cg_emit(g, BPF_ST_MEM(BPF_DW, R6, CP_KIND, 0));
	cg_jmp_imm(g, BPF_JEQ, R4, 0, finish);
	cg_place(g, next);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, 1));
	cg_jmp(g, again);

	/* the NUL: "/" alone is "/" or "."; else the last "/" goes, and a
	 * relative path's first; into IN */
	cg_place(g, finish);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R6, CP_W));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R2, R6, CP_ROOT));
	cg_jmp_imm(g, BPF_JGT, R1, 1, cut);
	cg_emit(g, BPF_MOV64_IMM(R4, '.'));
	cg_jmp_imm(g, BPF_JEQ, R2, 0, one);
	cg_emit(g, BPF_MOV64_IMM(R4, '/'));
	cg_place(g, one);
	cg_emit(g, BPF_STX_MEM(BPF_B, R6, R4, CP_IN));
	cg_emit(g, BPF_ST_MEM(BPF_B, R6, CP_IN + 1, 0));
	ret_imm(g, 0);
	cg_place(g, cut);
	cg_jmp_imm(g, BPF_JGE, R1, outsize, done);
	ws_ptr(g, R3, cp_out(g));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R1));
	cg_emit(g, BPF_ST_MEM(BPF_B, R3, -1, 0));
	ws_ptr(g, R3, cp_out(g) + 1);
	cg_jmp_imm(g, BPF_JEQ, R2, 0, rel);
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R3, 1));
	cg_place(g, rel);
	ws_ptr(g, R1, CP_IN);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	ret_imm(g, 0);
	cg_place(g, more);
	ret_imm(g, 1);
	cg_place(g, done);
	ret_imm(g, 0);
}

void cg_strfn_emit(struct cg *g)
{
	g->clause = NULL;
	/* in enum order: a function calls only functions after it */
	for (int fn = 0; fn < SF_N; fn++)
		if (g->strfn_label[fn] && strfns[fn].gen)
			strfns[fn].gen(g, (enum cg_strfn)fn);
}
