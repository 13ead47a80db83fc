/*
 * cg.c - D to eBPF code generation.
 *
 * Big theory statement
 * --------------------
 * Expressions are compiled for a simple stack machine on top of BPF: every
 * expression leaves its value in r0; a binary operator evaluates its left
 * operand, spills r0 to a BPF stack slot chosen by nesting depth, evaluates
 * its right operand, and reloads the left into r0 with the right in r1.
 * Because temporaries live in stack memory, helper calls (which clobber
 * r0-r5) may appear anywhere in an expression.  Callee-saved registers hold
 * what every clause needs: r6 = the program context, r7 = this CPU's
 * scratch area (record buffer, key buffer, this-> variables, temporaries).
 *
 * Integer values in registers are always normalized to their D type:
 * sign-extended when signed, zero-extended when not.  Operators compute in
 * 64 bits and normalize the result, which gives C's wrap-around semantics
 * for every width.  Strings are pointers to buffers of strsize + 1 bytes
 * in BPF-owned memory (map values), never to kernel memory: a kernel string
 * is first copied into a temporary with bpf_probe_read_kernel_str().
 *
 * Each clause builds one record in the scratch area (struct rec_hdr, then
 * the data of each action at an offset fixed at compile time) and sends it
 * to the ring buffer at the end of the clause.  A runtime fault (bad address,
 * division by zero, bad index) stores what went wrong in the fault area and
 * jumps to the clause's fault block, which sends a fault record instead and
 * skips to the next clause: the faulting clause's data is discarded, as in
 * DTrace, and the consumer reports the error and fires the ERROR probe.
 */
#include "cg.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../bpf/insn.h"
#include "../front/error.h"
#include "../front/sema.h"

/* BPF stack layout (offsets from r10). */
#define FP_PRID		-8	/* probe id */
#define FP_MASK		-16	/* clause mask for this probe */
#define FP_TS		-24	/* cached timestamp */
#define FP_VTS		-32	/* cached vtimestamp */
#define FP_VAL		-40	/* value buffer for map updates */
#define FP_KEY32	-48	/* u32 key for array lookups */
#define FP_TMP		-56	/* probe-read destination */
#define FP_ERRPRID	-64	/* in ERROR clauses: the faulting probe id */
#define FP_SBASE	-72	/* this CPU's scratch address, as a number */
#define FP_ACUR		-80	/* bytes alloca() handed out in this clause */
#define ALLOCA_MAX	2048	/* alloca() space per clause */
#define FP_SLOT0	-136	/* expression stack grows down from here */
#define MAX_DEPTH	46

#define R0 BPF_REG_0
#define R1 BPF_REG_1
#define R2 BPF_REG_2
#define R3 BPF_REG_3
#define R4 BPF_REG_4
#define R5 BPF_REG_5
#define R6 BPF_REG_6
#define R7 BPF_REG_7
#define R8 BPF_REG_8
#define R9 BPF_REG_9
#define FP BPF_REG_10

struct cg {
	struct cg_program *p;
	struct cg_layout *L;
	const struct dt_cgopts *o;
	int depth;
	uint32_t temp_cur, temp_max;
	int *labels;
	int nlabels, labcap;
	struct fix {
		int insn, label;
	} *fix;
	int nfix, fixcap;
	struct dt_clause *clause;
	int fault_label, end_label;
	int fault_used;		/* the clause has a fault block to emit */
	int in_error;		/* generating ERROR clauses inside a fault block */
	int err_clause_num;	/* ... for a fault in this dt_clause_N */
	int cond_depth;		/* > 0 inside if/else: actions set present bits */
	int nbits;
	int act_index;		/* index into clause->recs of the next action */
};

/* ---- emission ------------------------------------------------------------ */

/* Report a code generation error through the compile's error state. */
__attribute__((format(printf, 4, 5)))
static _Noreturn void cg_error(struct cg *g, int line, const char *tag, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dt_verror(g->o->errs, line, tag, fmt, ap);
}

static void cg_emit(struct cg *g, struct bpf_insn in)
{
	struct cg_program *p = g->p;

	if (p->ninsns == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 256;
		p->insns = xrealloc(p->insns, (size_t)p->cap * sizeof(*p->insns));
	}
	p->insns[p->ninsns++] = in;
}

static int cg_new_label(struct cg *g)
{
	if (g->nlabels == g->labcap) {
		g->labcap = g->labcap ? g->labcap * 2 : 64;
		g->labels = xrealloc(g->labels, (size_t)g->labcap * sizeof(int));
	}
	g->labels[g->nlabels] = -1;
	return g->nlabels++;
}

static void cg_place(struct cg *g, int label)
{
	g->labels[label] = g->p->ninsns;
}

static void add_fix(struct cg *g, int label)
{
	if (g->nfix == g->fixcap) {
		g->fixcap = g->fixcap ? g->fixcap * 2 : 64;
		g->fix = xrealloc(g->fix, (size_t)g->fixcap * sizeof(*g->fix));
	}
	g->fix[g->nfix].insn = g->p->ninsns;
	g->fix[g->nfix].label = label;
	g->nfix++;
}

static void cg_jmp_imm(struct cg *g, int op, int reg, int32_t imm, int label)
{
	add_fix(g, label);
	cg_emit(g, BPF_JMP_IMM(op, reg, imm, 0));
}

static void cg_jmp_reg(struct cg *g, int op, int reg, int src, int label)
{
	add_fix(g, label);
	cg_emit(g, BPF_JMP_REG(op, reg, src, 0));
}

/* Unconditional jumps are "gotol" (32-bit offset): clauses can be long. */
static void cg_jmp(struct cg *g, int label)
{
	add_fix(g, label);
	cg_emit(g, BPF_INSN(BPF_JMP32 | BPF_JA, 0, 0, 0, 0));
}

/* A conditional jump that may be far: skip a gotol on the opposite test. */
static void cg_jmp_imm_far(struct cg *g, int op, int reg, int32_t imm, int label)
{
	int inv;

	switch (op) {
	case BPF_JEQ: inv = BPF_JNE; break;
	case BPF_JNE: inv = BPF_JEQ; break;
	default: inv = -1; break;
	}
	if (inv < 0)
		abort();
	cg_emit(g, BPF_JMP_IMM(inv, reg, imm, 1));
	cg_jmp(g, label);
}

static void cg_resolve_fixups(struct cg *g)
{
	for (int i = 0; i < g->nfix; i++) {
		int target = g->labels[g->fix[i].label];
		struct bpf_insn *in = &g->p->insns[g->fix[i].insn];
		int d = target - g->fix[i].insn - 1;
		if (in->code == (BPF_JMP32 | BPF_JA)) {
			in->imm = d;
		} else {
			if (d < -32768 || d > 32767)
				cg_error(g, 0, NULL, "clause too large: a branch at BPF pc %d spans %d BPF instructions (at most 32767)",
					 g->fix[i].insn, d);
			in->off = (int16_t)d;
		}
	}
}

static void reloc(struct cg *g, int map)
{
	struct cg_program *p = g->p;

	if (p->nrelocs == p->relcap) {
		p->relcap = p->relcap ? p->relcap * 2 : 32;
		p->relocs = xrealloc(p->relocs, (size_t)p->relcap * sizeof(*p->relocs));
	}
	p->relocs[p->nrelocs].insn = p->ninsns;
	p->relocs[p->nrelocs].map = map;
	p->nrelocs++;
}

static void cg_ld_imm64(struct cg *g, int reg, uint64_t v)
{
	if ((int64_t)v == (int64_t)(int32_t)v) {
		cg_emit(g, BPF_MOV64_IMM(reg, (int32_t)v));
		return;
	}
	cg_emit(g, BPF_LD_IMM64_LO(reg, 0, v));
	cg_emit(g, BPF_LD_IMM64_HI(v));
}

static void cg_ld_map(struct cg *g, int reg, int map)
{
	reloc(g, map);
	cg_emit(g, BPF_LD_IMM64_LO(reg, BPF_PSEUDO_MAP_FD, 0));
	cg_emit(g, BPF_LD_IMM64_HI(0));
}

static void cg_ld_mapval(struct cg *g, int reg, int map, uint32_t off)
{
	reloc(g, map);
	cg_emit(g, BPF_LD_IMM64_LO(reg, BPF_PSEUDO_MAP_VALUE, 0));
	cg_emit(g, BPF_INSN(0, 0, 0, 0, (int32_t)off));
}

static void cg_call(struct cg *g, int helper)
{
	cg_emit(g, BPF_CALL_HELPER(helper));
}

static int16_t cg_slot(int d)
{
	return (int16_t)(FP_SLOT0 - 8 * d);
}

static void cg_push(struct cg *g, int reg)
{
	if (g->depth >= MAX_DEPTH)
		cg_error(g, g->clause ? g->clause->line : 0, NULL, "Insufficient registers to generate code");
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, reg, cg_slot(g->depth)));
	g->depth++;
}

static void cg_pop(struct cg *g, int reg)
{
	g->depth--;
	cg_emit(g, BPF_LDX_MEM(BPF_DW, reg, FP, cg_slot(g->depth)));
}

static void cg_peek(struct cg *g, int reg, int d)
{
	cg_emit(g, BPF_LDX_MEM(BPF_DW, reg, FP, cg_slot(d)));
}

static uint32_t cg_temp(struct cg *g, uint32_t size)
{
	uint32_t off = g->temp_cur;

	g->temp_cur += (size + 7) & ~7u;
	if (g->temp_cur > g->temp_max)
		g->temp_max = g->temp_cur;
	return g->L->temp_off + off;
}

/* Make reg hold a value of type t (sign- or zero-extended). */
static void cg_norm(struct cg *g, int reg, const struct dt_type *t)
{
	if (!t || (t->kind != TY_INT && t->kind != TY_ENUM))
		return;
	if (t->is_bool) {
		cg_emit(g, BPF_JMP_IMM(BPF_JEQ, reg, 0, 1));
		cg_emit(g, BPF_MOV64_IMM(reg, 1));
		return;
	}
	if (t->size >= 8)
		return;
	int sh = 64 - 8 * (int)t->size;
	if (t->is_signed) {
		cg_emit(g, BPF_ALU64_IMM(BPF_LSH, reg, sh));
		cg_emit(g, BPF_ALU64_IMM(BPF_ARSH, reg, sh));
	} else if (t->size == 4) {
		cg_emit(g, BPF_MOV32_REG(reg, reg));
	} else {
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, reg, t->size == 1 ? 0xff : 0xffff));
	}
}

/* Store a fault and jump to the clause's fault block. addr_reg < 0: no address. */
static void cg_fault(struct cg *g, int type, int addr_reg)
{
	uint32_t fo = g->L->fault_off;

	cg_emit(g, BPF_ST_MEM(BPF_W, R7, (int16_t)(fo + 12), type));
	if (addr_reg >= 0)
		cg_emit(g, BPF_STX_MEM(BPF_DW, R7, addr_reg, (int16_t)(fo + 16)));
	else
		cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(fo + 16), 0));
	cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(fo + 24), g->p->ninsns));
	g->fault_used = 1;
	cg_jmp(g, g->fault_label);
}

/* if (reg == 0) fault BADADDR(addr 0) */
static void cg_null_check(struct cg *g, int reg)
{
	int ok = cg_new_label(g);

	cg_jmp_imm(g, BPF_JNE, reg, 0, ok);
	cg_fault(g, 1, reg);
	cg_place(g, ok);
}

/* ---- constants and strings -------------------------------------------------- */

static uint32_t strtab_add(struct cg *g, const char *s, int len)
{
	struct cg_layout *L = g->L;
	uint32_t sb = L->strbuf;

	/* reuse an identical constant */
	for (uint32_t off = 0; off + sb <= L->strtab.len; off += sb)
		if ((int)strnlen(L->strtab.s + off, sb) == len && memcmp(L->strtab.s + off, s, (size_t)len) == 0)
			return off;
	uint32_t off = (uint32_t)L->strtab.len;
	char *buf = xcalloc(1, sb);
	memcpy(buf, s, (size_t)len < sb - 1 ? (size_t)len : sb - 1);
	sb_putn(&L->strtab, buf, sb);
	free(buf);
	return off;
}

static void cg_strconst(struct cg *g, int reg, const char *s, int len)
{
	cg_ld_mapval(g, reg, CGM_STRTAB, strtab_add(g, s, len));
}

/* Copy the string at src_reg into dst (a pointer register, strbuf bytes).
 * Clobbers r0-r5.  Faults on a bad source address. */
static void cg_copy_str(struct cg *g, int dst_reg, int src_reg)
{
	int ok = cg_new_label(g);

	if (src_reg != R3)
		cg_emit(g, BPF_MOV64_REG(R3, src_reg));
	if (dst_reg != R1)
		cg_emit(g, BPF_MOV64_REG(R1, dst_reg));
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_jmp_imm(g, BPF_JSGE, R0, 0, ok);
	/* the source address is lost in r3; report it from the saved copy */
	cg_fault(g, 1, -1);
	cg_place(g, ok);
}

/*
 * Store the string at src_reg (which may be NULL) into the buffer at
 * dst_reg.  A string variable holding NULL is kept as the bytes 00 ff: an
 * empty string never has 0xff after its NUL, because we clear that byte.
 */
static void cg_store_str(struct cg *g, int dst_reg, int src_reg)
{
	int copy = cg_new_label(g), done = cg_new_label(g);

	if (src_reg != R8)
		cg_emit(g, BPF_MOV64_REG(R8, src_reg));
	if (dst_reg != R1)
		cg_emit(g, BPF_MOV64_REG(R1, dst_reg));
	cg_jmp_imm(g, BPF_JNE, R8, 0, copy);
	cg_emit(g, BPF_ST_MEM(BPF_H, R1, 0, 0xff00));
	cg_jmp(g, done);
	cg_place(g, copy);
	cg_emit(g, BPF_ST_MEM(BPF_B, R1, 1, 0));
	cg_copy_str(g, R1, R8);
	cg_place(g, done);
}

/* r0 points to a stored string: make it NULL if it holds the NULL mark. */
static void cg_load_str_mark(struct cg *g)
{
	int ok = cg_new_label(g);

	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R0, 0));
	cg_jmp_imm(g, BPF_JNE, R1, 0, ok);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R0, 1));
	cg_jmp_imm(g, BPF_JNE, R1, 0xff, ok);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_place(g, ok);
}

/* ---- expressions ---------------------------------------------------------------- */

static void cg_expr(struct cg *g, struct node *n);
static void gen_stmt(struct cg *g, struct node *n);

static void cg_builtin_var(struct cg *g, struct dt_var *v, int line);

static int is_str(const struct dt_type *t)
{
	return type_is_string(t);
}

static uint32_t dyn_index(struct cg *g, struct dt_var *v)
{
	for (int i = 0; i < g->L->ndyn; i++)
		if (g->L->dyn[i] == v)
			return (uint32_t)i;
	cg_error(g, 0, NULL, "internal error: no map for variable %s", v->name);
}

static uint32_t cg_val_size(struct cg *g, const struct dt_type *t)
{
	if (!t || is_str(t))
		return g->L->strbuf;
	if (t->kind == TY_STRUCT || t->kind == TY_UNION)	/* + room for 8-byte bitfield access */
		return ((t->size + 7) & ~7u) + 8;
	return t->size > 8 ? (t->size + 7) & ~7u : 8;
}

/* Bytes a key of type t takes in a dynamic variable's key: strings and
 * structs by value, everything else in an 8-byte slot. */
static uint32_t cg_key_slot_size(const struct cg_layout *L, const struct dt_type *t)
{
	if (is_str(t))
		return L->strbuf;
	if (t->kind == TY_STRUCT || t->kind == TY_UNION)
		return t->size ? (t->size + 7) & ~7u : 8;
	return 8;
}

/*
 * Build the key of a dynamic variable in the key buffer from the pushed
 * key values at stack depths base..base+nkeys-1.  Leaves r2 = key pointer.
 */
static void cg_build_key(struct cg *g, struct dt_var *v, int base, int nkeys)
{
	uint32_t off = g->L->key_off;
	uint32_t ks = g->L->dyn_keysize[dyn_index(g, v)];

	/* zero the whole key so string padding compares equal */
	for (uint32_t i = 0; i < ks; i += 8)
		cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(off + i), 0));
	if (v->scope == VS_THREAD) {
		cg_call(g, BPF_FUNC_get_current_pid_tgid);
		cg_emit(g, BPF_MOV32_REG(R0, R0));
		cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R0, (int16_t)off));
		off += 8;
	}
	for (int i = 0; i < nkeys; i++) {
		const struct dt_type *kt = v->keys && i < v->nkeys ? v->keys[i] : &ty_llong;
		cg_peek(g, R3, base + i);
		if (is_str(kt)) {
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)off));
			cg_copy_str(g, R1, R3);
			off += g->L->strbuf;
		} else if (kt->kind == TY_STRUCT || kt->kind == TY_UNION) {
			/* a struct or union key is its bytes (r3: its address) */
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)off));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)kt->size));
			cg_call(g, BPF_FUNC_probe_read_kernel);
			off += cg_key_slot_size(g->L, kt);
		} else {
			cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R3, (int16_t)off));
			off += 8;
		}
	}
	cg_emit(g, BPF_MOV64_REG(R2, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, (int32_t)g->L->key_off));
}

/* Push the keys of a dynamic-variable reference; returns the base depth. */
static int cg_push_keys(struct cg *g, struct node *n)
{
	int base = g->depth;

	for (int i = 0; i < n->args.n; i++) {
		cg_expr(g, n->args.v[i]);
		cg_push(g, R0);
	}
	return base;
}

/* r0 = value of a dynamic variable whose key is at r2 (0 or "" if unset). */
static void cg_dyn_load(struct cg *g, struct dt_var *v)
{
	int found = cg_new_label(g), done = cg_new_label(g);

	cg_ld_map(g, R1, CGM_DYN0 + (int)dyn_index(g, v));
	cg_call(g, BPF_FUNC_map_lookup_elem);
	cg_jmp_imm(g, BPF_JNE, R0, 0, found);
	if (is_str(v->type) || ((v->type->kind == TY_STRUCT || v->type->kind == TY_UNION) &&
				v->type->size <= g->L->strbuf))
		cg_strconst(g, R0, "", 0);	/* unset: reads as zeros */
	else
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_jmp(g, done);
	cg_place(g, found);
	if (!is_str(v->type) && cg_val_size(g, v->type) == 8)
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R0, 0));
	if (is_str(v->type))
		cg_load_str_mark(g);
	cg_place(g, done);
}

/* Store the value at depth vdepth into a dynamic variable keyed at r2. */
static void dyn_store(struct cg *g, struct dt_var *v, int vdepth)
{
	int del = cg_new_label(g), done = cg_new_label(g), ok = cg_new_label(g);

	cg_emit(g, BPF_MOV64_REG(R9, R2));		/* keep the key */
	if (v->type->kind == TY_STRUCT || v->type->kind == TY_UNION) {
		/* the value is the struct's bytes (r3: their address; 0 deletes) */
		uint32_t sz = cg_val_size(g, v->type), t = cg_temp(g, sz);
		cg_peek(g, R3, vdepth);
		cg_jmp_imm(g, BPF_JEQ, R3, 0, del);
		for (uint32_t i = 0; i < sz; i += 8)
			cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(t + i), 0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)v->type->size));
		cg_call(g, BPF_FUNC_probe_read_kernel);
		cg_emit(g, BPF_MOV64_REG(R3, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)t));
	} else if (!is_str(v->type)) {
		cg_peek(g, R3, vdepth);
		cg_jmp_imm(g, BPF_JEQ, R3, 0, del);
		cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R3, FP_VAL));
		cg_emit(g, BPF_MOV64_REG(R3, FP));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, FP_VAL));
	} else {
		uint32_t t = cg_temp(g, g->L->strbuf);
		cg_peek(g, R8, vdepth);
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
		cg_store_str(g, R1, R8);
		cg_emit(g, BPF_MOV64_REG(R3, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)t));
	}
	cg_ld_map(g, R1, CGM_DYN0 + (int)dyn_index(g, v));
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_emit(g, BPF_MOV64_IMM(R4, BPF_ANY));
	cg_call(g, BPF_FUNC_map_update_elem);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
	cg_ld_mapval(g, R1, CGM_GVARS, GV_DYNDROPS);
	cg_emit(g, BPF_MOV64_IMM(R2, 1));
	cg_emit(g, BPF_ATOMIC_ADD64(R1, R2, 0));
	cg_place(g, ok);
	if (!is_str(v->type)) {
		/* storing 0 deletes the variable, as in DTrace */
		cg_jmp(g, done);
		cg_place(g, del);
		cg_ld_map(g, R1, CGM_DYN0 + (int)dyn_index(g, v));
		cg_emit(g, BPF_MOV64_REG(R2, R9));
		cg_call(g, BPF_FUNC_map_delete_elem);
	}
	cg_place(g, done);
}

/* r0 = address of a global / clause-local variable's storage. */
static void cg_var_addr(struct cg *g, struct dt_var *v)
{
	if (v->scope == VS_GLOBAL) {
		cg_ld_mapval(g, R0, CGM_GVARS, v->offset);
	} else {
		cg_emit(g, BPF_MOV64_REG(R0, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)v->offset));
	}
}

/* r0 = *(type *)r0 for BPF-owned memory (or the pointer, for strings). */
static void cg_load_direct(struct cg *g, const struct dt_type *t)
{
	if (is_str(t) || t->kind == TY_ARRAY || t->kind == TY_STRUCT || t->kind == TY_UNION)
		return;
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R0, 0));
}

static int cg_bpf_size(uint32_t sz)
{
	return sz == 1 ? BPF_B : sz == 2 ? BPF_H : sz == 4 ? BPF_W : BPF_DW;
}

/*
 * r0 = value at kernel address r0 of type t, read with probe_read_kernel;
 * strings and char arrays are copied into a temporary.
 */
/*
 * An address in this CPU's scratch area may only be one alloca() gave out
 * in this clause, with size bytes there: check the address in r0 (kept).
 * With want_off, leaves r2 = its offset in the alloca region (0..limit)
 * and faults for any address outside it.
 */
static void cg_alloca_check(struct cg *g, uint32_t size, int want_off)
{
	int other = cg_new_label(g), bad = cg_new_label(g), ok = cg_new_label(g);

	if (!g->L->uses_alloca) {
		if (want_off)		/* no alloca() memory: nothing is writable */
			cg_fault(g, 1, R0);
		return;
	}

	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_SBASE));
	cg_emit(g, BPF_MOV64_REG(R2, R0));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R1));	/* offset in scratch */
	if (!want_off)
		cg_jmp_imm(g, BPF_JGE, R2, (int32_t)(g->L->alloca_off + 2 * ALLOCA_MAX), other);
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R2, (int32_t)g->L->alloca_off));
	cg_jmp_imm(g, BPF_JSLT, R2, 0, bad);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, FP, FP_ACUR));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R3, (int32_t)size));
	cg_jmp_imm(g, BPF_JSLT, R3, 0, bad);
	cg_jmp_reg(g, BPF_JSGT, R2, R3, bad);
	cg_jmp_imm(g, BPF_JLE, R2, ALLOCA_MAX, ok);
	cg_place(g, bad);
	cg_fault(g, 1, R0);
	cg_place(g, ok);
	cg_place(g, other);
}

static void cg_load_kernel(struct cg *g, const struct dt_type *t)
{
	int ok = cg_new_label(g);

	if (is_str(t)) {
		uint32_t tmp = cg_temp(g, g->L->strbuf);
		uint32_t sz = t->kind == TY_ARRAY ? t->nelems : g->L->strmax;
		if (sz > g->L->strmax)
			sz = g->L->strmax;
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		cg_emit(g, BPF_MOV64_REG(R3, R0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)tmp));
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sz));
		cg_call(g, BPF_FUNC_probe_read_kernel_str);
		cg_jmp_imm(g, BPF_JSGE, R0, 0, ok);
		cg_fault(g, 1, R8);
		cg_place(g, ok);
		cg_emit(g, BPF_MOV64_REG(R0, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)tmp));
		return;
	}
	if (t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_ARRAY) {
		/* aggregates stay as addresses */
		return;
	}
	uint32_t sz = t->size ? t->size : 8;
	if (sz > 8)
		sz = 8;
	cg_alloca_check(g, sz, 0);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_emit(g, BPF_MOV64_REG(R3, R0));
	cg_emit(g, BPF_MOV64_REG(R1, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, FP_TMP));
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sz));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
	cg_fault(g, 1, R8);
	cg_place(g, ok);
	cg_emit(g, BPF_LDX_MEM(cg_bpf_size(sz), R0, FP, FP_TMP));
	cg_norm(g, R0, t);
}

/* r0 = address of an lvalue in kernel memory (deref, ->, pointer index). */
static void gen_kaddr(struct cg *g, struct node *n)
{
	switch (n->kind) {
	case N_UNARY:	/* *p */
		cg_expr(g, n->kids[0]);
		return;
	case N_MEMBER: {
		const struct dt_member *m = n->aux;
		if (n->op == T_ARROW) {
			/* p->m with p NULL faults at address 0, as in DTrace */
			cg_expr(g, n->kids[0]);
			cg_null_check(g, R0);
		} else
			gen_kaddr(g, n->kids[0]);
		if (m->offset)
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)m->offset));
		return;
	}
	case N_INDEX: {
		struct node *a = n->kids[0];
		uint32_t esz = type_size(n->type, g->L->strbuf - 1);
		if (a->type->kind == TY_ARRAY && a->kind != N_VAR)
			gen_kaddr(g, a);
		else
			cg_expr(g, a);
		cg_push(g, R0);
		cg_expr(g, n->args.v[0]);
		if (esz != 1)
			cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R0, (int32_t)esz));
		cg_pop(g, R1);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
		return;
	}
	default:
		cg_expr(g, n);
		return;
	}
}

static void cg_var_read(struct cg *g, struct node *n)
{
	struct dt_var *v = n->var;

	switch (v->scope) {
	case VS_BUILTIN:
		cg_builtin_var(g, v, n->line);
		return;
	case VS_GLOBAL:
	case VS_CLAUSE:
		if (v->is_assoc)
			break;
		cg_var_addr(g, v);
		cg_load_direct(g, n->type);
		if (is_str(n->type) && !v->is_array)
			cg_load_str_mark(g);
		return;
	default:
		break;
	}
	int base = cg_push_keys(g, n);
	cg_build_key(g, v, base, n->args.n);
	g->depth = base;
	cg_dyn_load(g, v);
}

/* Store r0 (already converted to the variable's type) into a variable
 * reference n, leaving the stored value in r0. */
static void cg_var_store(struct cg *g, struct node *n, int keybase)
{
	struct dt_var *v = n->var;

	if ((v->scope == VS_GLOBAL || v->scope == VS_CLAUSE) && !v->is_assoc) {
		if (v->type->kind == TY_STRUCT || v->type->kind == TY_UNION) {
			/* struct assignment copies the bytes (r0: the source) */
			cg_emit(g, BPF_MOV64_REG(R3, R0));
			cg_emit(g, BPF_MOV64_REG(R8, R0));
			cg_var_addr(g, v);
			cg_emit(g, BPF_MOV64_REG(R1, R0));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)v->type->size));
			cg_call(g, BPF_FUNC_probe_read_kernel);
			cg_emit(g, BPF_MOV64_REG(R0, R8));
			return;
		}
		if (is_str(v->type)) {
			cg_emit(g, BPF_MOV64_REG(R9, R0));
			cg_var_addr(g, v);
			cg_store_str(g, R0, R9);
			cg_var_addr(g, v);
			cg_load_str_mark(g);
		} else {
			cg_emit(g, BPF_MOV64_REG(R8, R0));
			cg_var_addr(g, v);
			cg_emit(g, BPF_STX_MEM(BPF_DW, R0, R8, 0));
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		}
		return;
	}
	/* dynamic: value is pushed above the keys */
	cg_push(g, R0);
	cg_build_key(g, v, keybase, n->args.n);
	dyn_store(g, v, g->depth - 1);
	cg_pop(g, R0);
}

/*
 * Elements of a D global array of integers or pointers are packed at their
 * C size, so that &a[i] and pointer arithmetic see C's layout; other
 * elements (strings, structs) take a full value slot each.
 */
static void cg_load_sized(struct cg *g, const struct dt_type *t);

static int cg_garray_packed(const struct dt_type *elem)
{
	return (elem->kind == TY_INT || elem->kind == TY_PTR || elem->kind == TY_ENUM) &&
	       elem->size >= 1 && elem->size <= 8 && !is_str(elem);
}

static uint32_t cg_garray_stride(struct cg *g, const struct dt_type *elem)
{
	return cg_garray_packed(elem) ? elem->size : cg_val_size(g, elem);
}

/* Load the element whose address is in r0. */
static void cg_garray_load(struct cg *g, const struct dt_type *elem)
{
	if (cg_garray_packed(elem))
		cg_load_sized(g, elem);
	else
		cg_load_direct(g, elem);
}

/* Scalar array element address: r0 = &a[i] with a bounds check. */
static void cg_garray_addr(struct cg *g, struct node *n)
{
	struct dt_var *v = n->kids[0]->var;
	int ok = cg_new_label(g);
	uint32_t esz = cg_garray_stride(g, v->type->ref);

	cg_expr(g, n->args.v[0]);
	cg_jmp_imm(g, BPF_JLT, R0, (int32_t)v->type->nelems, ok);
	cg_fault(g, 11, R0);
	cg_place(g, ok);
	cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R0, (int32_t)esz));
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_var_addr(g, v);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
}

static int cg_is_garray_elem(struct node *n)
{
	return n->kind == N_INDEX && n->op == 1 && n->kids[0]->kind == N_VAR &&
	       n->kids[0]->var->is_array && !n->kids[0]->var->is_assoc;
}

/* Convert r0 from type 'from' to type 'to'. */
static void convert(struct cg *g, const struct dt_type *from, const struct dt_type *to)
{
	(void)from;
	cg_norm(g, R0, to);
}

/*
 * Assignment and increments.  getval: emits code leaving the new value in r0
 * given the old value in r0 (for compound operators) or evaluates the rhs.
 */
static void gen_binop_regs(struct cg *g, int op, const struct dt_type *t, const struct dt_type *lt,
			   const struct dt_type *rt, int line);

/*
 * D variables of struct, union or array type live in BPF memory (the
 * global area or the scratch area): their members are read and written
 * directly, not with probe reads.
 */
static int is_direct(const struct node *n)
{
	if (n->kind == N_VAR)
		return (n->var->scope == VS_GLOBAL || n->var->scope == VS_CLAUSE) &&
		       !n->var->is_assoc && !n->var->is_array &&
		       n->type && (n->type->kind == TY_STRUCT || n->type->kind == TY_UNION);
	if (n->kind == N_MEMBER && n->op == T_DOT)
		return is_direct(n->kids[0]);
	/* an element of an array member: w.c[i] */
	if (n->kind == N_INDEX && n->kids[0]->type && n->kids[0]->type->kind == TY_ARRAY &&
	    n->kids[0]->kind == N_MEMBER)
		return is_direct(n->kids[0]);
	return 0;
}

/* r0 = BPF address of a direct lvalue. */
static void gen_daddr(struct cg *g, struct node *n)
{
	if (n->kind == N_VAR) {
		cg_var_addr(g, n->var);
		return;
	}
	if (n->kind == N_INDEX) {
		const struct dt_type *at = n->kids[0]->type;
		int ok = cg_new_label(g);
		gen_daddr(g, n->kids[0]);
		cg_push(g, R0);
		cg_expr(g, n->args.v[0]);
		cg_jmp_imm(g, BPF_JLT, R0, (int32_t)at->nelems, ok);
		cg_fault(g, 11, R0);
		cg_place(g, ok);
		if (at->ref->size != 1)
			cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R0, (int32_t)at->ref->size));
		cg_pop(g, R1);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
		return;
	}
	const struct dt_member *m = n->aux;
	gen_daddr(g, n->kids[0]);
	if (m->offset)
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)m->offset));
}

/* r0 = value of type t at BPF address r0 (integers by their size). */
static void cg_load_sized(struct cg *g, const struct dt_type *t)
{
	if (is_str(t)) {
		cg_load_kernel(g, t);	/* copied to a full-size string buffer */
		return;
	}
	if (t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_ARRAY)
		return;
	uint32_t sz = t->size ? t->size : 8;
	cg_emit(g, BPF_LDX_MEM(cg_bpf_size(sz > 8 ? 8 : sz), R0, R0, 0));
	cg_norm(g, R0, t);
}

static void gen_update(struct cg *g, struct node *n)
{
	struct node *l = n->kids[0];
	int is_assign = n->kind == N_ASSIGN;
	int post = n->kind == N_POSTINC || n->kind == N_POSTDEC;
	int keybase = g->depth;

	/* the location */
	if (l->kind == N_VAR && (l->var->is_assoc || l->var->scope == VS_THREAD)) {
		keybase = cg_push_keys(g, l);
	} else if (cg_is_garray_elem(l)) {
		cg_garray_addr(g, l);
		cg_push(g, R0);
	} else if (l->kind != N_VAR && is_direct(l)) {
		gen_daddr(g, l);
		cg_push(g, R0);
	} else if (l->kind != N_VAR) {
		gen_kaddr(g, l);
		cg_push(g, R0);
	}
	int locdepth = g->depth;

	/* the old value, if needed */
	if (!is_assign || n->op != T_ASSIGN) {
		if (l->kind == N_VAR) {
			if (l->var->is_assoc || l->var->scope == VS_THREAD) {
				cg_build_key(g, l->var, keybase, l->args.n);
				cg_dyn_load(g, l->var);
			} else {
				cg_var_read(g, l);
			}
		} else {
			cg_peek(g, R0, locdepth - 1);
			if (cg_is_garray_elem(l))
				cg_garray_load(g, l->type);
			else if (is_direct(l))
				cg_load_sized(g, l->type);
			else
				cg_load_kernel(g, l->type);
		}
	}
	int olddepth = g->depth;
	if (post)
		cg_push(g, R0);

	/* the new value */
	if (is_assign) {
		if (n->op == T_ASSIGN) {
			cg_expr(g, n->kids[1]);
			convert(g, n->kids[1]->type, l->type);
		} else {
			static const int ops[][2] = {
				{T_ADD_EQ, T_PLUS}, {T_SUB_EQ, T_MINUS}, {T_MUL_EQ, T_STAR},
				{T_DIV_EQ, T_SLASH}, {T_MOD_EQ, T_PERCENT}, {T_AND_EQ, T_AMP},
				{T_OR_EQ, T_BOR}, {T_XOR_EQ, T_XOR}, {T_SHL_EQ, T_SHL},
				{T_SHR_EQ, T_SHR},
			};
			int op = 0;
			for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
				if (ops[i][0] == n->op)
					op = ops[i][1];
			cg_push(g, R0);
			cg_expr(g, n->kids[1]);
			cg_emit(g, BPF_MOV64_REG(R1, R0));
			cg_pop(g, R0);
			struct dt_type *ct = l->type->kind == TY_PTR ? l->type :
					     (op == T_SHL || op == T_SHR) ? type_promote(l->type) :
					     type_arith_result(l->type, n->kids[1]->type);
			gen_binop_regs(g, op, ct, l->type, n->kids[1]->type, n->line);
			convert(g, ct, l->type);
		}
	} else {
		int inc = n->kind == N_PREINC || n->kind == N_POSTINC;
		int step = l->type->kind == TY_PTR ? (int)(l->type->ref->size ? l->type->ref->size : 1) : 1;
		cg_emit(g, BPF_ALU64_IMM(inc ? BPF_ADD : BPF_SUB, R0, step));
		cg_norm(g, R0, l->type);
	}

	/* store */
	if (l->kind == N_VAR) {
		cg_var_store(g, l, keybase);
	} else {
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_peek(g, R2, locdepth - 1);
		if (cg_is_garray_elem(l)) {
			int sz = cg_garray_packed(l->type) ? cg_bpf_size(l->type->size) : BPF_DW;
			cg_emit(g, BPF_STX_MEM(sz, R2, R1, 0));
		} else if (is_direct(l) && is_str(l->type)) {
			uint32_t sz = l->type->kind == TY_ARRAY ? l->type->nelems : g->L->strmax;
			cg_emit(g, BPF_MOV64_REG(R8, R1));
			cg_emit(g, BPF_MOV64_REG(R1, R2));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sz));
			cg_emit(g, BPF_MOV64_REG(R3, R8));
			cg_call(g, BPF_FUNC_probe_read_kernel_str);
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		} else if (is_direct(l) && l->kind == N_MEMBER && l->aux &&
			   ((const struct dt_member *)l->aux)->bit_size) {
			/* a bitfield: read the 8 bytes that hold it, replace its bits */
			const struct dt_member *m = l->aux;
			uint64_t mask = (m->bit_size >= 64 ? ~0ULL : ((1ULL << m->bit_size) - 1)) << m->bit_offset;
			cg_emit(g, BPF_MOV64_REG(R8, R1));
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R2, 0));
			cg_ld_imm64(g, R4, ~mask);
			cg_emit(g, BPF_ALU64_REG(BPF_AND, R3, R4));
			cg_emit(g, BPF_MOV64_REG(R5, R1));
			if (m->bit_offset)
				cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R5, m->bit_offset));
			cg_ld_imm64(g, R4, mask);
			cg_emit(g, BPF_ALU64_REG(BPF_AND, R5, R4));
			cg_emit(g, BPF_ALU64_REG(BPF_OR, R3, R5));
			cg_emit(g, BPF_STX_MEM(BPF_DW, R2, R3, 0));
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		} else if (is_direct(l) && type_is_scalar(l->type)) {
			uint32_t sz = l->type->size ? l->type->size : 8;
			cg_emit(g, BPF_STX_MEM(cg_bpf_size(sz > 8 ? 8 : sz), R2, R1, 0));
		} else if (type_is_scalar(l->type) && l->type->size <= 8) {
			/* only memory alloca() gave out can be written */
			uint32_t sz = l->type->size ? l->type->size : 8;
			cg_emit(g, BPF_MOV64_REG(R8, R1));
			cg_emit(g, BPF_MOV64_REG(R0, R2));
			cg_alloca_check(g, sz, 1);
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)g->L->alloca_off));
			cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R2));
			cg_emit(g, BPF_STX_MEM(cg_bpf_size(sz), R1, R8, 0));
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		} else {
			/* kernel memory is not writable from D */
			cg_error(g, n->line, "D_OP_WRITE", "operator %s can only be applied to a writable variable",
				 is_assign ? tok_str((enum tok)n->op) : (n->kind == N_PREINC || n->kind == N_POSTINC) ? "++" : "--");
		}
	}
	if (post)
		cg_peek(g, R0, olddepth);
	g->depth = keybase;
}

/* r0 = r0 op r1, in type t; operands have types lt and rt. */
static void gen_binop_regs(struct cg *g, int op, const struct dt_type *t, const struct dt_type *lt,
			   const struct dt_type *rt, int line)
{
	int sg = t->is_signed;
	(void)line;

	/* pointer arithmetic scales the integer operand */
	if ((op == T_PLUS || op == T_MINUS) && (lt->kind == TY_PTR || lt->kind == TY_ARRAY) && type_is_integral(rt)) {
		uint32_t sz = lt->ref->size ? lt->ref->size : 1;
		if (sz != 1)
			cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R1, (int32_t)sz));
	} else if (op == T_PLUS && (rt->kind == TY_PTR || rt->kind == TY_ARRAY) && type_is_integral(lt)) {
		uint32_t sz = rt->ref->size ? rt->ref->size : 1;
		if (sz != 1)
			cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R0, (int32_t)sz));
	}
	switch (op) {
	case T_PLUS: cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1)); break;
	case T_MINUS:
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R0, R1));
		if ((lt->kind == TY_PTR) && (rt->kind == TY_PTR)) {
			uint32_t sz = lt->ref->size ? lt->ref->size : 1;
			if (sz > 1)
				cg_emit(g, BPF_ALU64_IMM(BPF_DIV, R0, (int32_t)sz));
		}
		break;
	case T_STAR: cg_emit(g, BPF_ALU64_REG(BPF_MUL, R0, R1)); break;
	case T_SLASH:
	case T_PERCENT: {
		int ok = cg_new_label(g);
		cg_jmp_imm(g, BPF_JNE, R1, 0, ok);
		cg_fault(g, 4, -1);
		cg_place(g, ok);
		if (op == T_SLASH) {
			cg_emit(g, sg ? BPF_SDIV64_REG(R0, R1) : BPF_ALU64_REG(BPF_DIV, R0, R1));
		} else if (!sg) {
			cg_emit(g, BPF_ALU64_REG(BPF_MOD, R0, R1));
		} else {
			/* DTrace's signed remainder: |a| % |b|, negative when the
			 * operands' signs differ (19 % -5 == -4, -19 % -5 == 4) */
			int p1 = cg_new_label(g), p2 = cg_new_label(g), p3 = cg_new_label(g);
			cg_emit(g, BPF_MOV64_REG(R3, R0));
			cg_emit(g, BPF_ALU64_REG(BPF_XOR, R3, R1));
			cg_jmp_imm(g, BPF_JSGE, R0, 0, p1);
			cg_emit(g, BPF_NEG64(R0));
			cg_place(g, p1);
			cg_jmp_imm(g, BPF_JSGE, R1, 0, p2);
			cg_emit(g, BPF_NEG64(R1));
			cg_place(g, p2);
			cg_emit(g, BPF_ALU64_REG(BPF_MOD, R0, R1));
			cg_jmp_imm(g, BPF_JSGE, R3, 0, p3);
			cg_emit(g, BPF_NEG64(R0));
			cg_place(g, p3);
		}
		break;
	}
	case T_AMP: cg_emit(g, BPF_ALU64_REG(BPF_AND, R0, R1)); break;
	case T_BOR: cg_emit(g, BPF_ALU64_REG(BPF_OR, R0, R1)); break;
	case T_XOR: cg_emit(g, BPF_ALU64_REG(BPF_XOR, R0, R1)); break;
	case T_SHL: cg_emit(g, BPF_ALU64_REG(BPF_LSH, R0, R1)); break;
	case T_SHR:
		cg_emit(g, BPF_ALU64_REG(sg ? BPF_ARSH : BPF_RSH, R0, R1));
		break;
	}
	/* Like DTrace, arithmetic is done in 64 bits and not truncated to the
	 * result type: values are truncated when stored, cast or printed. */
}

/* r0 = strcmp(r1, r2) as -1, 0, 1 over at most strsize bytes. */
static void cg_strcmp(struct cg *g)
{
	int loop = cg_new_label(g), eq = cg_new_label(g), lt = cg_new_label(g), gt = cg_new_label(g), done = cg_new_label(g);

	cg_null_check(g, R1);
	cg_null_check(g, R2);
	cg_emit(g, BPF_MOV64_REG(R8, R1));
	cg_emit(g, BPF_MOV64_REG(R9, R2));
	cg_emit(g, BPF_MOV64_IMM(R3, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R3, (int32_t)(g->L->strmax - 1), eq);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R4, R8, 0));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R5, R9, 0));
	cg_jmp_reg(g, BPF_JLT, R4, R5, lt);
	cg_jmp_reg(g, BPF_JGT, R4, R5, gt);
	cg_jmp_imm(g, BPF_JEQ, R4, 0, eq);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R8, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 1));
	cg_jmp(g, loop);
	cg_place(g, lt);
	cg_emit(g, BPF_MOV64_IMM(R0, -1));
	cg_jmp(g, done);
	cg_place(g, gt);
	cg_emit(g, BPF_MOV64_IMM(R0, 1));
	cg_jmp(g, done);
	cg_place(g, eq);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_place(g, done);
}

static int cmp_jop(int op, int sg)
{
	switch (op) {
	case T_EQ: return BPF_JEQ;
	case T_NE: return BPF_JNE;
	case T_LT: return sg ? BPF_JSLT : BPF_JLT;
	case T_GT: return sg ? BPF_JSGT : BPF_JGT;
	case T_LE: return sg ? BPF_JSLE : BPF_JLE;
	default: return sg ? BPF_JSGE : BPF_JGE;
	}
}

static void gen_binary(struct cg *g, struct node *n)
{
	struct node *l = n->kids[0], *r = n->kids[1];
	int op = n->op;

	if (op == T_LAND || op == T_LOR) {
		int out = cg_new_label(g), done = cg_new_label(g);
		cg_expr(g, l);
		cg_jmp_imm(g, op == T_LAND ? BPF_JEQ : BPF_JNE, R0, 0, out);
		cg_expr(g, r);
		cg_jmp_imm(g, op == T_LAND ? BPF_JEQ : BPF_JNE, R0, 0, out);
		cg_emit(g, BPF_MOV64_IMM(R0, op == T_LAND ? 1 : 0));
		cg_jmp(g, done);
		cg_place(g, out);
		cg_emit(g, BPF_MOV64_IMM(R0, op == T_LAND ? 0 : 1));
		cg_place(g, done);
		return;
	}
	if (op == T_COMMA) {
		cg_expr(g, l);
		cg_expr(g, r);
		return;
	}
	cg_expr(g, l);
	cg_push(g, R0);
	cg_expr(g, r);
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_pop(g, R0);
	if (op == T_LXOR) {
		int a = cg_new_label(g), b = cg_new_label(g);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, a);
		cg_emit(g, BPF_MOV64_IMM(R0, 1));
		cg_place(g, a);
		cg_jmp_imm(g, BPF_JEQ, R1, 0, b);
		cg_emit(g, BPF_MOV64_IMM(R1, 1));
		cg_place(g, b);
		cg_emit(g, BPF_ALU64_REG(BPF_XOR, R0, R1));
		return;
	}
	if (op == T_EQ || op == T_NE || op == T_LT || op == T_GT || op == T_LE || op == T_GE) {
		int t = cg_new_label(g), done = cg_new_label(g);
		int sg = 0;
		if (is_str(l->type) && is_str(r->type)) {
			/* a NULL string compares as a pointer; others by content */
			int ptrcmp = cg_new_label(g), cmp = cg_new_label(g);
			cg_jmp_imm(g, BPF_JEQ, R0, 0, ptrcmp);
			cg_jmp_imm(g, BPF_JEQ, R1, 0, ptrcmp);
			cg_emit(g, BPF_MOV64_REG(R2, R1));
			cg_emit(g, BPF_MOV64_REG(R1, R0));
			cg_strcmp(g);
			cg_emit(g, BPF_MOV64_IMM(R1, 0));
			cg_jmp_reg(g, cmp_jop(op, 1), R0, R1, t);
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			cg_jmp(g, done);
			cg_place(g, ptrcmp);
			cg_jmp_reg(g, cmp_jop(op, 0), R0, R1, t);
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			cg_jmp(g, done);
			cg_place(g, cmp);
			cg_place(g, t);
			cg_emit(g, BPF_MOV64_IMM(R0, 1));
			cg_place(g, done);
			return;
		} else if (type_is_integral(l->type) && type_is_integral(r->type)) {
			struct dt_type *ct = type_arith_result(l->type, r->type);
			sg = ct->is_signed;
		}
		cg_jmp_reg(g, cmp_jop(op, sg), R0, R1, t);
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
		cg_jmp(g, done);
		cg_place(g, t);
		cg_emit(g, BPF_MOV64_IMM(R0, 1));
		cg_place(g, done);
		return;
	}
	gen_binop_regs(g, op, n->type, l->type, r->type, n->line);
}

/* ---- string subroutines --------------------------------------------------------- */

/*
 * String subroutines on the kernel's string kfuncs (bpf_strnlen,
 * bpf_strstr, bpf_strspn, ... in kernels since 6.17).  Their pointer
 * arguments are not checked by the verifier ("__ign") and they read with
 * fault-safe accesses; their results are unknown scalars, so a call costs
 * the verifier one instruction, where a byte loop costs one state per
 * byte and multiplies the states of the rest of the clause by its exits.
 */
#include <bpf/btf.h>

static void cg_kcall(struct cg *g, const char *name)
{
	struct btf *b = types_vmlinux_btf();
	int id = b ? btf__find_by_name_kind(b, name, BTF_KIND_FUNC) : -1;

	if (id <= 0)
		cg_error(g, g->clause ? g->clause->line : 0, "D_FUNC_UNSUP",
			 "this kernel has no %s kfunc, which D string functions need", name);
	cg_emit(g, BPF_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0, id));
	/* they return int: sign-extend the error codes */
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, 32));
	cg_emit(g, BPF_ALU64_IMM(BPF_ARSH, R0, 32));
}

/* reg = min(reg, max) as unsigned: gives the verifier a bound for reg. */
static void cg_clamp_u(struct cg *g, int reg, int32_t max)
{
	cg_emit(g, BPF_JMP_IMM(BPF_JLE, reg, max, 1));
	cg_emit(g, BPF_MOV64_IMM(reg, max));
}

/* r0 = r7 + off */
static void cg_scratch_ptr(struct cg *g, int reg, uint32_t off)
{
	cg_emit(g, BPF_MOV64_REG(reg, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, reg, (int32_t)off));
}

/*
 * A kfunc left in r0 the index of a match in the string at stack depth d,
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


/* strlen of the string at r1 into r0 (0..strsize).  Clobbers r1-r5. */
static void cg_strlen_reg(struct cg *g)
{
	cg_null_check(g, R1);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)(g->L->strmax - 1)));
	cg_kcall(g, "bpf_strnlen");
	cg_clamp_u(g, R0, (int32_t)(g->L->strmax - 1));
}

static void cg_call_subr(struct cg *g, struct node *n);

static void gen_strjoin(struct cg *g, struct node *n)
{
	uint32_t sb = g->L->strmax;
	uint32_t t = cg_temp(g, 2 * g->L->strbuf);
	int ok = cg_new_label(g), ok2 = cg_new_label(g);

	cg_expr(g, n->args.v[0]);
	cg_push(g, R0);
	cg_expr(g, n->args.v[1]);
	cg_push(g, R0);
	/* first part */
	cg_peek(g, R3, g->depth - 2);
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sb));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_jmp_imm(g, BPF_JSGT, R0, 0, ok);
	cg_fault(g, 1, -1);
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
	cg_fault(g, 1, -1);
	cg_place(g, ok2);
	g->depth -= 2;
	cg_emit(g, BPF_MOV64_REG(R0, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)t));
}

/* substr(s, i [, len]) with DTrace's rules for negative positions. */
static void gen_substr(struct cg *g, struct node *n)
{
	uint32_t sb = g->L->strmax;
	uint32_t t = cg_temp(g, g->L->strbuf);
	int have_len = n->args.n > 2;
	int d0 = g->depth;

	cg_expr(g, n->args.v[0]);
	cg_push(g, R0);				/* d0: s */
	cg_expr(g, n->args.v[1]);
	cg_push(g, R0);				/* d0+1: index */
	if (have_len) {
		cg_expr(g, n->args.v[2]);
		cg_push(g, R0);			/* d0+2: length */
	}
	/* r6 is the context; keep it: compute in r8/r9 and stack */
	cg_peek(g, R1, d0);
	cg_strlen_reg(g);			/* r0 = len */
	cg_emit(g, BPF_MOV64_REG(R9, R0));		/* r9 = len */
	cg_peek(g, R8, d0 + 1);			/* r8 = index */
	/* if index < 0: index += len; if still < 0: (length adjusts) index = 0 */
	int nonneg = cg_new_label(g), idx_ok = cg_new_label(g);
	cg_jmp_imm(g, BPF_JSGE, R8, 0, nonneg);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R8, R9));
	if (have_len) {
		/* a negative start shortens the length (illumos semantics) */
		int pos = cg_new_label(g);
		int keep = cg_new_label(g);
		cg_jmp_imm(g, BPF_JSGE, R8, 0, pos);
		cg_peek(g, R1, d0 + 2);
		cg_jmp_imm(g, BPF_JSLT, R1, 0, keep);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
		cg_emit(g, BPF_JMP_IMM(BPF_JSGE, R1, 0, 1));
		cg_emit(g, BPF_MOV64_IMM(R1, 0));		/* nothing left of it */
		cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R1, cg_slot(d0 + 2)));
		cg_place(g, keep);
		cg_emit(g, BPF_MOV64_IMM(R8, 0));
		cg_place(g, pos);
	} else {
		cg_jmp_imm(g, BPF_JSGE, R8, 0, nonneg);
		cg_emit(g, BPF_MOV64_IMM(R8, 0));
	}
	cg_place(g, nonneg);
	/* index > len: empty */
	cg_jmp_reg(g, BPF_JSLE, R8, R9, idx_ok);
	cg_emit(g, BPF_MOV64_REG(R8, R9));
	cg_place(g, idx_ok);
	/* count = len - index, or min(length, that) */
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R8));
	if (have_len) {
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

/* strchr/strrchr: the string from the first/last c in s on, or NULL. */
static void gen_strchr(struct cg *g, struct node *n, int last)
{
	int d0 = g->depth;

	push_str_arg(g, n->args.v[0]);
	cg_expr(g, n->args.v[1]);
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, 0xff));
	cg_emit(g, BPF_MOV64_REG(R2, R0));
	cg_peek(g, R1, d0);
	cg_kcall(g, last ? "bpf_strrchr" : "bpf_strchr");
	suffix_result(g, d0);
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
	cg_kcall(g, "bpf_strstr");
	suffix_result(g, d0);
	g->depth = d0;
}

/*
 * copyin(addr, size) and copyinstr(addr [, len]): read user memory into a
 * temporary with bpf_probe_read_user(_str); a bad address faults with
 * DTrace's "invalid address" and the address.
 */
static void gen_copyin(struct cg *g, struct node *n)
{
	int str = n->fn == F_COPYINSTR;
	struct node *len = n->args.n > 1 ? n->args.v[1] : NULL;
	uint32_t max = str ? g->L->strbuf : g->L->strbuf;
	int ok = cg_new_label(g), clamp = cg_new_label(g);
	uint32_t t;

	if (!str && len->is_const && len->cval > 0 && (uint64_t)len->cval <= 4096)
		max = (uint32_t)len->cval;
	t = cg_temp(g, max);
	cg_expr(g, n->args.v[0]);
	cg_push(g, R0);
	if (str) {
		/* at most len bytes and the NUL, at most strsize bytes */
		if (len) {
			cg_expr(g, len);
			cg_emit(g, BPF_JMP_IMM(BPF_JLE, R0, (int32_t)g->L->strmax - 1, 1));
			cg_emit(g, BPF_MOV64_IMM(R0, (int32_t)g->L->strmax - 1));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, 1));
			cg_emit(g, BPF_MOV64_REG(R2, R0));
		} else {
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
		}
	} else {
		cg_expr(g, len);
		cg_jmp_imm(g, BPF_JLE, R0, (int32_t)max, clamp);
		cg_emit(g, BPF_MOV64_IMM(R0, (int32_t)max));
		cg_place(g, clamp);
		cg_emit(g, BPF_MOV64_REG(R2, R0));
	}
	cg_pop(g, R8);
	cg_emit(g, BPF_MOV64_REG(R3, R8));
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
	cg_call(g, str ? BPF_FUNC_probe_read_user_str : BPF_FUNC_probe_read_user);
	cg_jmp_imm(g, str ? BPF_JSGT : BPF_JEQ, R0, 0, ok);
	cg_fault(g, 1, R8);
	cg_place(g, ok);
	cg_emit(g, BPF_MOV64_REG(R0, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)t));
}

/* speculation(): claim a free speculation buffer (1..nspec), or 0. */
static void gen_speculation(struct cg *g)
{
	int done = cg_new_label(g);
	int nspec = g->o->nspec > 0 ? g->o->nspec : 1;

	for (int i = 1; i <= nspec && i <= DT_NSPEC_MAX; i++) {
		cg_ld_mapval(g, R1, CGM_GVARS, GV_SPEC0 + 8 * (uint32_t)i);
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
		cg_emit(g, BPF_MOV64_IMM(R2, 1));
		cg_emit(g, BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, R1, R2, 0, BPF_CMPXCHG));
		cg_emit(g, BPF_MOV64_REG(R3, R0));
		cg_emit(g, BPF_MOV64_IMM(R0, i));
		cg_jmp_imm(g, BPF_JEQ, R3, 0, done);
	}
	cg_ld_mapval(g, R1, CGM_GVARS, GV_SPECUNAVAIL);
	cg_emit(g, BPF_MOV64_IMM(R2, 1));
	cg_emit(g, BPF_ATOMIC_ADD64(R1, R2, 0));
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_place(g, done);
}

/*
 * index(s, sub [, start]) and rindex(s, sub [, start]): the position of the
 * first (last) sub in s at or after (before) start, or -1.  As in DTrace: two
 * empty strings give 0; index() ignores a negative start and finds nothing
 * from start >= strlen(s); rindex() finds nothing from a negative start.
 */
static void gen_index(struct cg *g, struct node *n, int rev)
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
	/* both empty: 0 */
	cg_peek(g, R1, dlen);
	cg_emit(g, BPF_ALU64_REG(BPF_OR, R0, R1));
	cg_jmp_imm(g, BPF_JEQ, R0, 0, res);
	if (!rev) {
		/* r8 = start: max(start, 0); none if start >= len */
		cg_emit(g, BPF_MOV64_IMM(R8, 0));
		if (have_pos) {
			cg_peek(g, R8, dpos);
			cg_emit(g, BPF_JMP_IMM(BPF_JSGE, R8, 0, 1));
			cg_emit(g, BPF_MOV64_IMM(R8, 0));
		}
		cg_peek(g, R1, dlen);
		cg_jmp_reg(g, BPF_JSGE, R8, R1, none);
		cg_clamp_u(g, R8, (int32_t)g->L->strmax - 1);
		cg_peek(g, R1, d0);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
		cg_peek(g, R2, d0 + 1);
		cg_kcall(g, "bpf_strstr");
		cg_jmp_imm(g, BPF_JSLT, R0, 0, none);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R8));
		cg_jmp(g, res);
	} else {
		/* r8 = min(start, len, len - sublen); none if negative */
		int loop = cg_new_label(g);
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
		/* try each position from r8 down: sub matches at i when it is
		 * found within the first strlen(sub) bytes of s + i */
		cg_place(g, loop);
		cg_peek(g, R1, d0);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
		cg_peek(g, R2, d0 + 1);
		cg_peek(g, R3, dsub);
		cg_kcall(g, "bpf_strnstr");
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_emit(g, BPF_MOV64_REG(R0, R8));
		cg_jmp_imm(g, BPF_JEQ, R1, 0, res);
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R8, 1));
		cg_jmp_imm(g, BPF_JSGE, R8, 0, loop);
	}
	cg_place(g, none);
	cg_emit(g, BPF_MOV64_IMM(R0, -1));
	/* results go through memory: the verifier then forgets which
	 * iteration found them, and the paths after the loop merge */
	cg_place(g, res);
	cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R0, (int16_t)t));
	cg_jmp(g, done);
	cg_place(g, done);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R7, (int16_t)t));
	cg_norm(g, R0, &ty_int);
	g->depth = d0;
}

/*
 * lltostr(v [, base]): v in base 2..36 (default 10): signed in base 10,
 * unsigned otherwise, with a "0x" prefix in base 16 and "0" in base 8.
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
		cg_fault(g, 3, -1);		/* illegal operation */
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
	cg_emit(g, BPF_ST_MEM(BPF_B, R7, (int16_t)(dig + 71), 0));
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
	cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R3, (int16_t)cnt));
	cg_jmp(g, join);
	cg_place(g, join);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R7, (int16_t)cnt));
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
	cg_jmp_imm(g, BPF_JNE, R1, 8, noo);
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

/* toupper(s) / tolower(s): a copy of s with ASCII letters converted. */
static void gen_tocase(struct cg *g, struct node *n, int upper)
{
	uint32_t t = cg_temp(g, g->L->strbuf);
	int loop = cg_new_label(g), store = cg_new_label(g), done = cg_new_label(g);
	int lo = upper ? 'a' : 'A', hi = upper ? 'z' : 'Z';

	cg_expr(g, n->args.v[0]);
	cg_null_check(g, R0);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_scratch_ptr(g, R1, t);
	cg_copy_str(g, R1, R8);
	cg_scratch_ptr(g, R8, t);
	cg_emit(g, BPF_MOV64_IMM(R3, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R3, (int32_t)g->L->strmax - 1, done);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R4, R8, 0));
	cg_jmp_imm(g, BPF_JEQ, R4, 0, done);
	cg_jmp_imm(g, BPF_JLT, R4, lo, store);
	cg_jmp_imm(g, BPF_JGT, R4, hi, store);
	cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R4, 0x20));
	cg_emit(g, BPF_STX_MEM(BPF_B, R8, R4, 0));
	cg_place(g, store);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R8, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 1));
	cg_jmp(g, loop);
	cg_place(g, done);
	cg_scratch_ptr(g, R0, t);
}

/*
 * r3 = a length into the string at scratch t: shorten it while it ends in
 * '/' and stays above min.  The result goes through scratch (cnt) so the
 * loop's exits merge into one state for the verifier; r3 is reloaded,
 * clamped to strsize.
 */
static void trim_slashes(struct cg *g, uint32_t t, uint32_t cnt, int min)
{
	int loop = cg_new_label(g), out = cg_new_label(g), join = cg_new_label(g);

	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JLE, R3, min, out);
	cg_scratch_ptr(g, R2, t - 1);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R3));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R2, 0));
	cg_jmp_imm(g, BPF_JNE, R1, '/', out);
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R3, 1));
	cg_jmp(g, loop);
	cg_place(g, out);
	cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R3, (int16_t)cnt));
	cg_jmp(g, join);
	cg_place(g, join);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R7, (int16_t)cnt));
	cg_clamp_u(g, R3, (int32_t)g->L->strmax - 1);
}

/*
 * basename(s) and dirname(s), as basename(1) and dirname(1): trailing
 * slashes do not count; basename("/") is "/", dirname("usr") is ".".
 */
static void gen_pathpart(struct cg *g, struct node *n, int dir)
{
	uint32_t t = cg_temp(g, g->L->strbuf), r = cg_temp(g, g->L->strbuf), cnt = cg_temp(g, 8);
	int dot = cg_new_label(g), slash = cg_new_label(g), done = cg_new_label(g), ok = cg_new_label(g);

	cg_expr(g, n->args.v[0]);
	cg_null_check(g, R0);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_scratch_ptr(g, R1, t);
	cg_copy_str(g, R1, R8);
	cg_scratch_ptr(g, R1, t);
	cg_strlen_reg(g);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, dot);
	/* r3 = length without trailing slashes (at least 1) */
	cg_emit(g, BPF_MOV64_REG(R3, R0));
	trim_slashes(g, t, cnt, 1);
	cg_jmp_imm(g, BPF_JEQ, R3, 0, dot);
	/* "/" (all slashes): "/" either way */
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R7, (int16_t)t));
	cg_emit(g, BPF_JMP_IMM(BPF_JNE, R1, '/', 1));
	cg_jmp_imm(g, BPF_JEQ, R3, 1, slash);
	cg_scratch_ptr(g, R2, t);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R3));
	cg_emit(g, BPF_ST_MEM(BPF_B, R2, 0, 0));
	cg_scratch_ptr(g, R1, t);
	cg_emit(g, BPF_MOV64_IMM(R2, '/'));
	cg_kcall(g, "bpf_strrchr");
	if (!dir) {
		/* after the last slash (or all of it) */
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, 1));
		cg_emit(g, BPF_JMP_IMM(BPF_JSGE, R0, 0, 1));
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
		cg_clamp_u(g, R0, (int32_t)g->L->strmax - 1);
		cg_scratch_ptr(g, R3, t);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R0));
		cg_scratch_ptr(g, R1, r);
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
		cg_call(g, BPF_FUNC_probe_read_kernel_str);
		cg_scratch_ptr(g, R0, r);
		cg_jmp(g, done);
	} else {
		cg_jmp_imm(g, BPF_JSLT, R0, 0, dot);
		cg_clamp_u(g, R0, (int32_t)g->L->strmax - 1);
		/* drop the slashes before the last component */
		cg_emit(g, BPF_MOV64_REG(R3, R0));
		trim_slashes(g, t, cnt, 0);
		cg_jmp_imm(g, BPF_JEQ, R3, 0, slash);
		cg_scratch_ptr(g, R2, t);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R3));
		cg_emit(g, BPF_ST_MEM(BPF_B, R2, 0, 0));
		cg_scratch_ptr(g, R0, t);
		cg_jmp(g, done);
	}
	cg_place(g, dot);
	cg_emit(g, BPF_ST_MEM(BPF_H, R7, (int16_t)r, '.'));
	cg_jmp(g, ok);
	cg_place(g, slash);
	cg_emit(g, BPF_ST_MEM(BPF_H, R7, (int16_t)r, '/'));
	cg_place(g, ok);
	cg_scratch_ptr(g, R0, r);
	cg_place(g, done);
}

/*
 * strtok(s, delim) / strtok(NULL, delim): the state is the rest of the
 * string after the last token, kept in a hidden clause-local string
 * variable (NULL when the string is used up).  As in DTrace, strtok(NULL,
 * ...) faults when there is no state: a clause that has not started one.
 */
static const struct dt_clause *strtok_clause;

static void gen_strtok(struct cg *g, struct node *n)
{
	struct dt_var *v = n->var;
	struct node *s = n->args.v[0];
	uint32_t tok = cg_temp(g, g->L->strbuf), rest = cg_temp(g, g->L->strbuf);
	int d0 = g->depth, have = cg_new_label(g), null = cg_new_label(g), done = cg_new_label(g);

	if (s->kind == N_INT && s->ival == 0) {
		cg_var_addr(g, v);
		if (strtok_clause != g->clause)	/* no state yet: NULL */
			cg_emit(g, BPF_ST_MEM(BPF_H, R0, 0, 0xff00));
		cg_load_str_mark(g);
		cg_null_check(g, R0);
	} else {
		strtok_clause = g->clause;
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
	cg_kcall(g, "bpf_strspn");
	cg_clamp_u(g, R0, (int32_t)g->L->strmax - 1);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_var_addr(g, v);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R8, R0));
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R8, 0));
	cg_jmp_imm(g, BPF_JNE, R1, 0, have);
	/* no token: NULL, and no more state */
	cg_place(g, null);
	cg_var_addr(g, v);
	cg_emit(g, BPF_ST_MEM(BPF_H, R0, 0, 0xff00));
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_jmp(g, done);
	cg_place(g, have);
	cg_emit(g, BPF_MOV64_REG(R1, R8));
	cg_peek(g, R2, d0);
	cg_kcall(g, "bpf_strcspn");
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
	int ok = cg_new_label(g);

	cg_expr(g, n->args.v[0]);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, 7));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, ~7));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R8, FP, FP_ACUR));	/* r8: offset */
	cg_emit(g, BPF_MOV64_REG(R9, R0));			/* r9: size */
	cg_emit(g, BPF_MOV64_REG(R2, R8));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R9));
	cg_jmp_imm(g, BPF_JLE, R2, ALLOCA_MAX, ok);
	cg_fault(g, 5, -1);				/* out of scratch space */
	cg_place(g, ok);
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R2, FP_ACUR));
	cg_jmp_imm(g, BPF_JGT, R8, ALLOCA_MAX, ok);	/* for the verifier */
	cg_jmp_imm(g, BPF_JGT, R9, ALLOCA_MAX, ok);
	{
		int none = cg_new_label(g);
		cg_jmp_imm(g, BPF_JEQ, R9, 0, none);
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)g->L->alloca_off));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
		cg_emit(g, BPF_MOV64_REG(R2, R9));
		cg_emit(g, BPF_MOV64_REG(R3, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)g->L->zero_off));
		cg_call(g, BPF_FUNC_probe_read_kernel);
		cg_place(g, none);
	}
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_SBASE));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)g->L->alloca_off));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R8));
}

/* bcopy(src, dst, n): dst must be memory alloca() gave out. */
static void gen_bcopy(struct cg *g, struct node *n)
{
	int d0 = g->depth, ok = cg_new_label(g), bad = cg_new_label(g), done = cg_new_label(g);

	cg_expr(g, n->args.v[0]);
	cg_push(g, R0);
	cg_expr(g, n->args.v[2]);
	cg_push(g, R0);
	cg_expr(g, n->args.v[1]);			/* r0 = dst */
	/* the size must fit what alloca() gave out at dst */
	cg_peek(g, R9, d0 + 1);
	cg_jmp_imm(g, BPF_JGT, R9, ALLOCA_MAX, bad);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_SBASE));
	cg_emit(g, BPF_MOV64_REG(R2, R0));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R2, (int32_t)g->L->alloca_off));
	cg_jmp_imm(g, BPF_JSLT, R2, 0, bad);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, FP, FP_ACUR));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R3, R9));
	cg_jmp_imm(g, BPF_JSLT, R3, 0, bad);
	cg_jmp_reg(g, BPF_JSGT, R2, R3, bad);
	cg_jmp_imm(g, BPF_JLE, R2, ALLOCA_MAX, ok);
	cg_place(g, bad);
	cg_fault(g, 1, R0);
	cg_place(g, ok);
	cg_jmp_imm(g, BPF_JEQ, R9, 0, done);
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)g->L->alloca_off));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R2));
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_peek(g, R3, d0);
	cg_emit(g, BPF_MOV64_REG(R8, R3));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, done);
	cg_fault(g, 1, R8);
	cg_place(g, done);
	g->depth = d0;
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
}

static void cg_call_subr(struct cg *g, struct node *n)
{
	switch (n->fn) {
	case F_ALLOCA:
		gen_alloca(g, n);
		return;
	case F_BCOPY:
		gen_bcopy(g, n);
		return;
	case F_SPECULATION:
		gen_speculation(g);
		return;
	case F_COPYIN:
	case F_COPYINSTR:
		gen_copyin(g, n);
		return;
	case F_STRSTR:
		gen_strstr(g, n);
		return;
	case F_STRLEN:
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_strlen_reg(g);
		return;
	case F_STRJOIN:
		gen_strjoin(g, n);
		return;
	case F_SUBSTR:
		gen_substr(g, n);
		return;
	case F_STRCHR:
		gen_strchr(g, n, 0);
		return;
	case F_STRRCHR:
		gen_strchr(g, n, 1);
		return;
	case F_INDEX: case F_RINDEX:
		gen_index(g, n, n->fn == F_RINDEX);
		return;
	case F_LLTOSTR:
		gen_lltostr(g, n);
		return;
	case F_TOUPPER: case F_TOLOWER:
		gen_tocase(g, n, n->fn == F_TOUPPER);
		return;
	case F_BASENAME: case F_DIRNAME:
		gen_pathpart(g, n, n->fn == F_DIRNAME);
		return;
	case F_STRTOK:
		gen_strtok(g, n);
		return;
	case F_PROGENYOF:
		gen_progenyof(g, n);
		return;
	case F_GETMAJOR:
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 20));
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, 0xfff));
		return;
	case F_GETMINOR:
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, 0xfffff));
		return;
	case F_RAND:
		cg_call(g, BPF_FUNC_get_prandom_u32);
		cg_emit(g, BPF_MOV32_REG(R0, R0));
		cg_norm(g, R0, &ty_int);
		return;
	case F_HTONS: case F_NTOHS:
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_INSN(BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0, 16));
		return;
	case F_HTONL: case F_NTOHL:
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_INSN(BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0, 32));
		return;
	case F_HTONLL: case F_NTOHLL:
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_INSN(BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0, 64));
		return;
	default:
		if (sema_fn_is_action(n->fn))
			cg_error(g, n->line, "D_ACT_SPEC", "%s( ) may only be used as a statement", sema_fn_name(n->fn));
		cg_error(g, n->line, "D_FUNC_UNSUP", "%s( ) is not yet supported by this implementation", sema_fn_name(n->fn));
	}
}

/* ---- built-in variables ---------------------------------------------------- */

/* r0 = a member of the current task, following a path like
 * "real_parent->tgid" or "se.sum_exec_runtime" with probe reads. */
static void task_member(struct cg *g, const char *path)
{
	struct dt_type *t = type_tag(TY_STRUCT, "task_struct");
	const char *p = path;
	uint32_t off = 0;

	cg_call(g, BPF_FUNC_get_current_task);
	while (*p) {
		char name[64];
		size_t n = strcspn(p, ".-");
		snprintf(name, sizeof(name), "%.*s", (int)n, p);
		p += n;
		const struct dt_member *m = type_member(t, name);
		if (!m)
			cg_error(g, 0, NULL, "kernel BTF has no task_struct member %s", name);
		off += m->offset;
		t = m->type;
		if (*p == '.') {
			p++;
		} else if (p[0] == '-' && p[1] == '>') {
			p += 2;
			if (off)
				cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)off));
			off = 0;
			cg_load_kernel(g, type_ptr(&ty_void));
			t = t->ref;
		}
	}
	if (off)
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)off));
	cg_load_kernel(g, t);
}

/*
 * argN of the raw-tracepoint kinds; 0 if the kind is not one of them.
 * syscall entry: the user's registers (ctx[0] is the pt_regs pointer);
 * return: the return value (ctx[1]); sdt: the tracepoint's arguments,
 * read from ctx with a probe read so the program's context accesses stay
 * within what every tracepoint it attaches to provides.
 */
static int gen_probe_arg(struct cg *g, int i)
{
	/* x86_64 syscall arguments: di, si, dx, r10, r8, r9 in struct pt_regs */
	static const int16_t regoff[6] = {112, 104, 96, 56, 72, 64};
	int ok = cg_new_label(g);

	switch (g->p->ctx) {
	case CTX_RAWTP_SYSCALL:
		if (i >= 6) {
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			return 1;
		}
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R6, 0));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, regoff[i]));
		break;
	case CTX_RAWTP_SYSRET:
		if (i <= 1)
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R6, 8));
		else
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
		return 1;
	case CTX_RAWTP_SDT:
		cg_emit(g, BPF_MOV64_REG(R3, R6));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 8 * i));
		break;
	default:
		return 0;
	}
	cg_emit(g, BPF_MOV64_REG(R1, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, FP_TMP));
	cg_emit(g, BPF_MOV64_IMM(R2, 8));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_TMP));
	cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
	cg_emit(g, BPF_MOV64_IMM(R1, 0));
	cg_place(g, ok);
	cg_emit(g, BPF_MOV64_REG(R0, R1));
	return 1;
}

/* args[i]: argN converted to the type sema gave args[i] */
static void cg_args_elem(struct cg *g, struct node *n)
{
	struct node *ix = n->args.v[0];
	int i = ix->is_const ? (int)ix->cval : 0;
	struct dt_var v = {.builtin = BV_ARG0 + (i < 10 ? i : 0)};

	if (i >= 10 || !gen_probe_arg(g, i))
		cg_builtin_var(g, &v, n->line);
	cg_norm(g, R0, n->type);
}

static void cg_builtin_var(struct cg *g, struct dt_var *v, int line)
{
	int b = v->builtin;

	if (b >= BV_ARG0 && b <= BV_ARG9 && g->in_error) {
		/* ERROR: arg1 probe id, arg2 clause, arg3 pc, arg4 fault, arg5 address */
		uint32_t fo = g->L->fault_off;
		switch (b - BV_ARG0) {
		case 1: cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_ERRPRID)); break;
		case 2: cg_emit(g, BPF_MOV64_IMM(R0, g->err_clause_num)); break;
		case 3: cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R7, (int16_t)(fo + 24))); break;
		case 4: cg_emit(g, BPF_LDX_MEM(BPF_W, R0, R7, (int16_t)(fo + 12))); break;
		case 5: cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R7, (int16_t)(fo + 16))); break;
		default: cg_emit(g, BPF_MOV64_IMM(R0, 0)); break;
		}
		return;
	}
	if (b >= BV_ARG0 && b <= BV_ARG9 && gen_probe_arg(g, b - BV_ARG0))
		return;
	if (b >= BV_ARG0 && b <= BV_ARG9) {
		int i = b - BV_ARG0;
		switch (g->p->ctx) {
		case CTX_TESTRUN:
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R6, (int16_t)(8 * (i + 1))));
			return;
		case CTX_UPROBE:
		case CTX_URETPROBE: {
			/* x86_64 pt_regs: di si dx cx r8 r9 carry arguments 0..5,
			 * ax the return value (arg1 at return; arg0 is 0 there) */
			static const int16_t regoff[6] = {112, 104, 96, 88, 72, 64};
			if (g->p->ctx == CTX_URETPROBE) {
				if (i == 1)
					cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R6, 80));
				else
					cg_emit(g, BPF_MOV64_IMM(R0, 0));
			} else if (i < 6) {
				cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R6, regoff[i]));
			} else {
				cg_emit(g, BPF_MOV64_IMM(R0, 0));
			}
			return;
		}
		case CTX_PERF:
			/* profile: arg0 = kernel pc, arg1 = user pc */
			if (i <= 1) {
				int user = cg_new_label(g), done = cg_new_label(g);
				/* pt_regs->cs at 136, ip at 128 on x86_64 */
				cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R6, 136));
				cg_emit(g, BPF_ALU64_IMM(BPF_AND, R1, 3));
				cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R6, 128));
				cg_jmp_imm(g, BPF_JNE, R1, 0, user);
				if (i == 1)
					cg_emit(g, BPF_MOV64_IMM(R0, 0));
				cg_jmp(g, done);
				cg_place(g, user);
				if (i == 0)
					cg_emit(g, BPF_MOV64_IMM(R0, 0));
				cg_place(g, done);
				return;
			}
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			return;
		default:
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			return;
		}
	}
	switch (b) {
	case BV_PID:
		cg_call(g, BPF_FUNC_get_current_pid_tgid);
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 32));
		return;
	case BV_TID:
		cg_call(g, BPF_FUNC_get_current_pid_tgid);
		cg_emit(g, BPF_MOV32_REG(R0, R0));
		return;
	case BV_PPID:
		task_member(g, "real_parent->tgid");
		return;
	case BV_UID:
		cg_call(g, BPF_FUNC_get_current_uid_gid);
		cg_emit(g, BPF_MOV32_REG(R0, R0));
		return;
	case BV_GID:
		cg_call(g, BPF_FUNC_get_current_uid_gid);
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 32));
		return;
	case BV_CPU:
		cg_call(g, BPF_FUNC_get_smp_processor_id);
		return;
	case BV_EXECNAME: {
		uint32_t t = cg_temp(g, g->L->strbuf);
		cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(t + 16), 0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
		cg_emit(g, BPF_MOV64_IMM(R2, 16));
		cg_call(g, BPF_FUNC_get_current_comm);
		cg_emit(g, BPF_MOV64_REG(R0, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)t));
		return;
	}
	case BV_TIMESTAMP:
	case BV_VTIMESTAMP: {
		int have = cg_new_label(g);
		int fpo = b == BV_TIMESTAMP ? FP_TS : FP_VTS;
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, (int16_t)fpo));
		cg_jmp_imm(g, BPF_JNE, R0, 0, have);
		if (b == BV_TIMESTAMP) {
			cg_call(g, BPF_FUNC_ktime_get_ns);
		} else {
			task_member(g, "se.sum_exec_runtime");
		}
		cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R0, (int16_t)fpo));
		cg_place(g, have);
		return;
	}
	case BV_WALLTIMESTAMP:
		cg_call(g, BPF_FUNC_ktime_get_boot_ns);
		cg_ld_mapval(g, R1, CGM_GVARS, GV_WALLOFF);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R1, 0));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
		return;
	case BV_PROBEPROV: case BV_PROBEMOD: case BV_PROBEFUNC: case BV_PROBENAME: {
		int found = cg_new_label(g), done = cg_new_label(g);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_PRID));
		cg_emit(g, BPF_STX_MEM(BPF_W, FP, R0, FP_KEY32));
		cg_ld_map(g, R1, CGM_PINFO);
		cg_emit(g, BPF_MOV64_REG(R2, FP));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, FP_KEY32));
		cg_call(g, BPF_FUNC_map_lookup_elem);
		cg_jmp_imm(g, BPF_JNE, R0, 0, found);
		cg_strconst(g, R0, "", 0);
		cg_jmp(g, done);
		cg_place(g, found);
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)((uint32_t)(b - BV_PROBEPROV) * g->L->strbuf)));
		cg_place(g, done);
		return;
	}
	case BV_ID:
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_PRID));
		return;
	case BV_EPID:
		cg_emit(g, BPF_MOV64_IMM(R0, g->clause->index + 1));
		return;
	case BV_ERRNO:
		if (g->p->ctx == CTX_RAWTP_SYSRET) {
			/* a return value in [-4095, -1] is -errno */
			int zero = cg_new_label(g), done = cg_new_label(g);
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R6, 8));
			cg_jmp_imm(g, BPF_JSGE, R0, 0, zero);
			cg_jmp_imm(g, BPF_JSLT, R0, -4095, zero);
			cg_emit(g, BPF_NEG64(R0));
			cg_jmp(g, done);
			cg_place(g, zero);
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			cg_place(g, done);
			return;
		}
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
		return;
	case BV_CURTHREAD:
		cg_call(g, BPF_FUNC_get_current_task);
		return;
	case BV_STACKDEPTH:
		if (g->p->ctx == CTX_TESTRUN) {
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			return;
		} else {
			uint32_t t = cg_temp(g, 127 * 8);
			int ok = cg_new_label(g);
			cg_emit(g, BPF_MOV64_REG(R1, R6));
			cg_emit(g, BPF_MOV64_REG(R2, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, (int32_t)t));
			cg_emit(g, BPF_MOV64_IMM(R3, 127 * 8));
			cg_emit(g, BPF_MOV64_IMM(R4, 0));
			cg_call(g, BPF_FUNC_get_stack);
			cg_jmp_imm(g, BPF_JSGE, R0, 0, ok);
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			cg_place(g, ok);
			cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 3));
			return;
		}
	case BV_CALLER: case BV_UCALLER: case BV_USTACKDEPTH: case BV_IPL:
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
		return;
	default:
		cg_error(g, line, "D_UNKNOWN", "built-in variable %s is not yet supported by this implementation", v->name);
	}
}

/* ---- expressions ------------------------------------------------------------------ */

static void cg_expr(struct cg *g, struct node *n)
{
	if (n->is_const && type_is_scalar(n->type)) {
		cg_ld_imm64(g, R0, (uint64_t)n->cval);
		return;
	}
	switch (n->kind) {
	case N_INT:
		cg_ld_imm64(g, R0, n->ival);
		cg_norm(g, R0, n->type);
		return;
	case N_STR:
		cg_strconst(g, R0, n->sval, n->slen);
		return;
	case N_VAR:
		cg_var_read(g, n);
		return;
	case N_UNARY:
		switch (n->op) {
		case T_MINUS:
			cg_expr(g, n->kids[0]);
			cg_emit(g, BPF_NEG64(R0));
			cg_norm(g, R0, n->type);
			return;
		case T_PLUS:
			cg_expr(g, n->kids[0]);
			cg_norm(g, R0, n->type);
			return;
		case T_TILDE:
			cg_expr(g, n->kids[0]);
			cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R0, -1));
			cg_norm(g, R0, n->type);
			return;
		case T_BANG: {
			int z = cg_new_label(g), done = cg_new_label(g);
			cg_expr(g, n->kids[0]);
			cg_jmp_imm(g, BPF_JEQ, R0, 0, z);
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			cg_jmp(g, done);
			cg_place(g, z);
			cg_emit(g, BPF_MOV64_IMM(R0, 1));
			cg_place(g, done);
			return;
		}
		case T_STAR:
			if (is_str(n->kids[0]->type)) {
				cg_expr(g, n->kids[0]);
				cg_load_kernel(g, &ty_char);
				return;
			}
			cg_expr(g, n->kids[0]);
			cg_load_kernel(g, n->type);
			return;
		case T_AMP:
			gen_kaddr(g, n->kids[0]);
			return;
		}
		break;
	case N_BINARY:
		gen_binary(g, n);
		return;
	case N_TERNARY: {
		int f = cg_new_label(g), done = cg_new_label(g);
		cg_expr(g, n->kids[0]);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, f);
		cg_expr(g, n->kids[1]);
		cg_norm(g, R0, n->type);
		cg_jmp(g, done);
		cg_place(g, f);
		cg_expr(g, n->kids[2]);
		cg_norm(g, R0, n->type);
		cg_place(g, done);
		return;
	}
	case N_ASSIGN:
	case N_PREINC: case N_PREDEC: case N_POSTINC: case N_POSTDEC:
		gen_update(g, n);
		return;
	case N_CALL:
		cg_call_subr(g, n);
		return;
	case N_INDEX:
		if (n->kids[0] && n->kids[0]->kind == N_VAR && n->kids[0]->var->scope == VS_BUILTIN &&
		    n->kids[0]->var->builtin == BV_ARGS) {
			cg_args_elem(g, n);
			return;
		}
		if (cg_is_garray_elem(n)) {
			cg_garray_addr(g, n);
			cg_garray_load(g, n->type);
			return;
		}
		if (is_str(n->kids[0]->type) && n->kids[0]->type->kind == TY_STRING) {
			/* s[i]: read the byte with a probe read (faults on NULL) */
			cg_expr(g, n->kids[0]);
			cg_push(g, R0);
			cg_expr(g, n->args.v[0]);
			cg_pop(g, R1);
			cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
			cg_load_kernel(g, &ty_char);
			return;
		}
		gen_kaddr(g, n);
		cg_load_kernel(g, n->type);
		return;
	case N_MEMBER: {
		const struct dt_member *m = n->aux;
		if (m && m->bit_size) {
			/* a bitfield: the bytes that hold it, shifted and masked */
			uint32_t nbytes = (m->bit_offset + m->bit_size + 7) / 8;
			struct dt_type *raw = nbytes <= 1 ? &ty_uchar : nbytes <= 2 ? &ty_ushort :
					      nbytes <= 4 ? &ty_uint : &ty_ulong;
			if (is_direct(n)) {
				gen_daddr(g, n);
				cg_load_sized(g, &ty_ulong);
			} else {
				gen_kaddr(g, n);
				cg_load_kernel(g, raw);
			}
			if (m->bit_offset)
				cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, m->bit_offset));
			cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, 64 - m->bit_size));
			cg_emit(g, BPF_ALU64_IMM(n->type->is_signed ? BPF_ARSH : BPF_RSH, R0, 64 - m->bit_size));
			return;
		}
		if (is_direct(n)) {
			gen_daddr(g, n);
			cg_load_sized(g, n->type);
			return;
		}
		gen_kaddr(g, n);
		cg_load_kernel(g, n->type);
		return;
	}
	case N_CAST:
		cg_expr(g, n->kids[0]);
		if (n->cast_type->kind == TY_STRING && n->kids[0]->type->kind == TY_PTR)
			cg_load_kernel(g, &ty_string);
		else
			cg_norm(g, R0, n->cast_type);
		return;
	case N_STRINGOF:
		cg_expr(g, n->kids[0]);
		if (!is_str(n->kids[0]->type))
			cg_load_kernel(g, &ty_string);
		return;
	default:
		break;
	}
	cg_error(g, n->line, "D_UNKNOWN", "expression is not yet supported by this implementation");
}

/* ---- aggregations ------------------------------------------------------------ */

uint32_t cg_agg_nvals(const struct dt_aggvar *a)
{
	switch (a->fn) {
	case F_COUNT: return 1;
	case F_SUM: case F_AVG: case F_MIN: case F_MAX: return 2;
	case F_STDDEV: return 4;
	case F_QUANTIZE: return 1 + 127;
	case F_LQUANTIZE: return 1 + (uint32_t)((a->lq_limit - a->lq_base) / a->lq_step) + 2;
	case F_LLQUANTIZE: {
		/* Oracle DTrace's layout: negative and positive magnitudes around
		 * a bin for |value| < factor^low (see consumer/agg.h) */
		int64_t B = a->llq_nsteps - a->llq_nsteps / a->llq_factor;
		int64_t M = a->llq_high - a->llq_low + 1;
		return 1 + (uint32_t)(2 * M * B + 3);
	}
	default: return 1;
	}
}

/* Bytes of key slot i of an aggregation: strings as wide as they can be. */
uint32_t cg_agg_keyslot(const struct cg_layout *L, const struct dt_aggvar *a, int i)
{
	if (a->keys[i]->is_stack)
		return a->keys[i]->nelems * 8;
	if (!is_str(a->keys[i]))
		return 8;
	if (a->keywidth && a->keywidth[i] && a->keywidth[i] < L->strmax)
		return (a->keywidth[i] + 7) & ~7u;
	return L->strbuf;
}

/* bpf_get_stack() of the probe's context into r7 + off (size bytes);
 * BEGIN and END have no stack of their own. */
static void cg_stack_into(struct cg *g, uint32_t off, uint32_t size, int user)
{
	int ok = cg_new_label(g);

	if (g->p->ctx == CTX_TESTRUN && !user) {
		cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)off, 0));
		return;
	}
	if (user) {
		/* the process id, to find the frames' objects */
		cg_call(g, BPF_FUNC_get_current_pid_tgid);
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 32));
		cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R0, (int16_t)off));
		off += 8;
		size -= 8;
		cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)off, 0));
	}
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_MOV64_REG(R2, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, (int32_t)off));
	cg_emit(g, BPF_MOV64_IMM(R3, (int32_t)size));
	cg_emit(g, BPF_MOV64_IMM(R4, user ? BPF_F_USER_STACK : 0));
	cg_call(g, BPF_FUNC_get_stack);
	cg_jmp_imm(g, BPF_JSGE, R0, 0, ok);
	cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)off, 0));
	cg_place(g, ok);
}

static int is_execname(struct node *k)
{
	return k->kind == N_VAR && k->var && k->var->scope == VS_BUILTIN && k->var->builtin == BV_EXECNAME;
}

/* Build an aggregation key from the pushed keys at depth base; r9 = key.
 * execname keys are read straight into the key (no temporary copy). */
static void build_agg_key(struct cg *g, struct dt_aggvar *a, struct node *l, int base)
{
	uint32_t off = g->L->key_off;
	uint32_t ks = g->L->agg_keysize[a->id];

	for (uint32_t i = 0; i < ks; i += 8)
		cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(off + i), 0));
	for (int i = 0; i < a->nkeys; i++) {
		uint32_t slot = cg_agg_keyslot(g->L, a, i);
		if (a->keys[i]->is_stack) {
			cg_stack_into(g, off, slot, a->keys[i]->is_stack == 2);
			off += slot;
			continue;
		}
		if (is_str(a->keys[i]) && is_execname(l->args.v[i])) {
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)off));
			cg_emit(g, BPF_MOV64_IMM(R2, 16));
			cg_call(g, BPF_FUNC_get_current_comm);
			off += slot;
			continue;
		}
		cg_peek(g, R3, base + i);
		if (is_str(a->keys[i])) {
			int ok = cg_new_label(g);
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)off));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)(slot < g->L->strmax ? slot : g->L->strmax)));
			cg_call(g, BPF_FUNC_probe_read_kernel_str);
			cg_jmp_imm(g, BPF_JSGE, R0, 0, ok);
			cg_fault(g, 1, -1);
			cg_place(g, ok);
			off += slot;
		} else {
			cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R3, (int16_t)off));
			off += 8;
		}
	}
	cg_emit(g, BPF_MOV64_REG(R9, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, (int32_t)g->L->key_off));
}

/* r1 = number of significant bits of the unsigned, non-zero r0 (1..64). */
static void gen_bits(struct cg *g)
{
	cg_emit(g, BPF_MOV64_IMM(R1, 1));
	for (int sh = 32; sh >= 1; sh /= 2) {
		int skip = cg_new_label(g);
		cg_emit(g, BPF_MOV64_REG(R2, R0));
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R2, sh));
		cg_jmp_imm(g, BPF_JEQ, R2, 0, skip);
		cg_emit(g, BPF_MOV64_REG(R0, R2));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, sh));
		cg_place(g, skip);
	}
}

/* bucket index in r1 (clamped to [0, nb-1]) += incr (at depth incr_d) */
static void bump_bucket(struct cg *g, uint32_t nb, int incr_d)
{
	int ok = cg_new_label(g);

	cg_jmp_imm(g, BPF_JLE, R1, (int32_t)(nb - 1), ok);
	cg_emit(g, BPF_MOV64_IMM(R1, (int32_t)(nb - 1)));
	cg_place(g, ok);
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R1, 3));
	cg_emit(g, BPF_MOV64_REG(R2, R8));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R1));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R2, 8));
	cg_peek(g, R4, incr_d);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R4));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R2, R3, 8));
}

static void cg_agg_update(struct cg *g, struct node *e)
{
	struct node *l = e->kids[0], *fcall = e->kids[1];
	struct dt_aggvar *a = g->L->aggs[l->ival];
	int map = CGM_DYN0 + g->L->ndyn + a->id;
	int have = cg_new_label(g), done = cg_new_label(g), ins_ok = cg_new_label(g);
	int base = g->depth;

	for (int i = 0; i < l->args.n; i++) {
		struct node *k = l->args.v[i];
		if (is_execname(k) || (k->type && k->type->is_stack))
			cg_emit(g, BPF_MOV64_IMM(R0, 0));	/* read in build_agg_key */
		else
			cg_expr(g, l->args.v[i]);
		cg_push(g, R0);
	}
	int val_d = -1, incr_d;

	/* value and increment */
	if (fcall->args.n > 0) {
		cg_expr(g, fcall->args.v[0]);
		val_d = g->depth;
		cg_push(g, R0);
	}
	int incr_arg = a->fn == F_QUANTIZE ? 1 : a->fn == F_LQUANTIZE ? 4 : a->fn == F_LLQUANTIZE ? 5 : -1;
	if (incr_arg >= 0 && fcall->args.n > incr_arg)
		cg_expr(g, fcall->args.v[incr_arg]);
	else
		cg_emit(g, BPF_MOV64_IMM(R0, 1));
	incr_d = g->depth;
	cg_push(g, R0);

	build_agg_key(g, a, l, base);
	cg_ld_map(g, R1, map);
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_call(g, BPF_FUNC_map_lookup_elem);
	cg_jmp_imm(g, BPF_JNE, R0, 0, have);
	/* first update of this key on this CPU: insert zeroes */
	cg_ld_map(g, R1, map);
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_emit(g, BPF_MOV64_REG(R3, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)g->L->zero_off));
	cg_emit(g, BPF_MOV64_IMM(R4, BPF_NOEXIST));
	cg_call(g, BPF_FUNC_map_update_elem);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, ins_ok);
	cg_jmp_imm(g, BPF_JEQ, R0, -17 /* EEXIST */, ins_ok);
	/* counted per CPU, in this CPU's scratch area */
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R7, (int16_t)(g->L->drops_off + 8)));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R1, (int16_t)(g->L->drops_off + 8)));
	cg_jmp(g, done);
	cg_place(g, ins_ok);
	cg_ld_map(g, R1, map);
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_call(g, BPF_FUNC_map_lookup_elem);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, done);
	cg_place(g, have);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	/* v[0]: updates on this CPU */
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R8, 0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R8, R1, 0));

	switch (a->fn) {
	case F_COUNT:
		/* a count() adds its weight (1) */
		if (incr_arg < 0)
			break;
		break;
	case F_SUM:
	case F_AVG:
		cg_peek(g, R2, val_d);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R8, 8));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R2));
		cg_emit(g, BPF_STX_MEM(BPF_DW, R8, R3, 8));
		break;
	case F_MIN:
	case F_MAX: {
		int set = cg_new_label(g), skip = cg_new_label(g);
		cg_peek(g, R2, val_d);
		cg_jmp_imm(g, BPF_JEQ, R1, 1, set);	/* first value on this CPU */
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R8, 8));
		cg_jmp_reg(g, a->fn == F_MIN ? BPF_JSGE : BPF_JSLE, R2, R3, skip);
		cg_place(g, set);
		cg_emit(g, BPF_STX_MEM(BPF_DW, R8, R2, 8));
		cg_place(g, skip);
		break;
	}
	case F_STDDEV: {
		int pos = cg_new_label(g), nc1 = cg_new_label(g), nc2 = cg_new_label(g);
		cg_peek(g, R2, val_d);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R8, 8));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R2));
		cg_emit(g, BPF_STX_MEM(BPF_DW, R8, R3, 8));
		/* x = |v|; x*x as 128 bits (lo r4, hi r5) */
		cg_jmp_imm(g, BPF_JSGE, R2, 0, pos);
		cg_emit(g, BPF_NEG64(R2));
		cg_place(g, pos);
		cg_emit(g, BPF_MOV64_REG(R0, R2));
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 32));	/* a */
		cg_emit(g, BPF_MOV32_REG(R2, R2));			/* b */
		cg_emit(g, BPF_MOV64_REG(R4, R2));
		cg_emit(g, BPF_ALU64_REG(BPF_MUL, R4, R2));	/* bb */
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_emit(g, BPF_ALU64_REG(BPF_MUL, R1, R2));	/* ab */
		cg_emit(g, BPF_MOV64_REG(R5, R0));
		cg_emit(g, BPF_ALU64_REG(BPF_MUL, R5, R0));	/* aa */
		cg_emit(g, BPF_MOV64_REG(R3, R1));
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R3, 31));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R5, R3));	/* hi = aa + ab>>31 */
		cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R1, 33));
		cg_emit(g, BPF_MOV64_REG(R3, R4));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R4, R1));	/* lo = bb + ab<<33 */
		cg_jmp_reg(g, BPF_JGE, R4, R3, nc1);
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R5, 1));
		cg_place(g, nc1);
		/* v[2..3] += (lo, hi) */
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R8, 16));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R4));
		cg_emit(g, BPF_STX_MEM(BPF_DW, R8, R1, 16));
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R2, R8, 24));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R2, R5));
		cg_jmp_reg(g, BPF_JGE, R1, R4, nc2);
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, 1));
		cg_place(g, nc2);
		cg_emit(g, BPF_STX_MEM(BPF_DW, R8, R2, 24));
		break;
	}
	case F_QUANTIZE: {
		int zero = cg_new_label(g), neg = cg_new_label(g), idx = cg_new_label(g), clamp = cg_new_label(g);
		cg_peek(g, R0, val_d);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, zero);
		cg_jmp_imm(g, BPF_JSLT, R0, 0, neg);
		gen_bits(g);
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 63));
		cg_jmp(g, idx);
		cg_place(g, neg);
		cg_emit(g, BPF_NEG64(R0));
		gen_bits(g);
		cg_jmp_imm(g, BPF_JLE, R1, 63, clamp);
		cg_emit(g, BPF_MOV64_IMM(R1, 63));
		cg_place(g, clamp);
		cg_emit(g, BPF_MOV64_IMM(R2, 63));
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R1));
		cg_emit(g, BPF_MOV64_REG(R1, R2));
		cg_jmp(g, idx);
		cg_place(g, zero);
		cg_emit(g, BPF_MOV64_IMM(R1, 63));
		cg_place(g, idx);
		bump_bucket(g, 127, incr_d);
		break;
	}
	case F_LQUANTIZE: {
		int64_t levels = (a->lq_limit - a->lq_base) / a->lq_step;
		int idx = cg_new_label(g), under = cg_new_label(g);
		cg_peek(g, R0, val_d);
		cg_ld_imm64(g, R2, (uint64_t)a->lq_base);
		cg_jmp_reg(g, BPF_JSLT, R0, R2, under);
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R0, R2));
		cg_ld_imm64(g, R3, (uint64_t)(levels * a->lq_step));
		cg_emit(g, BPF_MOV64_IMM(R1, (int32_t)(levels + 1)));
		cg_jmp_reg(g, BPF_JGE, R0, R3, idx);
		cg_ld_imm64(g, R3, (uint64_t)a->lq_step);
		cg_emit(g, BPF_ALU64_REG(BPF_DIV, R0, R3));
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
		cg_jmp(g, idx);
		cg_place(g, under);
		cg_emit(g, BPF_MOV64_IMM(R1, 0));
		cg_place(g, idx);
		bump_bucket(g, (uint32_t)(levels + 2), incr_d);
		break;
	}
	case F_LLQUANTIZE: {
		/* the bucket of |value| among the orders of magnitude, unrolled
		 * at compile time; negative values mirror around the bin of
		 * |value| < factor^low (index Z) */
		int64_t f = a->llq_factor, steps = a->llq_nsteps;
		int64_t B = steps - steps / f, M = a->llq_high - a->llq_low + 1, Z = M * B + 1;
		int64_t p = 1;
		int pos = cg_new_label(g), have_j = cg_new_label(g), zero = cg_new_label(g), idx = cg_new_label(g);
		for (int64_t o = 0; o < a->llq_low; o++)
			p *= f;
		cg_peek(g, R0, val_d);
		cg_emit(g, BPF_MOV64_IMM(R5, 0));		/* r5: negative? */
		cg_jmp_imm(g, BPF_JSGE, R0, 0, pos);
		cg_emit(g, BPF_NEG64(R0));
		cg_emit(g, BPF_MOV64_IMM(R5, 1));
		cg_place(g, pos);
		cg_ld_imm64(g, R2, (uint64_t)p);
		cg_jmp_reg(g, BPF_JLT, R0, R2, zero);
		for (int64_t m = a->llq_low; m <= a->llq_high; m++) {
			int64_t pn = p * f;		/* f^(m+1) */
			int next = cg_new_label(g);
			cg_ld_imm64(g, R2, (uint64_t)pn);
			cg_jmp_reg(g, BPF_JGE, R0, R2, next);
			if (pn % steps == 0) {
				cg_ld_imm64(g, R2, (uint64_t)(pn / steps));
				cg_emit(g, BPF_ALU64_REG(BPF_DIV, R0, R2));
			} else {
				cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R0, (int32_t)steps));
				cg_ld_imm64(g, R2, (uint64_t)pn);
				cg_emit(g, BPF_ALU64_REG(BPF_DIV, R0, R2));
			}
			cg_emit(g, BPF_MOV64_REG(R1, R0));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)(1 + (m - a->llq_low) * B - steps / f)));
			cg_jmp(g, have_j);
			cg_place(g, next);
			p = pn;
		}
		cg_emit(g, BPF_MOV64_IMM(R1, (int32_t)(M * B + 1)));	/* overflow */
		cg_place(g, have_j);
		{
			int plus = cg_new_label(g);
			cg_jmp_imm(g, BPF_JEQ, R5, 0, plus);
			cg_emit(g, BPF_NEG64(R1));
			cg_place(g, plus);
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)Z));
			cg_jmp(g, idx);
		}
		cg_place(g, zero);
		cg_emit(g, BPF_MOV64_IMM(R1, (int32_t)Z));
		cg_place(g, idx);
		bump_bucket(g, cg_agg_nvals(a) - 1, incr_d);
		break;
	}
	default:
		break;
	}
	cg_place(g, done);
	g->depth = base;
}

/* ---- actions ---------------------------------------------------------------- */

static struct dt_recdesc *next_rec(struct cg *g)
{
	return g->clause->recs.v[g->act_index++];
}

static void set_present(struct cg *g, struct dt_recdesc *r)
{
	if (r->bit < 0)
		return;
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R7, 16));
	if (r->bit < 31) {
		cg_emit(g, BPF_ALU64_IMM(BPF_OR, R1, 1 << r->bit));
	} else {
		cg_ld_imm64(g, R2, 1ULL << r->bit);
		cg_emit(g, BPF_ALU64_REG(BPF_OR, R1, R2));
	}
	cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R1, 16));
}

/* Evaluate e and store it in the record at arg a. */
static void record_value(struct cg *g, struct node *e, const struct dt_recarg *a)
{
	cg_expr(g, e);
	if (a->is_raw) {
		/* r0 is the struct's address */
		int ok = cg_new_label(g);
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		cg_emit(g, BPF_MOV64_REG(R3, R0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)a->off));
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)a->size));
		cg_call(g, BPF_FUNC_probe_read_kernel);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
		cg_fault(g, 1, R8);
		cg_place(g, ok);
		return;
	}
	if (a->is_string) {
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)a->off));
		cg_copy_str(g, R1, R8);
	} else {
		cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R0, (int16_t)a->off));
	}
}

static void cg_action(struct cg *g, struct node *n)
{
	struct dt_recdesc *r;

	switch (n->fn) {
	case F_TRACE:
		r = next_rec(g);
		record_value(g, n->args.v[0], &r->args[0]);
		set_present(g, r);
		return;
	case F_PRINTF:
	case F_SYSTEM:
		r = next_rec(g);
		for (int i = 0; i < r->nargs; i++)
			record_value(g, n->args.v[i + 1], &r->args[i]);
		set_present(g, r);
		return;
	case F_EXIT:
		r = next_rec(g);
		record_value(g, n->args.v[0], &r->args[0]);
		set_present(g, r);
		cg_ld_mapval(g, R1, CGM_GVARS, GV_STATE);
		cg_emit(g, BPF_ST_MEM(BPF_DW, R1, 0, 1));
		return;
	case F_TRACEMEM: {
		int ok = cg_new_label(g);
		r = next_rec(g);
		if (n->args.n > 2)
			cg_expr(g, n->args.v[2]);
		else
			cg_emit(g, BPF_MOV64_IMM(R0, (int32_t)r->args[0].size));
		cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R0, (int16_t)r->args[1].off));
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		cg_emit(g, BPF_MOV64_REG(R3, R0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)r->args[0].off));
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)r->args[0].size));
		cg_call(g, BPF_FUNC_probe_read_kernel);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
		cg_fault(g, 1, R8);
		cg_place(g, ok);
		set_present(g, r);
		return;
	}
	case F_STACK:
	case F_USTACK:
		r = next_rec(g);
		cg_stack_into(g, r->args[0].off, r->args[0].size, n->fn == F_USTACK);
		set_present(g, r);
		return;
	case F_SPECULATE:
		/* the record of this clause goes to speculation id; speculate(0)
		 * (no buffer was free) drops it, as DTrace does: an id no
		 * buffer has, which the consumer discards */
		cg_expr(g, n->args.v[0]);
		{
			int some = cg_new_label(g);
			cg_jmp_imm(g, BPF_JNE, R0, 0, some);
			cg_emit(g, BPF_MOV64_IMM(R0, -1));
			cg_place(g, some);
		}
		cg_emit(g, BPF_STX_MEM(BPF_W, R7, R0, 12));
		return;
	case F_COMMIT:
	case F_DISCARD: {
		/* free the buffer now; the consumer commits or drops what it
		 * holds for it when it reads this record */
		int ok = cg_new_label(g), skip = cg_new_label(g);
		int nspec = g->o->nspec > 0 ? g->o->nspec : 1;
		r = next_rec(g);
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R0, (int16_t)r->args[0].off));
		cg_jmp_imm(g, BPF_JEQ, R0, 0, skip);
		cg_jmp_imm(g, BPF_JLE, R0, nspec, ok);
		cg_fault(g, 3, -1);		/* illegal operation */
		cg_place(g, ok);
		cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, 3));
		cg_ld_mapval(g, R1, CGM_GVARS, GV_SPEC0);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R0));
		cg_emit(g, BPF_ST_MEM(BPF_DW, R1, 0, 0));
		cg_place(g, skip);
		set_present(g, r);
		return;
	}
	case F_PRINTA: case F_CLEAR: case F_DENORMALIZE: case F_TRUNC: case F_NORMALIZE:
	case F_SETOPT:
		/* done by the consumer when it reads the record */
		r = next_rec(g);
		for (int i = 0; i < r->nargs; i++)
			record_value(g, n->args.v[i + 1], &r->args[i]);
		set_present(g, r);
		return;
	case F_RAISE: {
		r = next_rec(g);
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_call(g, BPF_FUNC_send_signal);
		set_present(g, r);
		return;
	}
	default:
		cg_error(g, n->line, "D_UNKNOWN", "%s( ) is not yet supported by this implementation", sema_fn_name(n->fn));
	}
}

static void gen_stmt(struct cg *g, struct node *n)
{
	g->temp_cur = 0;
	g->depth = 0;
	switch (n->kind) {
	case N_EXPR_STMT: {
		struct node *e = n->kids[0];
		if (e->kind == N_CALL && sema_fn_is_action(e->fn)) {
			cg_action(g, e);
			return;
		}
		if (e->kind == N_ASSIGN && e->kids[0]->kind == N_AGG) {
			cg_agg_update(g, e);
			return;
		}
		cg_expr(g, e);
		return;
	}
	case N_IF: {
		int f = cg_new_label(g), done = cg_new_label(g);
		cg_expr(g, n->kids[0]);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, f);
		g->cond_depth++;
		gen_stmt(g, n->kids[1]);
		cg_jmp(g, done);
		cg_place(g, f);
		if (n->kids[2])
			gen_stmt(g, n->kids[2]);
		g->cond_depth--;
		cg_place(g, done);
		return;
	}
	case N_BLOCK:
		for (int i = 0; i < n->args.n; i++)
			gen_stmt(g, n->args.v[i]);
		return;
	default:
		cg_expr(g, n);
	}
}

/* ---- layout ----------------------------------------------------------------------- */

static void add_rec(struct dt_clause *c, struct dt_recdesc *r)
{
	pv_push(&c->recs, r);
}

static uint32_t rec_arg(struct cg_layout *L, struct dt_recarg *a, struct node *e, uint32_t off)
{
	a->off = off;
	if (e->type->kind == TY_STRUCT || e->type->kind == TY_UNION) {
		a->is_raw = 1;
		a->size = e->type->size;
		return off + ((a->size + 7) & ~7u);
	}
	if (is_str(e->type)) {
		a->is_string = 1;
		a->size = L->strbuf;
	} else {
		a->size = 8;
		a->isize = (int)(e->type->size ? e->type->size : 8);
		a->is_signed = e->type->is_signed;
		a->is_ptr = e->type->kind == TY_PTR;
	}
	return off + a->size;
}

/* Walk a clause body assigning record offsets to its actions, in order. */
static void cg_layout_actions(struct cg_layout *L, struct dt_clause *c, struct node *n, int in_cond,
			   uint32_t *off, int *bit)
{
	if (!n)
		return;
	if (n->kind == N_BLOCK) {
		for (int i = 0; i < n->args.n; i++)
			cg_layout_actions(L, c, n->args.v[i], in_cond, off, bit);
		return;
	}
	if (n->kind == N_IF) {
		cg_layout_actions(L, c, n->kids[1], 1, off, bit);
		cg_layout_actions(L, c, n->kids[2], 1, off, bit);
		return;
	}
	if (n->kind != N_EXPR_STMT)
		return;
	struct node *e = n->kids[0];
	if (e->kind != N_CALL || !sema_fn_is_action(e->fn))
		return;
	struct dt_recdesc *r = xcalloc(1, sizeof(*r));
	r->action = e->fn;
	r->line = e->line;
	r->bit = in_cond ? (*bit < 64 ? (*bit)++ : -1) : -1;
	switch (e->fn) {
	case F_SPECULATE:
		free(r);
		return;		/* a field of the record header, no data */
	case F_SETOPT:
		r->fmt = e;	/* the consumer sets the option when it reads this */
		break;
	case F_TRACEMEM: {
		/* the bytes, then how many to show (dsize) */
		uint32_t size = (uint32_t)((struct node *)e->args.v[1])->cval;
		r->nargs = 2;
		r->args = xcalloc(2, sizeof(*r->args));
		r->args[0].off = *off;
		r->args[0].size = size;
		*off += (size + 7) & ~7u;
		r->args[1].off = *off;
		r->args[1].size = 8;
		*off += 8;
		break;
	}
	case F_STACK:
	case F_USTACK:
		r->nargs = 1;
		r->args = xcalloc(1, sizeof(*r->args));
		r->args[0].off = *off;
		r->args[0].size = e->type->nelems * 8;
		r->args[0].is_stack = e->type->is_stack;
		*off += r->args[0].size;
		break;
	case F_COMMIT:
	case F_DISCARD:
	case F_TRACE:
	case F_EXIT:
		r->nargs = 1;
		r->args = xcalloc(1, sizeof(*r->args));
		*off = rec_arg(L, &r->args[0], e->args.v[0], *off);
		break;
	case F_PRINTA: {
		int first = e->args.n && ((struct node *)e->args.v[0])->kind == N_STR;
		r->fmt = first ? e->aux : NULL;
		r->naggs = e->args.n - first;
		r->aggids = xcalloc((size_t)(r->naggs ? r->naggs : 1), sizeof(int));
		for (int i = 0; i < r->naggs; i++)
			r->aggids[i] = (int)((struct node *)e->args.v[first + i])->ival;
		break;
	}
	case F_CLEAR: case F_DENORMALIZE: case F_TRUNC: case F_NORMALIZE:
		r->naggs = 1;
		r->aggids = xcalloc(1, sizeof(int));
		r->aggids[0] = (int)((struct node *)e->args.v[0])->ival;
		if (e->args.n > 1) {
			r->nargs = 1;
			r->args = xcalloc(1, sizeof(*r->args));
			*off = rec_arg(L, &r->args[0], e->args.v[1], *off);
		}
		break;
	case F_PRINTF:
	case F_SYSTEM:
		r->fmt = e->aux;
		r->nargs = e->args.n - 1;
		r->args = xcalloc((size_t)(r->nargs > 0 ? r->nargs : 1), sizeof(*r->args));
		for (int i = 0; i < r->nargs; i++)
			*off = rec_arg(L, &r->args[i], e->args.v[i + 1], *off);
		break;
	default:
		break;
	}
	add_rec(c, r);
}

static int uses_fn(const struct node *n, int fn)
{
	if (!n)
		return 0;
	if (n->kind == N_CALL && n->fn == fn)
		return 1;
	for (int i = 0; i < 3; i++)
		if (uses_fn(n->kids[i], fn))
			return 1;
	for (int i = 0; i < n->args.n; i++)
		if (uses_fn(n->args.v[i], fn))
			return 1;
	return 0;
}

static uint32_t align8(uint32_t v)
{
	return (v + 7) & ~7u;
}

void cg_layout_program(struct cg_layout *L, struct dt_prog *prog, const struct dt_cgopts *o)
{
	uint32_t off;

	memset(L, 0, sizeof(*L));
	L->strbuf = align8(o->strsize + 1);
	L->strmax = o->strsize + 1;
	sb_init(&L->strtab);
	/* slot 0 of the string table is the empty string */
	{
		char *z = xcalloc(1, L->strbuf);
		sb_putn(&L->strtab, z, L->strbuf);
		free(z);
	}

	/* global variables */
	off = GV_FIRSTVAR;
	for (int i = 0; i < prog->globals.n; i++) {
		struct dt_var *v = prog->globals.v[i];
		if (v->is_assoc)
			continue;
		v->offset = off;
		if (v->is_array)
			off += v->type->nelems * cg_garray_stride(&(struct cg){.L = L}, v->type->ref);
		else
			off += cg_val_size(&(struct cg){.L = L}, v->type);
		off = align8(off);
	}
	L->gvars_size = off;

	/* dynamic variables: one map each */
	struct ptrvec dyn = {0};
	for (int i = 0; i < prog->globals.n; i++) {
		struct dt_var *v = prog->globals.v[i];
		if (v->is_assoc)
			pv_push(&dyn, v);
	}
	for (int i = 0; i < prog->tlocals.n; i++)
		pv_push(&dyn, prog->tlocals.v[i]);
	L->ndyn = dyn.n;
	L->dyn = (struct dt_var **)dyn.v;
	L->dyn_keysize = xcalloc((size_t)dyn.n + 1, sizeof(uint32_t));
	L->dyn_valsize = xcalloc((size_t)dyn.n + 1, sizeof(uint32_t));
	uint32_t keymax = 8;
	for (int i = 0; i < dyn.n; i++) {
		struct dt_var *v = dyn.v[i];
		uint32_t ks = v->scope == VS_THREAD ? 8 : 0;
		for (int k = 0; k < v->nkeys; k++)
			ks += cg_key_slot_size(L, v->keys[k]);
		if (ks == 0)
			ks = 8;
		L->dyn_keysize[i] = ks;
		L->dyn_valsize[i] = cg_val_size(&(struct cg){.L = L}, v->type);
		if (ks > keymax)
			keymax = ks;
	}

	/* records */
	L->rec_max = sizeof(struct rec_hdr);
	for (int i = 0; i < prog->clauses.n; i++) {
		struct dt_clause *c = prog->clauses.v[i];
		uint32_t roff = sizeof(struct rec_hdr);
		int bit = 0;
		c->recs.n = 0;
		cg_layout_actions(L, c, c->body, 0, &roff, &bit);
		c->rec_size = roff;
		if (roff > L->rec_max)
			L->rec_max = roff;
	}
	L->rec_max = align8(L->rec_max);
	L->key_off = L->rec_max;
	for (int i = 0; i < prog->aggs.n; i++) {
		struct dt_aggvar *a = prog->aggs.v[i];
		uint32_t ks = 0;
		for (int k = 0; k < a->nkeys; k++)
			ks += cg_agg_keyslot(L, a, k);
		if (ks > keymax)
			keymax = ks;
	}
	L->key_size = align8(keymax);
	L->clocal_off = L->key_off + L->key_size;
	off = L->clocal_off;
	for (int i = 0; i < prog->clocals.n; i++) {
		struct dt_var *v = prog->clocals.v[i];
		v->offset = off;
		off = align8(off + cg_val_size(&(struct cg){.L = L}, v->type));
	}
	L->clocal_size = off - L->clocal_off;
	L->fault_off = off;
	off += sizeof(struct rec_fault);
	L->drops_off = off;		/* this CPU's buffer and aggregation drops */
	off += 16;
	/* aggregations */
	L->nagg = prog->aggs.n;
	L->aggs = (struct dt_aggvar **)prog->aggs.v;
	L->agg_keysize = xcalloc((size_t)L->nagg + 1, sizeof(uint32_t));
	L->agg_nvals = xcalloc((size_t)L->nagg + 1, sizeof(uint32_t));
	L->zero_size = 8;
	for (int i = 0; i < L->nagg; i++) {
		struct dt_aggvar *a = L->aggs[i];
		uint32_t ks = 0;
		for (int k = 0; k < a->nkeys; k++)
			ks += cg_agg_keyslot(L, a, k);
		L->agg_keysize[i] = ks ? ks : 8;
		L->agg_nvals[i] = cg_agg_nvals(a);
		if (L->agg_nvals[i] * 8 > L->zero_size)
			L->zero_size = L->agg_nvals[i] * 8;
		if (L->agg_keysize[i] > L->key_size) {
			/* the key buffer comes before this: grow the layout */
		}
	}
	if (L->zero_size < ALLOCA_MAX)
		L->zero_size = ALLOCA_MAX;	/* also zeroes alloca() memory */
	L->zero_off = off;
	off += L->zero_size;
	/* alloca() region: twice the limit, so the verifier can see that
	 * any offset it is told is at most the limit stays inside */
	L->alloca_off = off;
	for (int i = 0; i < prog->clauses.n && !L->uses_alloca; i++) {
		struct dt_clause *c = prog->clauses.v[i];
		L->uses_alloca = uses_fn(c->pred, F_ALLOCA) || uses_fn(c->body, F_ALLOCA) ||
				 uses_fn(c->pred, F_BCOPY) || uses_fn(c->body, F_BCOPY);
	}
	if (L->uses_alloca)
		off += 2 * ALLOCA_MAX;
	L->temp_off = off;
	L->scratch_size = L->temp_off;
	(void)o;
}

/* ---- programs ---------------------------------------------------------------------- */

static void gen_error_clauses(struct cg *g, struct dt_clause *faulting);

/* bit < 0: an ERROR clause run from a fault block, with no mask test */
static void gen_clause(struct cg *g, struct dt_clause *c, int bit)
{
	int skip = cg_new_label(g);

	g->clause = c;
	g->fault_label = cg_new_label(g);
	g->end_label = cg_new_label(g);
	g->act_index = 0;
	g->depth = 0;
	g->temp_cur = 0;
	g->fault_used = 0;

	/* if (!(mask & (1 << bit))) skip */
	if (bit >= 0) {
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_MASK));
		if (bit < 31) {
			cg_emit(g, BPF_ALU64_IMM(BPF_AND, R1, 1 << bit));
		} else {
			cg_ld_imm64(g, R2, 1ULL << bit);
			cg_emit(g, BPF_ALU64_REG(BPF_AND, R1, R2));
		}
		cg_jmp_imm_far(g, BPF_JEQ, R1, 0, skip);
	}

	/* once exit() has been called, the probe's later clauses do not run
	 * (BEGIN and END run to their end, as in DTrace) */
	if (!g->in_error) {
		int run = cg_new_label(g);
		cg_ld_mapval(g, R1, CGM_GVARS, GV_STATE);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R1, 0));
		cg_jmp_imm(g, BPF_JEQ, R1, 0, run);
		if (g->p->ctx == CTX_TESTRUN) {
			/* END runs after exit(), of course */
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_PRID));
			cg_jmp_imm(g, BPF_JEQ, R1, 2, run);
		}
		cg_jmp(g, skip);
		cg_place(g, run);
	}

	/* alloca() memory lasts for one clause */
	if (g->L->uses_alloca)
		cg_emit(g, BPF_ST_MEM(BPF_DW, FP, FP_ACUR, 0));

	/* record header */
	cg_emit(g, BPF_ST_MEM(BPF_W, R7, 0, c->index + 1));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_PRID));
	cg_emit(g, BPF_STX_MEM(BPF_W, R7, R1, 4));
	cg_emit(g, BPF_ST_MEM(BPF_DW, R7, 16, 0));
	cg_emit(g, BPF_ST_MEM(BPF_W, R7, 12, 0));		/* not speculative */
	if (!g->o->quiet) {
		cg_call(g, BPF_FUNC_get_smp_processor_id);
		cg_emit(g, BPF_STX_MEM(BPF_W, R7, R0, 8));
	}

	if (c->pred) {
		g->temp_cur = 0;
		cg_expr(g, c->pred);
		cg_jmp_imm_far(g, BPF_JEQ, R0, 0, g->end_label);
	}
	if (c->body)
		gen_stmt(g, c->body);

	/* send the record when the clause recorded data, or, when not quiet,
	 * for a clause without statements (DTrace's default action prints the
	 * probe); stores and aggregations alone record nothing */
	if (c->recs.n > 0 || (!g->o->quiet && (!c->body || c->body->args.n == 0))) {
		int ok = cg_new_label(g);
		cg_ld_map(g, R1, CGM_RINGBUF);
		cg_emit(g, BPF_MOV64_REG(R2, R7));
		cg_emit(g, BPF_MOV64_IMM(R3, (int32_t)c->rec_size));
		cg_emit(g, BPF_MOV64_IMM(R4, 0));
		cg_call(g, BPF_FUNC_ringbuf_output);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R7, (int16_t)g->L->drops_off));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
		cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R1, (int16_t)g->L->drops_off));
		cg_place(g, ok);
	}
	/* fault block, if anything in the clause can fault */
	cg_place(g, g->fault_label);
	if (g->fault_used) {
		cg_jmp(g, g->end_label);
		g->labels[g->fault_label] = g->p->ninsns;
		uint32_t fo = g->L->fault_off;
		cg_emit(g, BPF_ST_MEM(BPF_W, R7, (int16_t)fo, (int32_t)REC_FAULT));
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_PRID));
		cg_emit(g, BPF_STX_MEM(BPF_W, R7, R1, (int16_t)(fo + 4)));
		cg_emit(g, BPF_ST_MEM(BPF_W, R7, (int16_t)(fo + 8), c->index));
		cg_ld_map(g, R1, CGM_RINGBUF);
		cg_emit(g, BPF_MOV64_REG(R2, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, (int32_t)fo));
		cg_emit(g, BPF_MOV64_IMM(R3, sizeof(struct rec_fault)));
		cg_emit(g, BPF_MOV64_IMM(R4, 0));
		cg_call(g, BPF_FUNC_ringbuf_output);
		/* the ERROR probe fires now, before the probe's next clause */
		if (!g->in_error && g->L->error_clauses.n) {
			int end = g->end_label;
			gen_error_clauses(g, c);
			g->clause = c;
			g->end_label = end;
		}
	}
	cg_place(g, g->end_label);
	cg_place(g, skip);
}

/* Run every ERROR clause inline for a fault in clause 'faulting'. */
static void gen_error_clauses(struct cg *g, struct dt_clause *faulting)
{
	int saved_act = g->act_index;

	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_PRID));
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R1, FP_ERRPRID));
	cg_emit(g, BPF_ST_MEM(BPF_DW, FP, FP_PRID, 3));	/* dtrace:::ERROR */
	g->in_error = 1;
	g->err_clause_num = faulting->num;
	for (int i = 0; i < g->L->error_clauses.n; i++)
		gen_clause(g, g->L->error_clauses.v[i], -1);
	g->in_error = 0;
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_ERRPRID));
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R1, FP_PRID));
	g->act_index = saved_act;
}

void cg_generate(struct cg_program *p, struct cg_layout *L, const struct dt_cgopts *o)
{
	struct cg g;
	int out = 0;

	memset(&g, 0, sizeof(g));
	g.p = p;
	g.L = L;
	g.o = o;
	out = cg_new_label(&g);

	cg_emit(&g, BPF_MOV64_REG(R6, R1));
	/* probe id */
	switch (p->ctx) {
	case CTX_TESTRUN:
		cg_emit(&g, BPF_LDX_MEM(BPF_DW, R0, R6, 0));
		break;
	case CTX_RAWTP_SYSCALL:
	case CTX_RAWTP_SYSRET:
		/* id = sysnr[nr (+ SYSCALL_NR_MAX at return)]; 0: not traced */
		if (p->ctx == CTX_RAWTP_SYSCALL) {
			cg_emit(&g, BPF_LDX_MEM(BPF_DW, R0, R6, 8));	/* ctx[1]: nr */
		} else {
			/* sys_exit(regs, ret): nr is regs->orig_ax */
			cg_emit(&g, BPF_MOV64_REG(R1, FP));
			cg_emit(&g, BPF_ALU64_IMM(BPF_ADD, R1, FP_TMP));
			cg_emit(&g, BPF_MOV64_IMM(R2, 8));
			cg_emit(&g, BPF_LDX_MEM(BPF_DW, R3, R6, 0));
			cg_emit(&g, BPF_ALU64_IMM(BPF_ADD, R3, 120));
			cg_call(&g, BPF_FUNC_probe_read_kernel);
			cg_jmp_imm_far(&g, BPF_JNE, R0, 0, out);
			cg_emit(&g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_TMP));
		}
		/* x32 calls and -1 fail this unsigned test */
		cg_emit(&g, BPF_JMP_IMM(BPF_JLT, R0, SYSCALL_NR_MAX, 1));
		cg_jmp(&g, out);
		if (p->ctx == CTX_RAWTP_SYSRET)
			cg_emit(&g, BPF_ALU64_IMM(BPF_ADD, R0, SYSCALL_NR_MAX));
		cg_emit(&g, BPF_STX_MEM(BPF_W, FP, R0, FP_KEY32));
		cg_ld_map(&g, R1, CGM_SYSNR);
		cg_emit(&g, BPF_MOV64_REG(R2, FP));
		cg_emit(&g, BPF_ALU64_IMM(BPF_ADD, R2, FP_KEY32));
		cg_call(&g, BPF_FUNC_map_lookup_elem);
		cg_jmp_imm_far(&g, BPF_JEQ, R0, 0, out);
		cg_emit(&g, BPF_LDX_MEM(BPF_W, R0, R0, 0));
		cg_jmp_imm_far(&g, BPF_JEQ, R0, 0, out);
		break;
	case CTX_PERF:
	case CTX_RAWTP_SDT:
	default:
		cg_emit(&g, BPF_MOV64_REG(R1, R6));
		cg_call(&g, BPF_FUNC_get_attach_cookie);
		break;
	}
	cg_emit(&g, BPF_STX_MEM(BPF_DW, FP, R0, FP_PRID));
	/* a program stops recording once exit() has been called */
	if (p->ctx != CTX_TESTRUN) {
		cg_ld_mapval(&g, R1, CGM_GVARS, GV_STATE);
		cg_emit(&g, BPF_LDX_MEM(BPF_DW, R1, R1, 0));
		cg_jmp_imm_far(&g, BPF_JNE, R1, 0, out);
	}
	/* scratch area of this CPU */
	cg_call(&g, BPF_FUNC_get_smp_processor_id);
	cg_emit(&g, BPF_STX_MEM(BPF_W, FP, R0, FP_KEY32));
	cg_ld_map(&g, R1, CGM_SCRATCH);
	cg_emit(&g, BPF_MOV64_REG(R2, FP));
	cg_emit(&g, BPF_ALU64_IMM(BPF_ADD, R2, FP_KEY32));
	cg_call(&g, BPF_FUNC_map_lookup_elem);
	cg_jmp_imm_far(&g, BPF_JEQ, R0, 0, out);
	cg_emit(&g, BPF_MOV64_REG(R7, R0));
	if (L->uses_alloca) {
		/* the scratch address as a plain number, to check pointers
		 * into it: copied out of a stack spill with a probe read */
		cg_emit(&g, BPF_STX_MEM(BPF_DW, FP, R7, FP_ACUR));
		cg_emit(&g, BPF_MOV64_REG(R1, FP));
		cg_emit(&g, BPF_ALU64_IMM(BPF_ADD, R1, FP_SBASE));
		cg_emit(&g, BPF_MOV64_IMM(R2, 8));
		cg_emit(&g, BPF_MOV64_REG(R3, FP));
		cg_emit(&g, BPF_ALU64_IMM(BPF_ADD, R3, FP_ACUR));
		cg_call(&g, BPF_FUNC_probe_read_kernel);
	}
	/* clause mask of this probe, unless every probe runs every clause */
	if (!p->uniform) {
		cg_emit(&g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_PRID));
		cg_emit(&g, BPF_STX_MEM(BPF_W, FP, R1, FP_KEY32));
		cg_ld_map(&g, R1, CGM_PMASK);
		cg_emit(&g, BPF_MOV64_REG(R2, FP));
		cg_emit(&g, BPF_ALU64_IMM(BPF_ADD, R2, FP_KEY32));
		cg_call(&g, BPF_FUNC_map_lookup_elem);
		cg_jmp_imm_far(&g, BPF_JEQ, R0, 0, out);
		cg_emit(&g, BPF_LDX_MEM(BPF_DW, R0, R0, 0));
		cg_emit(&g, BPF_STX_MEM(BPF_DW, FP, R0, FP_MASK));
	}
	cg_emit(&g, BPF_ST_MEM(BPF_DW, FP, FP_TS, 0));
	cg_emit(&g, BPF_ST_MEM(BPF_DW, FP, FP_VTS, 0));

	for (int i = 0; i < p->clauses.n; i++)
		gen_clause(&g, p->clauses.v[i], p->uniform ? -1 : i);

	cg_place(&g, out);
	cg_emit(&g, BPF_MOV64_IMM(R0, 0));
	cg_emit(&g, BPF_EXIT_INSN());
	cg_resolve_fixups(&g);

	uint32_t need = L->temp_off + g.temp_max;
	if (need > L->scratch_size)
		L->scratch_size = need;
	free(g.labels);
	free(g.fix);
}
