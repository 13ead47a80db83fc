/*
 * aggregate.c - the aggregation API: dtrace_aggregate_snap (read and merge
 * every aggregation from their per-CPU map, in one walk of it), the walks
 * (unsorted and sorted as DTrace sorts them), dtrace_aggregate_print
 * (DTrace's output at exit, from one snapshot of every aggregation it
 * prints) and dtrace_aggregate_clear; and printa(), which prints from a
 * fresh snapshot of its aggregations.
 *
 * A walk hands each entry over as DTrace lays it out: dtada_data holds the
 * variable id (8 bytes, record 0), then the keys (records 1..n), then the
 * value (the last record): count, sum, min and max one int64; avg two
 * (count, total); stddev four (count, total, sum of squares as 128 bits);
 * the quantize family one int64 per bucket (see agg.h for the buckets).
 */
#include "dt_impl.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "../front/sema.h"
#include "agg.h"
#include "symact.h"

/* The reduction of a's func(), mod(), ufunc(), usym() and umod() keys in
 * the entries of snap from first on to the symbol, module or object they
 * show, so that the entries of one become one (DTrace's
 * dt_aggregate_snap_one). */
static void reduce_symacts(struct dtrace_hdl *h, const struct dt_agg *a, struct dt_aggsnap *snap, int first)
{
	int reduce = 0;

	for (int k = 0; k < a->nkeys; k++)
		reduce |= a->keys[k].symact != 0 && a->keys[k].symact != DTRACEACT_UADDR;
	if (!reduce)
		return;
	for (int i = first; i < snap->n; i++)
		for (int k = 0; k < a->nkeys; k++) {
			const struct dt_recarg *kk = &a->keys[k];
			uint64_t w[2] = {0, 0};

			if (!kk->symact || kk->size > sizeof(w))
				continue;
			memcpy(w, snap->ents[i].key + kk->off, kk->size);
			dt_symact_reduce(h->ksyms, h->usyms, kk->symact, w);
			memcpy(snap->ents[i].key + kk->off, w, kk->size);
		}
	dt_agg_combine_dups(a, snap, first);
}

/*
 * Snapshot aggs[0..n) into snap, in one walk of their map, their symbol
 * keys reduced (reduce_symacts); the entries grouped by aggregation in the
 * order of aggs.  The number of entries appended, or -1.
 */
static int snapshot(struct dtrace_hdl *h, const struct dt_agg *const *aggs, int n, struct dt_aggsnap *snap)
{
	struct dt_aggsnap raw = {0};
	int first = snap->n, i = 0;

	if (n <= 0)
		return 0;
	raw.percpu = snap->percpu = h->o.aggpercpu;
	if (dt_agg_snapshot(aggs, n, libbpf_num_possible_cpus(), &raw) < 0)
		return -1;
	snap->ncpus = raw.ncpus;
	/* each aggregation's group in turn onto snap, reduced there */
	while (i < raw.n) {
		const struct dt_agg *a = raw.ents[i].agg;
		int from = snap->n;

		for (; i < raw.n && raw.ents[i].agg == a; i++) {
			if (snap->n == snap->cap) {
				snap->cap = snap->cap ? 2 * snap->cap : 16;
				snap->ents = xrealloc(snap->ents, (size_t)snap->cap * sizeof(*snap->ents));
			}
			snap->ents[snap->n++] = raw.ents[i];
		}
		reduce_symacts(h, a, snap, from);
	}
	free(raw.ents);
	return snap->n - first;
}

void dt_agg_options(struct dtrace_hdl *h, struct dt_aggopts *ao)
{
	memset(ao, 0, sizeof(*ao));
	ao->sortkey = h->o.aggsortkey;
	ao->sortkeypos = h->o.aggsortkeypos;
	ao->sortpos = h->o.aggsortpos;
	ao->sortrev = h->o.aggsortrev;
	ao->pack = h->o.aggpack;
	ao->zoom = h->o.aggzoom;
	ao->strsize = h->o.strsize;
	ao->quiet = h->o.quiet;
	ao->ksyms = h->ksyms;
	ao->usyms = h->usyms;
	ao->syms = &dt_out_of(h)->syms;
}

void dt_printa(struct dtrace_hdl *h, const struct dt_recdesc *r)
{
	struct dt_aggsnap snap = {0};
	struct dt_aggopts ao;
	int n = r->naggs;
	const struct dt_agg **aggs = xcalloc((size_t)n + 1, sizeof(*aggs));
	int printed = 0;
	struct dt_out *o = dt_out_of(h);

	dt_agg_options(h, &ao);
	for (int i = 0; i < n; i++)
		aggs[i] = &h->aggs[r->aggids[i]];
	snapshot(h, aggs, n, &snap);
	o->ao = &ao;
	if (r->fmt) {
		printed = o->ops->printa(o, r->fmt, aggs, n, &snap);
	} else if (n > 1) {
		/* several without a format: joined on their keys (dt_printa) */
		o->ops->aggs_begin(o, 0);
		printed = o->ops->printa(o, NULL, aggs, n, &snap);
		o->ops->aggs_end(o, 0);
	} else {
		o->ops->aggs_begin(o, 0);
		for (int i = 0; i < n; i++)
			printed += dt_agg_emit(o, aggs[i], &snap);
		o->ops->aggs_end(o, 0);
	}
	o->ao = NULL;
	if (printed > 0)
		for (int i = 0; i < n; i++)
			h->aggs[r->aggids[i]].printed = 1;
	dt_aggsnap_free(&snap);
	free(aggs);
}

static void snap_drop(struct dtrace_hdl *h)
{
	if (h->snap) {
		dt_aggsnap_free(h->snap);
		free(h->snap);
		h->snap = NULL;
	}
}

void dt_aggregate_free(struct dtrace_hdl *h)
{
	snap_drop(h);
	for (int i = 0; i < h->naggs; i++)
		free(h->aggs[i].keys);
	free(h->aggs);
	h->aggs = NULL;
	h->naggs = 0;
}

/* Every aggregation of h, in id order: aggs[0..h->naggs), to free. */
static const struct dt_agg **all_aggs(struct dtrace_hdl *h)
{
	const struct dt_agg **v = xcalloc((size_t)h->naggs + 1, sizeof(*v));

	for (int i = 0; i < h->naggs; i++)
		v[i] = &h->aggs[i];
	return v;
}

int dtrace_aggregate_snap(dtrace_hdl_t *h)
{
	const struct dt_agg **aggs = all_aggs(h);
	int rc, err;

	snap_drop(h);
	h->snap = xcalloc(1, sizeof(*h->snap));
	rc = snapshot(h, aggs, h->naggs, h->snap);
	err = errno;
	free(aggs);
	if (rc < 0)
		return dt_set_errmsg(h, EDT_ENABLING, "cannot read the aggregations: %s", strerror(err));
	return 0;
}

void dtrace_aggregate_clear(dtrace_hdl_t *h)
{
	const struct dt_agg **aggs = all_aggs(h);

	dt_agg_clear(aggs, h->naggs, libbpf_num_possible_cpus());
	free(aggs);
	snap_drop(h);
}

static dtrace_actkind_t agg_kind(int fn)
{
	switch (fn) {
	case F_COUNT: return DTRACEAGG_COUNT;
	case F_MIN: return DTRACEAGG_MIN;
	case F_MAX: return DTRACEAGG_MAX;
	case F_AVG: return DTRACEAGG_AVG;
	case F_SUM: return DTRACEAGG_SUM;
	case F_STDDEV: return DTRACEAGG_STDDEV;
	case F_QUANTIZE: return DTRACEAGG_QUANTIZE;
	case F_LQUANTIZE: return DTRACEAGG_LQUANTIZE;
	default: return DTRACEAGG_LLQUANTIZE;
	}
}

/* Where an aggregation's value starts among its merged words, and how many
 * words DTrace's layout of it has. */
static void value_words(const struct dt_agg *a, uint32_t *first, uint32_t *n)
{
	switch (a->fn) {
	case F_COUNT: *first = 0; *n = 1; break;
	case F_AVG: *first = 0; *n = 2; break;
	case F_STDDEV: *first = 0; *n = 4; break;
	case F_SUM: case F_MIN: case F_MAX: *first = 1; *n = 1; break;
	default: *first = 1; *n = a->nvals - 1; break;	/* the buckets */
	}
}

/* The description of aggregation a, for walks: made per walk. */
static dtrace_aggdesc_t *aggdesc_of(const struct dt_agg *a)
{
	int nrecs = a->nkeys + 2;
	dtrace_aggdesc_t *d = xcalloc(1, sizeof(*d) + (size_t)nrecs * sizeof(dtrace_recdesc_t));
	uint32_t first, n, off = 8;

	d->dtagd_name = a->name;
	d->dtagd_varid = a->id + 1;
	d->dtagd_id = (dtrace_aggid_t)a->id + 1;
	d->dtagd_flags = a->printed ? DTRACE_AGD_PRINTED : 0;
	d->dtagd_nrecs = nrecs;
	d->dtagd_rec[0].dtrd_action = DTRACEACT_DIFEXPR;
	d->dtagd_rec[0].dtrd_size = 8;
	d->dtagd_rec[0].dtrd_alignment = 8;
	for (int k = 0; k < a->nkeys; k++) {
		dtrace_recdesc_t *r = &d->dtagd_rec[1 + k];
		r->dtrd_action = a->keys[k].is_stack == 1 ? DTRACEACT_STACK :
				 a->keys[k].is_stack == 2 ? DTRACEACT_USTACK :
				 a->keys[k].symact ? a->keys[k].symact : DTRACEACT_DIFEXPR;
		r->dtrd_offset = off + a->keys[k].off;
		r->dtrd_size = a->keys[k].size;
		r->dtrd_alignment = 8;
		r->dtrd_uarg = dt_recarg_type(&a->keys[k]);
	}
	off += a->keysize;
	value_words(a, &first, &n);
	dtrace_recdesc_t *v = &d->dtagd_rec[nrecs - 1];
	v->dtrd_action = agg_kind(a->fn);
	v->dtrd_offset = off;
	v->dtrd_size = n * 8;
	v->dtrd_alignment = 8;
	if (a->fn == F_LQUANTIZE)
		v->dtrd_arg = ((uint64_t)(uint16_t)a->lq_levels << 48) | ((uint64_t)(uint16_t)a->lq_step << 32) |
			      (uint32_t)a->lq_base;
	d->dtagd_size = off + n * 8;
	return d;
}

/* Which order a walk hands entries over in. */
enum walk_order { W_NONE, W_SORTED, W_KEY, W_VAL, W_KEYVAR, W_VALVAR };

static int walk(struct dtrace_hdl *h, dtrace_aggregate_f *func, void *arg, enum walk_order order, int rev)
{
	struct dt_aggent **v;
	dtrace_aggdesc_t **descs;
	char *cleared;		/* by id: cleared by this walk */
	int n, rv = 0;

	if (!h->snap && dtrace_aggregate_snap(h) < 0)
		return -1;
	n = h->snap->n;
	v = xcalloc((size_t)n + 1, sizeof(*v));
	for (int i = 0; i < n; i++)
		v[i] = &h->snap->ents[i];
	if (order != W_NONE) {
		struct dt_aggopts ao;
		dt_agg_options(h, &ao);
		if (order != W_SORTED) {
			ao.sortkey = order == W_KEY || order == W_KEYVAR;
			ao.sortrev = rev;
		}
		dt_agg_sort(v, n, &ao);
	}
	descs = xcalloc((size_t)h->naggs + 1, sizeof(*descs));
	cleared = xcalloc((size_t)h->naggs + 1, 1);
	for (int i = 0; i < h->naggs; i++)
		descs[i] = aggdesc_of(&h->aggs[i]);
	for (int i = 0; i < n && rv == 0; i++) {
		const struct dt_aggent *e = v[i];
		const struct dt_agg *a = e->agg;
		dtrace_aggdesc_t *d = descs[a->id];
		uint32_t first, nw;
		char *data = xcalloc(1, d->dtagd_size);
		int64_t varid = d->dtagd_varid;

		value_words(a, &first, &nw);
		memcpy(data, &varid, 8);
		memcpy(data + 8, e->key, a->keysize);
		memcpy(data + 8 + a->keysize, e->vals + first, nw * 8);
		dtrace_aggdata_t ad = {
			.dtada_handle = h,
			.dtada_desc = d,
			.dtada_data = data,
			.dtada_normal = (uint64_t)(a->normal > 0 ? a->normal : 1),
			.dtada_size = d->dtagd_size,
		};
		switch (func(&ad, arg)) {
		case DTRACE_AGGWALK_NEXT:
			break;
		case DTRACE_AGGWALK_ABORT:
			rv = dt_set_errno(h, EDT_DIRABORT);
			break;
		case DTRACE_AGGWALK_CLEAR:
		case DTRACE_AGGWALK_REMOVE:
			/* the whole aggregation, once a walk: entries are not
			 * cleared one by one here */
			if (!cleared[a->id]) {
				cleared[a->id] = 1;
				dt_agg_clear(&a, 1, libbpf_num_possible_cpus());
			}
			break;
		case DTRACE_AGGWALK_NORMALIZE:
			break;
		case DTRACE_AGGWALK_DENORMALIZE:
			h->aggs[a->id].normal = 1;
			break;
		default:
			rv = dt_set_errno(h, EDT_BADRVAL);
			break;
		}
		free(data);
	}
	for (int i = 0; i < h->naggs; i++)
		free(descs[i]);
	free(descs);
	free(cleared);
	free(v);
	return rv;
}

int dtrace_aggregate_walk(dtrace_hdl_t *h, dtrace_aggregate_f *f, void *a) { return walk(h, f, a, W_NONE, 0); }
int dtrace_aggregate_walk_sorted(dtrace_hdl_t *h, dtrace_aggregate_f *f, void *a) { return walk(h, f, a, W_SORTED, 0); }
int dtrace_aggregate_walk_keysorted(dtrace_hdl_t *h, dtrace_aggregate_f *f, void *a) { return walk(h, f, a, W_KEY, 0); }
int dtrace_aggregate_walk_valsorted(dtrace_hdl_t *h, dtrace_aggregate_f *f, void *a) { return walk(h, f, a, W_VAL, 0); }
int dtrace_aggregate_walk_keyvarsorted(dtrace_hdl_t *h, dtrace_aggregate_f *f, void *a) { return walk(h, f, a, W_KEYVAR, 0); }
int dtrace_aggregate_walk_valvarsorted(dtrace_hdl_t *h, dtrace_aggregate_f *f, void *a) { return walk(h, f, a, W_VALVAR, 0); }
int dtrace_aggregate_walk_keyrevsorted(dtrace_hdl_t *h, dtrace_aggregate_f *f, void *a) { return walk(h, f, a, W_KEY, 1); }
int dtrace_aggregate_walk_valrevsorted(dtrace_hdl_t *h, dtrace_aggregate_f *f, void *a) { return walk(h, f, a, W_VAL, 1); }
int dtrace_aggregate_walk_keyvarrevsorted(dtrace_hdl_t *h, dtrace_aggregate_f *f, void *a) { return walk(h, f, a, W_KEYVAR, 1); }
int dtrace_aggregate_walk_valvarrevsorted(dtrace_hdl_t *h, dtrace_aggregate_f *f, void *a) { return walk(h, f, a, W_VALVAR, 1); }

/*
 * DTrace's output at exit (through h->out: under text) one newline, then
 * every aggregation not printed
 * by printa(), in id order (reversed under aggsortrev, as DTrace sorts on
 * the variable id with the same reversal).  Nothing when the program has no
 * aggregations.  func (a walk to order by) is accepted for DTrace's
 * signature; the order is DTrace's default one.
 */
int dtrace_aggregate_print(dtrace_hdl_t *h, FILE *fp, dtrace_aggregate_walk_f *func)
{
	struct dt_aggopts ao;
	struct dt_aggsnap snap = {0};
	const struct dt_agg **aggs;
	struct dt_out *o;
	int n = 0;

	(void)func;
	if (!h->naggs || !h->rb)
		return 0;
	dt_agg_options(h, &ao);
	/* one snapshot of every aggregation to print, then each in turn */
	aggs = xcalloc((size_t)h->naggs + 1, sizeof(*aggs));
	for (int j = 0; j < h->naggs; j++) {
		int i = ao.sortrev ? h->naggs - 1 - j : j;
		if (!h->aggs[i].printed)
			aggs[n++] = &h->aggs[i];
	}
	snapshot(h, aggs, n, &snap);
	o = dt_out_of(h);
	o->ao = &ao;
	o->ops->aggs_begin(o, 1);
	for (int j = 0, at = 0; j < n; j++) {
		/* its entries: the next group of the snapshot */
		struct dt_aggsnap group = { snap.ents + at, 0, 0, snap.percpu, snap.ncpus };
		while (at + group.n < snap.n && snap.ents[at + group.n].agg == aggs[j])
			group.n++;
		group.cap = group.n;
		at += group.n;
		dt_agg_emit(o, aggs[j], &group);
	}
	o->ops->aggs_end(o, 1);
	dt_aggsnap_free(&snap);
	free(aggs);
	o->ao = NULL;
	dt_out_flush(h, fp);
	return 0;
}
