/*
 * layout.c - cg_layout_program: before any program is generated, fix where
 * everything lives: global variables in the global-variable map, one map
 * per dynamic variable, the one map of all aggregations and its key (the
 * aggregation's id, then its keys; cg.h), every clause's record (see
 * action.c), and the scratch area of each CPU (record buffer, key buffer,
 * this-> variables, fault record, drop counters, zeroes, alloca() memory,
 * then temporaries, whose size cg_generate adds).
 */
#include "cg_impl.h"

#include <stdlib.h>
#include <string.h>

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

void cg_layout_free(struct cg_layout *L)
{
	pool_free_all(&L->pool);
	sb_free(&L->strtab);
	memset(L, 0, sizeof(*L));
}

void cg_layout_program(struct cg_layout *L, struct dt_prog *prog, const struct dt_cgopts *o)
{
	uint32_t off;

	cg_layout_free(L);
	L->error_clauses.pool = &L->pool;
	L->strbuf = align8(o->strsize + 1);
	L->strmax = o->strsize + 1;
	sb_init(&L->strtab);
	/* slot 0 of the string table is the empty string */
	{
		char *z = pool_zalloc(&L->pool, L->strbuf);
		sb_putn(&L->strtab, z, L->strbuf);
		pool_release(&L->pool, z);
	}

	/* global variables */
	off = GV_FIRSTVAR;
	for (int i = 0; i < prog->globals.n; i++) {
		struct dt_var *v = prog->globals.v[i];
		if (v->is_assoc || v->is_extern)
			continue;
		v->offset = off;
		if (v->is_array)
			off += v->type->nelems * cg_garray_stride(L, v->type->ref);
		else
			off += cg_val_size(L, v->type);
		off = align8(off);
	}
	L->gvars_size = off;

	/* dynamic variables: one map each */
	struct ptrvec dyn = {.pool = &L->pool};
	for (int i = 0; i < prog->globals.n; i++) {
		struct dt_var *v = prog->globals.v[i];
		if (v->is_assoc)
			pv_push(&dyn, v);
	}
	for (int i = 0; i < prog->tlocals.n; i++)
		pv_push(&dyn, prog->tlocals.v[i]);
	L->ndyn = dyn.n;
	L->dyn = (struct dt_var **)dyn.v;
	L->dyn_keysize = pool_calloc(&L->pool, (size_t)dyn.n + 1, sizeof(uint32_t));
	L->dyn_valsize = pool_calloc(&L->pool, (size_t)dyn.n + 1, sizeof(uint32_t));
	uint32_t keymax = 8;
	for (int i = 0; i < dyn.n; i++) {
		struct dt_var *v = dyn.v[i];
		uint32_t ks = v->scope == VS_THREAD ? 8 : 0;
		for (int k = 0; k < v->nkeys; k++)
			ks += cg_key_slot_size(L, v->keys[k]);
		if (ks == 0)
			ks = 8;
		L->dyn_keysize[i] = ks;
		L->dyn_valsize[i] = cg_val_size(L, v->type);
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

	/* aggregations: one map for all of them (cg.h: the map of aggregations) */
	L->nagg = prog->aggs.n;
	L->aggs = (struct dt_aggvar **)prog->aggs.v;
	L->agg_keysize = pool_calloc(&L->pool, (size_t)L->nagg + 1, sizeof(uint32_t));
	L->agg_nvals = pool_calloc(&L->pool, (size_t)L->nagg + 1, sizeof(uint32_t));
	L->agg_tuple_off = 8;
	L->agg_map_keysize = 0;
	L->agg_map_valsize = 0;
	for (int i = 0; i < L->nagg; i++) {
		struct dt_aggvar *a = L->aggs[i];
		uint32_t ks = 0;
		for (int k = 0; k < a->nkeys; k++)
			ks += cg_agg_keyslot(L, a, k);
		L->agg_keysize[i] = ks ? ks : 8;
		L->agg_nvals[i] = cg_agg_nvals(a);
		if (L->agg_tuple_off + L->agg_keysize[i] > L->agg_map_keysize)
			L->agg_map_keysize = L->agg_tuple_off + L->agg_keysize[i];
		if (L->agg_nvals[i] * 8 > L->agg_map_valsize)
			L->agg_map_valsize = L->agg_nvals[i] * 8;
	}
	if (L->agg_map_keysize > keymax)
		keymax = L->agg_map_keysize;

	/* the key buffer: a dynamic variable's key or an aggregation's map key */
	L->key_off = L->rec_max;
	L->key_size = align8(keymax);
	L->clocal_off = L->key_off + L->key_size;
	off = L->clocal_off;
	for (int i = 0; i < prog->clocals.n; i++) {
		struct dt_var *v = prog->clocals.v[i];
		v->offset = off;
		off = align8(off + cg_val_size(L, v->type));
	}
	L->clocal_size = off - L->clocal_off;
	L->fault_off = off;
	off += sizeof(struct rec_fault);
	L->drops_off = off;		/* this CPU's buffer and aggregation drops */
	off += 16;
	/* zeroes: the initial value of an aggregation (of any, so as long as
	 * the map's values), and alloca() memory */
	L->zero_size = L->agg_map_valsize > 8 ? L->agg_map_valsize : 8;
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
				 uses_fn(c->pred, F_BCOPY) || uses_fn(c->body, F_BCOPY) ||
				 uses_fn(c->pred, F_COPYIN) || uses_fn(c->body, F_COPYIN);
	}
	if (L->uses_alloca)
		off += 2 * ALLOCA_MAX;
	L->temp_off = off;
	L->scratch_size = L->temp_off;
	(void)o;
}
