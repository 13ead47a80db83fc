/*
 * emit.c - emission: the instruction buffer, labels and the jumps to them
 * (patched by cg_resolve_fixups once every label is placed), map
 * relocations, constants, the expression stack (push/pop/peek on BPF stack
 * slots) and the scratch temporaries of a statement, normalization of
 * integers to their D type, and run-time faults.  emit.h is the part of
 * this that providers may use.
 */
#include "cg_impl.h"

#include <stdarg.h>
#include <stdlib.h>

#include "../front/error.h"

_Noreturn void cg_error(struct cg *g, int line, const char *tag, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dt_verror(g->o->errs, line, tag, fmt, ap);
}

void cg_emit(struct cg *g, struct bpf_insn in)
{
	struct cg_program *p = g->p;

	if (p->ninsns == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 256;
		p->insns = xrealloc(p->insns, (size_t)p->cap * sizeof(*p->insns));
	}
	p->insns[p->ninsns++] = in;
}

int cg_new_label(struct cg *g)
{
	if (g->nlabels == g->labcap) {
		g->labcap = g->labcap ? g->labcap * 2 : 64;
		g->labels = pool_realloc(&g->L->pool, g->labels, (size_t)g->labcap * sizeof(int));
	}
	g->labels[g->nlabels] = -1;
	return g->nlabels++;
}

void cg_place(struct cg *g, int label)
{
	g->labels[label] = g->p->ninsns;
}

static void add_fix(struct cg *g, int label)
{
	if (g->nfix == g->fixcap) {
		g->fixcap = g->fixcap ? g->fixcap * 2 : 64;
		g->fix = pool_realloc(&g->L->pool, g->fix, (size_t)g->fixcap * sizeof(*g->fix));
	}
	g->fix[g->nfix].insn = g->p->ninsns;
	g->fix[g->nfix].label = label;
	g->nfix++;
}

void cg_jmp_imm(struct cg *g, int op, int reg, int32_t imm, int label)
{
	add_fix(g, label);
	cg_emit(g, BPF_JMP_IMM(op, reg, imm, 0));
}

void cg_jmp_reg(struct cg *g, int op, int reg, int src, int label)
{
	add_fix(g, label);
	cg_emit(g, BPF_JMP_REG(op, reg, src, 0));
}

/* Unconditional jumps are "gotol" (32-bit offset): clauses can be long. */
void cg_jmp(struct cg *g, int label)
{
	add_fix(g, label);
	cg_emit(g, BPF_INSN(BPF_JMP32 | BPF_JA, 0, 0, 0, 0));
}

/* A conditional jump that may be far: skip a gotol on the opposite test. */
void cg_jmp_imm_far(struct cg *g, int op, int reg, int32_t imm, int label)
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

void cg_resolve_fixups(struct cg *g)
{
	for (int i = 0; i < g->nfix; i++) {
		int target = g->labels[g->fix[i].label];
		struct bpf_insn *in = &g->p->insns[g->fix[i].insn];
		int d = target - g->fix[i].insn - 1;
		if (in->code == (BPF_JMP32 | BPF_JA)) {
			/* a jump that fits 16 bits is the classic "ja", which
			 * every kernel has (gotol: 6.6) */
			if (d >= -32768 && d <= 32767)
				*in = BPF_JMP_A(d);
			else if (!(g->p->kfeat & KF_CPUV4))
				cg_error(g, 0, NULL, "clause too large for this kernel: a jump at BPF pc %d spans %d "
					 "BPF instructions (at most 32767 before Linux 6.6)", g->fix[i].insn, d);
			else
				in->imm = d;
		} else if (in->code == (BPF_JMP | BPF_CALL)) {
			in->imm = d;	/* a call of a BPF function */
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

void cg_ld_imm64(struct cg *g, int reg, uint64_t v)
{
	if ((int64_t)v == (int64_t)(int32_t)v) {
		cg_emit(g, BPF_MOV64_IMM(reg, (int32_t)v));
		return;
	}
	cg_emit(g, BPF_LD_IMM64_LO(reg, 0, v));
	cg_emit(g, BPF_LD_IMM64_HI(v));
}

void cg_ld_map(struct cg *g, int reg, int map)
{
	reloc(g, map);
	cg_emit(g, BPF_LD_IMM64_LO(reg, BPF_PSEUDO_MAP_FD, 0));
	cg_emit(g, BPF_LD_IMM64_HI(0));
}

void cg_ld_mapval(struct cg *g, int reg, int map, uint32_t off)
{
	reloc(g, map);
	cg_emit(g, BPF_LD_IMM64_LO(reg, BPF_PSEUDO_MAP_VALUE, 0));
	cg_emit(g, BPF_INSN(0, 0, 0, 0, (int32_t)off));
}

void cg_call(struct cg *g, int helper)
{
	cg_emit(g, BPF_CALL_HELPER(helper));
}

/* call the BPF function that begins at label */
void cg_call_label(struct cg *g, int label)
{
	add_fix(g, label);
	cg_emit(g, BPF_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 0));
}

int16_t cg_slot(int d)
{
	return (int16_t)(FP_SLOT0 - 8 * d);
}

void cg_push(struct cg *g, int reg)
{
	/* without the string kfuncs, string functions are BPF functions two
	 * calls deep (strfn.c), whose frames take 32 bytes each of the 512
	 * bytes of stack all frames share; cleanpath's and d_path's are, on
	 * every kernel */
	int max = (g->p->kfeat & KF_STR_KFUNCS) && !g->p->own_funcs ? MAX_DEPTH : MAX_DEPTH_CALLS;

	if (g->depth >= max)
		cg_error(g, g->clause ? g->clause->line : 0, NULL, "Insufficient registers to generate code");
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, reg, cg_slot(g->depth)));
	g->depth++;
}

void cg_pop(struct cg *g, int reg)
{
	g->depth--;
	cg_emit(g, BPF_LDX_MEM(BPF_DW, reg, FP, cg_slot(g->depth)));
}

void cg_peek(struct cg *g, int reg, int d)
{
	cg_emit(g, BPF_LDX_MEM(BPF_DW, reg, FP, cg_slot(d)));
}

uint32_t cg_temp(struct cg *g, uint32_t size)
{
	uint32_t off = g->temp_cur;

	g->temp_cur += (size + 7) & ~7u;
	if (g->temp_cur > g->temp_max)
		g->temp_max = g->temp_cur;
	return g->L->temp_off + off;
}

/* Make reg hold a value of type t (sign- or zero-extended). */
void cg_norm(struct cg *g, int reg, const struct dt_type *t)
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

/* The fault site at pc: the statement being generated. */
static void add_srcpos(struct cg *g, int pc)
{
	struct cg_program *p = g->p;

	if (p->nsrcpos == p->srccap) {
		p->srccap = p->srccap ? p->srccap * 2 : 32;
		p->srcpos = xrealloc(p->srcpos, (size_t)p->srccap * sizeof(*p->srcpos));
	}
	p->srcpos[p->nsrcpos++] = (struct cg_srcpos){ pc, g->clause ? g->clause->index : -1, g->src_line, g->src_text };
}

const struct cg_srcpos *cg_srcpos_at(const struct cg_program *p, int pc)
{
	int lo = 0, hi = p->nsrcpos - 1;

	/* sites are added as the code is emitted: in increasing pc order */
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (p->srcpos[mid].pc == pc)
			return p->srcpos[mid].line ? &p->srcpos[mid] : NULL;
		if (p->srcpos[mid].pc < pc)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return NULL;
}

/* Store a fault (DTRACEFLT_*) in the fault area and jump to the clause's
 * fault block.  addr_reg < 0: no address.  The pc stored is this site's
 * key in the program's table of fault sites. */
void cg_fault(struct cg *g, int type, int addr_reg)
{
	uint32_t fo = g->L->fault_off;

	/* the fault area lies beyond a 16-bit offset when strsize is large:
	 * the stores go through a register the fault block does not need */
	int tmp = addr_reg == R5 ? R4 : R5;

	if (g->in_error) {
		/* a fault in an ERROR clause keeps the fault ERROR's
		 * arguments describe (the next ERROR clause's arg4, arg5) */
		g->fault_used = 1;
		cg_jmp(g, g->fault_label);
		return;
	}
	if (addr_reg >= 0)
		cg_scratch_stx(g, BPF_DW, addr_reg, fo + RF_ADDR, tmp);
	else
		cg_scratch_st(g, BPF_DW, fo + RF_ADDR, 0, tmp);
	cg_scratch_st(g, BPF_W, fo + RF_FAULT, type, tmp);
	/* the pc the record carries is the fault site's, in the table */
	add_srcpos(g, g->p->ninsns);
	cg_scratch_st(g, BPF_DW, fo + RF_PC, g->p->ninsns, tmp);
	g->fault_used = 1;
	cg_jmp(g, g->fault_label);
}

/*
 * A fault the code generator knows is certain (a store through a pointer in
 * a program that has no alloca() memory).  The code after it must stay
 * reachable in the kernel verifier's CFG check, which refuses an
 * instruction no jump reaches ("unreachable insn"): the fault sits behind a
 * branch on a constant, which the verifier's walk then never takes (the
 * code after is dead, and removed).  Clobbers r1 (addr_reg must not be r1).
 */
void cg_fault_always(struct cg *g, int type, int addr_reg)
{
	int after = cg_new_label(g);

	cg_emit(g, BPF_MOV64_IMM(R1, 1));
	cg_jmp_imm(g, BPF_JEQ, R1, 0, after);
	cg_fault(g, type, addr_reg);
	cg_place(g, after);
}

void cg_count_gvar(struct cg *g, int32_t off)
{
	cg_ld_mapval(g, R1, CGM_GVARS, off);
	cg_emit(g, BPF_MOV64_IMM(R2, 1));
	cg_emit(g, BPF_ATOMIC_ADD64(R1, R2, 0));
}

/* if (reg == 0) fault DTRACEFLT_BADADDR at address 0 */
void cg_null_check(struct cg *g, int reg)
{
	int ok = cg_new_label(g);

	cg_jmp_imm(g, BPF_JNE, reg, 0, ok);
	cg_fault(g, DTRACEFLT_BADADDR, reg);
	cg_place(g, ok);
}

int cg_bpf_size(uint32_t sz)
{
	return sz == 1 ? BPF_B : sz == 2 ? BPF_H : sz == 4 ? BPF_W : BPF_DW;
}

/* reg = min(reg, max) as unsigned: gives the verifier a bound for reg. */
void cg_clamp_u(struct cg *g, int reg, int32_t max)
{
	cg_emit(g, BPF_JMP_IMM(BPF_JLE, reg, max, 1));
	cg_emit(g, BPF_MOV64_IMM(reg, max));
}

/* r0 = r7 + off */
void cg_scratch_ptr(struct cg *g, int reg, uint32_t off)
{
	cg_emit(g, BPF_MOV64_REG(reg, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, reg, (int32_t)off));
}

/*
 * Scratch memory at any offset: an instruction's offset has 16 bits, and
 * the temporaries of a large strsize lie beyond them, where the address is
 * made in a register first (tmp, which the store clobbers; a load makes
 * it in dst).
 */
void cg_scratch_stx(struct cg *g, int size, int src, uint32_t off, int tmp)
{
	if (off <= 32767) {
		cg_emit(g, BPF_STX_MEM(size, R7, src, (int16_t)off));
		return;
	}
	cg_scratch_ptr(g, tmp, off);
	cg_emit(g, BPF_STX_MEM(size, tmp, src, 0));
}

void cg_scratch_st(struct cg *g, int size, uint32_t off, int32_t imm, int tmp)
{
	if (off <= 32767) {
		cg_emit(g, BPF_ST_MEM(size, R7, (int16_t)off, imm));
		return;
	}
	cg_scratch_ptr(g, tmp, off);
	cg_emit(g, BPF_ST_MEM(size, tmp, 0, imm));
}

void cg_scratch_ldx(struct cg *g, int size, int dst, uint32_t off)
{
	if (off <= 32767) {
		cg_emit(g, BPF_LDX_MEM(size, dst, R7, (int16_t)off));
		return;
	}
	cg_scratch_ptr(g, dst, off);
	cg_emit(g, BPF_LDX_MEM(size, dst, dst, 0));
}

/* r0 = the u64 at address r3, read with the helper (0 if it cannot be). */
static void read_u64(struct cg *g, int helper)
{
	int ok = cg_new_label(g);

	cg_emit(g, BPF_MOV64_REG(R1, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, FP_TMP));
	cg_emit(g, BPF_MOV64_IMM(R2, 8));
	cg_call(g, helper);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_TMP));
	cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
	cg_emit(g, BPF_MOV64_IMM(R1, 0));
	cg_place(g, ok);
	cg_emit(g, BPF_MOV64_REG(R0, R1));
}

void cg_read_kernel_u64(struct cg *g)
{
	read_u64(g, BPF_FUNC_probe_read_kernel);
}

void cg_read_user_u64(struct cg *g)
{
	read_u64(g, BPF_FUNC_probe_read_user);
}

/*
 * Where the kernel gives this program type no bpf_get_attach_cookie() (raw
 * tracepoints before 6.10), the probe id is a constant of the program, and
 * the loader loads one instance of the program per probe, each with its
 * own id in place of the 0 here (struct cg_program's per_probe).
 */
void cg_prologue_cookie(struct cg *g, int out)
{
	if (!(g->p->kfeat & KF_COOKIE)) {
		cg_prologue_const(g, out);
		return;
	}
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_call(g, BPF_FUNC_get_attach_cookie);
}

void cg_attach_cookie(struct cg *g)
{
	if (!(g->p->kfeat & KF_COOKIE)) {
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
		return;
	}
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_call(g, BPF_FUNC_get_attach_cookie);
}

void cg_prologue_const(struct cg *g, int out)
{
	(void)out;
	reloc(g, CG_RELOC_PRID);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	g->p->per_probe = 1;
}

void cg_ctx_nargs(struct cg *g, int reg)
{
	reloc(g, CG_RELOC_NARGS);
	cg_emit(g, BPF_MOV64_IMM(reg, 0));
	g->p->per_probe = 1;
}
