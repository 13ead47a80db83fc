/*
 * program.c - statements, clauses and programs.
 *
 * One BPF program serves every probe of one provider's kind.  Its shape:
 *
 *   prologue      r6 = context; the provider's gen_prologue finds the probe
 *                 id (-> CG_FP_PRID); stop if exit() was called (unless
 *                 the provider has gen_after_exit); r7 = this CPU's scratch
 *                 area; the probe's clause mask (CGM_PMASK) unless every
 *                 probe of the program runs every clause: the mask itself
 *                 in FP_MASK when it is one word (64 clauses or fewer, the
 *                 common case, one load per clause), else the address of
 *                 its words (a map value), so any number of clauses runs
 *   clause i      if the mask has bit i: record header, predicate, body,
 *                 send the record; its fault block sends a fault record
 *                 and runs the ERROR clauses inline
 *   ...
 *   out:          return 0
 *   functions     the string functions the clauses call, where the kernel
 *                 has no string kfuncs (strfn.c)
 *
 * Statements are compiled one at a time: the expression stack and the
 * scratch temporaries start empty for each.
 */
#include "cg_impl.h"

#include <stdlib.h>
#include <string.h>

static void gen_stmt(struct cg *g, struct node *n)
{
	g->temp_cur = 0;
	g->depth = 0;
	if (n->kind == N_EXPR_STMT || n->kind == N_IF) {
		g->src_line = n->line;
		g->src_text = n->sval;
	}
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
		gen_stmt(g, n->kids[1]);
		cg_jmp(g, done);
		cg_place(g, f);
		if (n->kids[2])
			gen_stmt(g, n->kids[2]);
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

static void gen_error_clauses(struct cg *g, struct dt_clause *faulting);

/* bit < 0: an ERROR clause run from a fault block, with no mask test */
static void gen_clause(struct cg *g, struct dt_clause *c, int bit)
{
	int skip = cg_new_label(g);

	g->clause = c;
	g->fault_label = cg_new_label(g);
	g->end_label = cg_new_label(g);
	g->act_index = 0;
	g->speculated = 0;
	g->depth = 0;
	g->temp_cur = 0;
	g->fault_used = 0;

	/* if (!(mask & (1 << bit))) skip */
	if (bit >= 0) {
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_MASK));
		if (g->L->pmask_words > 1) {
			/* word bit / 64 of the mask whose address FP_MASK holds */
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R1, (int16_t)(8 * (bit / 64))));
			bit %= 64;
		}
		if (bit < 31) {
			cg_emit(g, BPF_ALU64_IMM(BPF_AND, R1, 1 << bit));
		} else {
			cg_ld_imm64(g, R2, 1ULL << bit);
			cg_emit(g, BPF_ALU64_REG(BPF_AND, R1, R2));
		}
		cg_jmp_imm_far(g, BPF_JEQ, R1, 0, skip);
	}

	/* once exit() has been called, the probe's later clauses do not run,
	 * BEGIN's included (DTrace's dt_cg_call_clause tests the state); the
	 * provider says whether its probe still runs (END does) */
	if (!g->in_error) {
		int run = cg_new_label(g);
		cg_ld_mapval(g, R1, CGM_GVARS, GV_STATE);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R1, 0));
		cg_jmp_imm(g, BPF_JEQ, R1, 0, run);
		if (g->p->ctx->gen_after_exit)
			g->p->ctx->gen_after_exit(g, run);	/* END runs */
		cg_jmp(g, skip);
		cg_place(g, run);
	}

	/* alloca() memory lasts for one clause */
	if (g->L->uses_alloca)
		cg_emit(g, BPF_ST_MEM(BPF_DW, FP, FP_ACUR, 0));

	/* record header */
	cg_emit(g, BPF_ST_MEM(BPF_W, R7, RH_EPID, c->index + 1));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_PRID));
	cg_emit(g, BPF_STX_MEM(BPF_W, R7, R1, RH_PROBE));
	cg_emit(g, BPF_ST_MEM(BPF_DW, R7, RH_PRESENT, 0));
	cg_emit(g, BPF_ST_MEM(BPF_W, R7, RH_SPEC, 0));		/* not speculative */

	if (c->cond) {
		g->temp_cur = 0;
		cg_expr(g, c->cond);
		cg_jmp_imm_far(g, BPF_JEQ, R0, 0, g->end_label);
	}
	if (c->pred) {
		g->temp_cur = 0;
		g->src_line = c->pred_line;
		g->src_text = c->pred_text;
		cg_expr(g, c->pred);
		cg_jmp_imm_far(g, BPF_JEQ, R0, 0, g->end_label);
	}
	if (c->body)
		gen_stmt(g, c->body);
	g->src_line = 0;
	g->src_text = NULL;

	/* send the record when the clause recorded data or speculated, or,
	 * when not quiet, for a clause without statements (DTrace's default
	 * action prints the probe); stores and aggregations alone record
	 * nothing */
	if (c->recs.n > 0 || c->speculates || (!g->o->quiet && (!c->body || c->body->args.n == 0))) {
		int ok = cg_new_label(g);
		/* the CPU and when the probe fired (the firing's timestamp, as
		 * `timestamp` reads it): only for a record that is sent, so a
		 * clause that only aggregates pays for neither */
		cg_call(g, BPF_FUNC_get_smp_processor_id);
		cg_emit(g, BPF_STX_MEM(BPF_W, R7, R0, RH_CPU));
		{
			int have = cg_new_label(g);
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_TS));
			cg_jmp_imm(g, BPF_JNE, R0, 0, have);
			cg_call(g, BPF_FUNC_ktime_get_ns);
			cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R0, FP_TS));
			cg_place(g, have);
			cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R0, RH_TS));
		}
		cg_ld_map(g, R1, CGM_RINGBUF);
		cg_emit(g, BPF_MOV64_REG(R2, R7));
		cg_emit(g, BPF_MOV64_IMM(R3, (int32_t)c->rec_size));
		cg_emit(g, BPF_MOV64_IMM(R4, 0));
		cg_call(g, BPF_FUNC_ringbuf_output);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
		if (c->speculates) {
			/* a speculative record lost is a speculative drop
			 * (DTrace's dt_cg_epilogue) */
			cg_count_gvar(g, GV_SPECDROPS);
		} else {
			cg_scratch_ldx(g, BPF_DW, R1, g->L->drops_off);
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
			cg_scratch_stx(g, BPF_DW, R1, g->L->drops_off, R2);
		}
		cg_place(g, ok);
	}
	/* fault block, if anything in the clause can fault */
	cg_place(g, g->fault_label);
	if (g->fault_used && g->in_error) {
		/* a fault in an ERROR clause fires nothing and is reported
		 * as a drop, "N errors in ERROR probe enabling" (illumos's
		 * dtrace_probe counts it in dts_dblerrors, DTRACEDROP_DBLERROR) */
		cg_jmp(g, g->end_label);
		g->labels[g->fault_label] = g->p->ninsns;
		cg_count_gvar(g, GV_DBLERRORS);
	} else if (g->fault_used) {
		cg_jmp(g, g->end_label);
		g->labels[g->fault_label] = g->p->ninsns;
		uint32_t fo = g->L->fault_off;
		/* (scratch offsets may pass 16 bits: a large strsize) */
		cg_scratch_st(g, BPF_W, fo, (int32_t)REC_FAULT, R2);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_PRID));
		cg_scratch_stx(g, BPF_W, R1, fo + RF_PROBE, R2);
		cg_scratch_st(g, BPF_W, fo + RF_CLAUSE, c->index, R2);
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
	cg_emit(g, BPF_ST_MEM(BPF_DW, FP, FP_PRID, (int32_t)g->o->error_probe));
	g->in_error = 1;
	g->err_clause_num = faulting->num;
	for (int i = 0; i < g->L->error_clauses.n; i++)
		gen_clause(g, g->L->error_clauses.v[i], -1);
	g->in_error = 0;
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_ERRPRID));
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R1, FP_PRID));
	g->act_index = saved_act;
}

/*
 * FP_SBASE = this CPU's scratch address as a plain number (r7 is a pointer
 * the verifier tracks, which it lets no program turn into a number): copied
 * out of a stack spill (FP_ACUR, free until alloca() uses it) with a probe
 * read.  Clobbers r0-r5.
 */
void cg_save_scratch_base(struct cg *g)
{
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R7, FP_ACUR));
	cg_emit(g, BPF_MOV64_REG(R1, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, FP_SBASE));
	cg_emit(g, BPF_MOV64_IMM(R2, 8));
	cg_emit(g, BPF_MOV64_REG(R3, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, FP_ACUR));
	cg_call(g, BPF_FUNC_probe_read_kernel);
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
	/* probe id: the provider knows where it is */
	p->ctx->gen_prologue(&g, out);
	cg_emit(&g, BPF_STX_MEM(BPF_DW, FP, R0, FP_PRID));
	/* a program stops recording once exit() has been called (unless
	 * its clauses check for themselves) */
	if (!p->ctx->gen_after_exit) {
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
	if (L->uses_alloca)
		cg_save_scratch_base(&g);	/* to check pointers into it */
	/* strtok()'s state starts each firing as NULL: strtok(NULL, d)
	 * before a strtok(s, d) of the same firing faults, as Oracle's
	 * dt_cg_prologue (its strtok offset -1) and dt_cg_subr_strtok (a
	 * NULL check of it) make it; see gen_strtok (subr.c) */
	if (L->strtok_off)
		cg_scratch_st(&g, BPF_H, L->strtok_off, 0xff00, R1);
	/* clause mask of this probe, unless every probe runs every clause */
	if (!p->uniform) {
		cg_emit(&g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_PRID));
		cg_emit(&g, BPF_STX_MEM(BPF_W, FP, R1, FP_KEY32));
		cg_ld_map(&g, R1, CGM_PMASK);
		cg_emit(&g, BPF_MOV64_REG(R2, FP));
		cg_emit(&g, BPF_ALU64_IMM(BPF_ADD, R2, FP_KEY32));
		cg_call(&g, BPF_FUNC_map_lookup_elem);
		cg_jmp_imm_far(&g, BPF_JEQ, R0, 0, out);
		if (L->pmask_words <= 1)
			cg_emit(&g, BPF_LDX_MEM(BPF_DW, R0, R0, 0));
		cg_emit(&g, BPF_STX_MEM(BPF_DW, FP, R0, FP_MASK));
	}
	cg_emit(&g, BPF_ST_MEM(BPF_DW, FP, FP_TS, 0));
	cg_emit(&g, BPF_ST_MEM(BPF_DW, FP, FP_VTS, 0));

	free(p->clause_insn);
	p->clause_insn = xcalloc((size_t)p->clauses.n + 1, sizeof(int));
	for (int i = 0; i < p->clauses.n; i++) {
		p->clause_insn[i] = p->ninsns;
		gen_clause(&g, p->clauses.v[i], p->uniform ? -1 : i);
	}
	p->clauses_end = p->ninsns;

	cg_place(&g, out);
	cg_emit(&g, BPF_MOV64_IMM(R0, 0));
	cg_emit(&g, BPF_EXIT_INSN());
	cg_strfn_emit(&g);
	cg_dpath_emit(&g);
	cg_resolve_fixups(&g);

	uint32_t need = L->temp_off + g.temp_max;
	if (need > L->scratch_size)
		L->scratch_size = need;
	/* in the layout's pool: an error above leaves them to it */
	pool_release(&L->pool, g.labels);
	pool_release(&L->pool, g.fix);
}

void cg_program_free(struct cg_program *p)
{
	if (!p)
		return;
	pv_free(&p->clauses);
	free(p->insns);
	free(p->relocs);
	free(p->name);
	free(p->funcs);
	free(p->srcpos);
	free(p->clause_insn);
	free(p);
}
