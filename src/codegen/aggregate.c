/*
 * aggregate.c - aggregations: @a[keys] = fn(args) updates the entry of the
 * key tuple in the aggregation's per-CPU hash map (consumer/agg.h
 * describes the value words of each function; hist.h the buckets of
 * quantize, lquantize and llquantize).  cg_agg_nvals and cg_agg_keyslot
 * give the sizes the layout and the consumer use.
 */
#include "cg_impl.h"

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
			cg_fault(g, DTRACEFLT_BADADDR, -1);
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

void cg_agg_update(struct cg *g, struct node *e)
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
