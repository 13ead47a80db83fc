/*
 * aggregate.c - aggregations: @a[keys] = fn(args) updates the entry of the
 * aggregation's id and key tuple in the per-CPU hash map that all
 * aggregations share (CGM_AGGS, its key laid out as cg.h's struct
 * cg_layout says), inserting zeroes first when the key is new on this CPU;
 * when the map is full the update is dropped and counted in this CPU's
 * aggregation drops.  consumer/agg.h describes the value
 * words of each function, hist.h the buckets of quantize, lquantize and
 * llquantize.  Each aggregating function is a row of aggfns[] (its words,
 * its weight argument, its update).  cg_agg_nvals and cg_agg_keyslot give
 * the sizes the layout and the consumer use.
 */
#include "cg_impl.h"
#include "hist.h"

/* Bytes of key slot i of an aggregation: strings as wide as they can be. */
uint32_t cg_agg_keyslot(const struct cg_layout *L, const struct dt_aggvar *a, int i)
{
	if (a->keys[i]->is_stack || a->keys[i]->symact)
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

/* Zero the bytes [from, to) of the scratch area (clobbers r1). */
static void zero_scratch(struct cg *g, uint32_t from, uint32_t to)
{
	for (uint32_t i = from; i < to; i += 8)
		cg_scratch_st(g, BPF_DW, i, 0, R1);
}

/*
 * Build a's key in the map of aggregations (cg.h) from the keys pushed at
 * depth base; r9 = the key.  The map compares whole keys, so every byte
 * must be the same for the same tuple: the id and the integer keys are
 * stored whole, the bytes that no helper is sure to write (after a
 * string's NUL, after a short stack, the padding up to the largest key of
 * the program) are zeroed, and no more.  execname keys are read straight
 * into the key (no temporary copy).
 */
static void build_agg_key(struct cg *g, struct dt_aggvar *a, struct node *l, int base)
{
	const struct cg_layout *L = g->L;
	uint32_t tuple = L->key_off + L->agg_tuple_off, off = tuple;

	cg_scratch_st(g, BPF_DW, L->key_off, a->id, R1);
	if (a->nkeys == 0)
		zero_scratch(g, off, off + L->agg_keysize[a->id]);
	for (int i = 0; i < a->nkeys; i++) {
		uint32_t slot = cg_agg_keyslot(L, a, i);
		if (a->keys[i]->is_stack) {
			/* not every path of cg_stack_into writes every
			 * word (no kernel stack: the first only) */
			zero_scratch(g, off, off + slot);
			cg_stack_into(g, off, slot, a->keys[i]->is_stack == 2);
			off += slot;
			continue;
		}
		if (a->keys[i]->symact) {
			/* func(), ufunc(), ...: the argument's value, after
			 * the process id for a user address */
			if (slot > 8) {
				cg_symaddr_pid(g, off);
				off += 8;
			}
			cg_peek(g, R3, base + i);
			cg_scratch_stx(g, BPF_DW, R3, off, R1);
			off += 8;
			continue;
		}
		if (is_str(a->keys[i]) && is_execname(l->args.v[i])) {
			/* bpf_get_current_comm pads its 16 bytes with zeroes
			 * and ends what it copies with a NUL: at most strsize
			 * chars */
			uint32_t comm = slot < 16 ? slot : 16;
			if (comm > L->strmax)
				comm = L->strmax;
			zero_scratch(g, off + comm, off + slot);
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)off));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)comm));
			cg_call(g, BPF_FUNC_get_current_comm);
			off += slot;
			continue;
		}
		cg_peek(g, R3, base + i);
		if (is_str(a->keys[i])) {
			int ok = cg_new_label(g);
			zero_scratch(g, off, off + slot);
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)off));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)(slot < L->strmax ? slot : L->strmax)));
			cg_call(g, BPF_FUNC_probe_read_kernel_str);
			cg_jmp_imm(g, BPF_JSGE, R0, 0, ok);
			cg_fault(g, DTRACEFLT_BADADDR, -1);
			cg_place(g, ok);
			off += slot;
		} else {
			cg_norm(g, R3, a->keys[i]);	/* as a dynamic variable's key */
			cg_scratch_stx(g, BPF_DW, R3, off, R1);
			off += 8;
		}
	}
	zero_scratch(g, tuple + L->agg_keysize[a->id], L->key_off + L->agg_map_keysize);
	cg_emit(g, BPF_MOV64_REG(R9, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, (int32_t)L->key_off));
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

/*
 * The update of each aggregating function.  On entry r8 points to this
 * CPU's value words of the key, whose v[0] (the number of updates, in r1)
 * is already counted; the function's value is at stack depth val_d, the
 * weight of the quantize family at incr_d.
 */
static void upd_sum(struct cg *g, const struct dt_aggvar *a, int val_d, int incr_d)
{
	(void)a;
	(void)incr_d;
	cg_peek(g, R2, val_d);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R8, 8));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R2));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R8, R3, 8));
}

static void upd_minmax(struct cg *g, const struct dt_aggvar *a, int val_d, int incr_d)
{
	int set = cg_new_label(g), skip = cg_new_label(g);

	(void)incr_d;
	cg_peek(g, R2, val_d);
	cg_jmp_imm(g, BPF_JEQ, R1, 1, set);	/* first value on this CPU */
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R8, 8));
	cg_jmp_reg(g, a->fn == F_MIN ? BPF_JSGE : BPF_JSLE, R2, R3, skip);
	cg_place(g, set);
	cg_emit(g, BPF_STX_MEM(BPF_DW, R8, R2, 8));
	cg_place(g, skip);
}

/* v[1] += value; v[2..3] += value * value, as 128 bits */
static void upd_stddev(struct cg *g, const struct dt_aggvar *a, int val_d, int incr_d)
{
	int pos = cg_new_label(g), nc1 = cg_new_label(g), nc2 = cg_new_label(g);

	upd_sum(g, a, val_d, incr_d);	/* leaves the value in r2 */
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
}

/* The histogram geometry of a (hist.h). */
static struct dt_hist hist_of(const struct dt_aggvar *a)
{
	struct dt_hist h = {
		.fn = a->fn, .base = a->lq_base, .step = a->lq_step,
		.levels = dt_lquantize_levels(a->lq_base, a->lq_limit, a->lq_step),
		.factor = a->llq_factor, .low = a->llq_low, .high = a->llq_high,
		.nsteps = a->llq_nsteps,
	};

	return h;
}

/* The buckets are dt_hist_bucket()'s: the number of significant bits of
 * |value| either side of DT_QUANTIZE_ZERO. */
static void upd_quantize(struct cg *g, const struct dt_aggvar *a, int val_d, int incr_d)
{
	int zero = cg_new_label(g), neg = cg_new_label(g), idx = cg_new_label(g), clamp = cg_new_label(g);

	(void)a;
	cg_peek(g, R0, val_d);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, zero);
	cg_jmp_imm(g, BPF_JSLT, R0, 0, neg);
	gen_bits(g);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, DT_QUANTIZE_ZERO));
	cg_jmp(g, idx);
	cg_place(g, neg);
	cg_emit(g, BPF_NEG64(R0));
	gen_bits(g);
	cg_jmp_imm(g, BPF_JLE, R1, DT_QUANTIZE_ZERO, clamp);	/* INT64_MIN: bucket 0 */
	cg_emit(g, BPF_MOV64_IMM(R1, DT_QUANTIZE_ZERO));
	cg_place(g, clamp);
	cg_emit(g, BPF_MOV64_IMM(R2, DT_QUANTIZE_ZERO));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R1));
	cg_emit(g, BPF_MOV64_REG(R1, R2));
	cg_jmp(g, idx);
	cg_place(g, zero);
	cg_emit(g, BPF_MOV64_IMM(R1, DT_QUANTIZE_ZERO));
	cg_place(g, idx);
	bump_bucket(g, DT_QUANTIZE_NBUCKETS, incr_d);
}

static void upd_lquantize(struct cg *g, const struct dt_aggvar *a, int val_d, int incr_d)
{
	struct dt_hist h = hist_of(a);
	int idx = cg_new_label(g), under = cg_new_label(g);

	cg_peek(g, R0, val_d);
	cg_ld_imm64(g, R2, (uint64_t)h.base);
	cg_jmp_reg(g, BPF_JSLT, R0, R2, under);
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R0, R2));
	cg_ld_imm64(g, R3, (uint64_t)(h.levels * h.step));
	cg_emit(g, BPF_MOV64_IMM(R1, (int32_t)(h.levels + 1)));	/* overflow */
	cg_jmp_reg(g, BPF_JGE, R0, R3, idx);
	cg_ld_imm64(g, R3, (uint64_t)h.step);
	cg_emit(g, BPF_ALU64_REG(BPF_DIV, R0, R3));
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
	cg_jmp(g, idx);
	cg_place(g, under);
	cg_emit(g, BPF_MOV64_IMM(R1, 0));
	cg_place(g, idx);
	bump_bucket(g, (uint32_t)dt_hist_nbuckets(&h), incr_d);
}

/* The bucket of |value| among the orders of magnitude, unrolled at compile
 * time; negative values mirror around the bucket of |value| < factor^low. */
static void upd_llquantize(struct cg *g, const struct dt_aggvar *a, int val_d, int incr_d)
{
	struct dt_hist h = hist_of(a);
	int64_t f = h.factor, steps = h.nsteps, Z = dt_llq_zero(&h);
	int64_t p = 1;
	int pos = cg_new_label(g), have_j = cg_new_label(g), zero = cg_new_label(g), idx = cg_new_label(g);

	for (int64_t o = 0; o < h.low; o++)
		p *= f;
	cg_peek(g, R0, val_d);
	cg_emit(g, BPF_MOV64_IMM(R5, 0));		/* r5: negative? */
	cg_jmp_imm(g, BPF_JSGE, R0, 0, pos);
	cg_emit(g, BPF_NEG64(R0));
	cg_emit(g, BPF_MOV64_IMM(R5, 1));
	cg_place(g, pos);
	cg_ld_imm64(g, R2, (uint64_t)p);
	cg_jmp_reg(g, BPF_JLT, R0, R2, zero);
	for (int64_t m = h.low; m <= h.high; m++) {
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
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)dt_llq_offset(&h, m)));
		cg_jmp(g, have_j);
		cg_place(g, next);
		p = pn;
	}
	/* overflow: j = M*B + 1 */
	cg_emit(g, BPF_MOV64_IMM(R1, (int32_t)(dt_llq_nmags(&h) * dt_llq_per_mag(&h) + 1)));
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
	bump_bucket(g, (uint32_t)dt_hist_nbuckets(&h), incr_d);
}

/*
 * The aggregating functions, by enum builtin_fn (front/sema.h): the words
 * of their values (consumer/agg.h; 0: 1 + the buckets of a histogram),
 * the argument that is the weight of an update (-1: none, the weight is 1)
 * and the update.  Adding one: a row here and its update above; the front
 * end declares it (sema.h, sema.c, aggsema.c) and the consumer merges and
 * prints it (consumer/agg.c).
 */
static const struct aggfn {
	uint32_t nwords;
	int incr_arg;
	void (*update)(struct cg *g, const struct dt_aggvar *a, int val_d, int incr_d);
} aggfns[F_NFUNCS] = {
	[F_COUNT] = {1, -1, NULL},
	[F_SUM] = {2, -1, upd_sum},
	[F_AVG] = {2, -1, upd_sum},
	[F_MIN] = {2, -1, upd_minmax},
	[F_MAX] = {2, -1, upd_minmax},
	[F_STDDEV] = {4, -1, upd_stddev},
	[F_QUANTIZE] = {0, 1, upd_quantize},
	[F_LQUANTIZE] = {0, 4, upd_lquantize},
	[F_LLQUANTIZE] = {0, 5, upd_llquantize},
};

static const struct aggfn *aggfn(int fn)
{
	static const struct aggfn none = {1, -1, NULL};

	if (fn > F_NONE && fn < F_NFUNCS && (aggfns[fn].nwords || aggfns[fn].update))
		return &aggfns[fn];
	return &none;
}

/* Words of an aggregation's value (v[0], the count of updates, included). */
uint32_t cg_agg_nvals(const struct dt_aggvar *a)
{
	const struct aggfn *f = aggfn(a->fn);
	struct dt_hist h;

	if (f->nwords)
		return f->nwords;
	h = hist_of(a);
	return 1 + (uint32_t)dt_hist_nbuckets(&h);
}

void cg_agg_update(struct cg *g, struct node *e)
{
	struct node *l = e->kids[0], *fcall = e->kids[1];
	struct dt_aggvar *a = g->L->aggs[l->ival];
	int map = CGM_AGGS;
	int have = cg_new_label(g), done = cg_new_label(g), ins_ok = cg_new_label(g);
	int base = g->depth;

	for (int i = 0; i < l->args.n; i++) {
		struct node *k = l->args.v[i];
		if (is_execname(k) || (k->type && k->type->is_stack))
			cg_emit(g, BPF_MOV64_IMM(R0, 0));	/* read in build_agg_key */
		else if (k->type && k->type->symact)
			cg_expr(g, k->args.v[0]);	/* the address func() etc. show */
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
	int incr_arg = aggfn(a->fn)->incr_arg;
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
	cg_scratch_ldx(g, BPF_DW, R1, g->L->drops_off + 8);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
	cg_scratch_stx(g, BPF_DW, R1, g->L->drops_off + 8, R2);
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

	if (aggfn(a->fn)->update)
		aggfn(a->fn)->update(g, a, val_d, incr_d);
	cg_place(g, done);
	g->depth = base;
}
