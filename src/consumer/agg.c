/*
 * agg.c - aggregation data on the consumer side: the per-CPU BPF map of
 * all aggregations (agg.h) read and merged into snapshots, one walk of it
 * for any number of aggregations (entries dispatched by the id their key
 * starts with, the values of the others not read), DTrace's sort orders,
 * and the consumer's half of clear() and trunc().  How they print is
 * aggprint.c's.
 *
 * The output follows Oracle Linux DTrace's libdtrace (dt_consume.c,
 * dt_aggregate.c, dt_printf.c), whose test suite is our oracle, including
 * its arithmetic quirks: normalized count/sum/min/max and histogram counts
 * divide as unsigned 64-bit numbers, printa()'s %@ of avg() divides the
 * sum as an unsigned number, stddev() of a normalized aggregation divides
 * the sum of squares by the normalization once.  aggpack and aggzoom, which
 * Oracle DTrace lacks, follow illumos (aggpack in its ASCII rendering).
 */
#define _GNU_SOURCE

#include "agg.h"
#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../codegen/hist.h"
#include "../front/sema.h"

#define QBUCKETS	DT_QUANTIZE_NBUCKETS
#define QZERO		DT_QUANTIZE_ZERO
#define AGGZOOM_MAX	0.95	/* DTRACE_AGGZOOM_MAX: height of the max bar */

typedef unsigned __int128 u128;

/* ------------------------------------------------------------------------ */
/* Layout of values and keys                                                 */
/* ------------------------------------------------------------------------ */

/* Signed division that does not trap on INT64_MIN / -1. */
int64_t dt_agg_sdiv(int64_t x, int64_t y)
{
	if (y == -1)
		return (int64_t)((uint64_t)0 - (uint64_t)x);
	return x / y;
}

/* The histogram geometry of a (codegen/hist.h). */
static struct dt_hist hist_of(const struct dt_agg *a)
{
	struct dt_hist h = {
		.fn = a->fn, .base = a->lq_base, .step = a->lq_step, .levels = a->lq_levels,
		.factor = a->llq_factor, .low = a->llq_low, .high = a->llq_high,
		.nsteps = a->llq_nsteps,
	};

	return h;
}

int dt_agg_llq_zero(const struct dt_agg *a)
{
	struct dt_hist h = hist_of(a);

	return dt_llq_zero(&h);
}

/* Buckets of a histogram (0 for the scalar functions). */
int dt_agg_nbuckets(const struct dt_agg *a)
{
	struct dt_hist h = hist_of(a);

	return dt_hist_nbuckets(&h);
}

uint32_t dt_agg_words(const struct dt_agg *a)
{
	switch (a->fn) {
	case F_COUNT:
		return 1;
	case F_SUM:
	case F_MIN:
	case F_MAX:
		return 2;
	case F_AVG:
		return 2;
	case F_STDDEV:
		return 4;
	default:
		return 1 + (uint32_t)dt_agg_nbuckets(a);
	}
}

/* Words of a's values: what the map holds, at least what the function needs. */
uint32_t dt_agg_nwords(const struct dt_agg *a)
{
	uint32_t n = dt_agg_words(a);

	return a->nvals > n ? a->nvals : n;
}

int dt_agg_bucket(const struct dt_agg *a, int64_t value)
{
	struct dt_hist h = hist_of(a);

	return dt_hist_bucket(&h, value);
}

void dt_agg_apply(const struct dt_agg *a, int64_t *v, int64_t value, int64_t incr)
{
	u128 sq, acc;
	uint64_t m;

	switch (a->fn) {
	case F_COUNT:
		break;
	case F_SUM:
	case F_AVG:
		v[1] = (int64_t)((uint64_t)v[1] + (uint64_t)value);
		break;
	case F_MIN:
		if (v[0] == 0 || value < v[1])
			v[1] = value;
		break;
	case F_MAX:
		if (v[0] == 0 || value > v[1])
			v[1] = value;
		break;
	case F_STDDEV:
		v[1] = (int64_t)((uint64_t)v[1] + (uint64_t)value);
		m = value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value;
		sq = (u128)m * m;
		acc = ((u128)(uint64_t)v[3] << 64 | (uint64_t)v[2]) + sq;
		v[2] = (int64_t)(uint64_t)acc;
		v[3] = (int64_t)(uint64_t)(acc >> 64);
		break;
	default: {
		int b = dt_agg_bucket(a, value);

		if (b >= 0 && b < dt_agg_nbuckets(a))
			v[1 + b] = (int64_t)((uint64_t)v[1 + b] + (uint64_t)incr);
		break;
	}
	}
	v[0]++;
}

/* An integer key field, truncated to its D size. */
uint64_t dt_agg_key_bits(const struct dt_recarg *k, const unsigned char *key, int *size)
{
	uint64_t u = 0;
	int n = k->size > 0 && k->size <= 8 ? (int)k->size : 8;
	int sz = k->isize == 1 || k->isize == 2 || k->isize == 4 || k->isize == 8 ?
		 k->isize : n;

	memcpy(&u, key + k->off, (size_t)n);	/* little endian */
	if (sz < 8)
		u &= ((uint64_t)1 << (8 * sz)) - 1;
	if (size)
		*size = sz;
	return u;
}

/* ------------------------------------------------------------------------ */
/* Merging and snapshots                                                     */
/* ------------------------------------------------------------------------ */

void dt_agg_merge(const struct dt_agg *a, const int64_t *percpu, int ncpus, int64_t *out)
{
	uint32_t n = dt_agg_nwords(a), i;
	int c, seen = 0;
	u128 sq = 0;

	memset(out, 0, n * sizeof(*out));
	for (c = 0; c < ncpus; c++) {
		const int64_t *v = percpu + (size_t)c * n;

		switch (a->fn) {
		case F_MIN:
		case F_MAX:
			if (v[0] <= 0)
				continue;
			if (!seen || (a->fn == F_MIN ? v[1] < out[1] : v[1] > out[1]))
				out[1] = v[1];
			seen = 1;
			out[0] += v[0];
			break;
		case F_STDDEV:
			out[0] += v[0];
			out[1] = (int64_t)((uint64_t)out[1] + (uint64_t)v[1]);
			sq += (u128)(uint64_t)v[3] << 64 | (uint64_t)v[2];
			break;
		default:
			for (i = 0; i < n; i++)
				out[i] = (int64_t)((uint64_t)out[i] + (uint64_t)v[i]);
			break;
		}
	}
	if (a->fn == F_STDDEV) {
		out[2] = (int64_t)(uint64_t)sq;
		out[3] = (int64_t)(uint64_t)(sq >> 64);
	}
	/* A cleared min()/max() reads as Oracle DTrace's cleared data does. */
	if (!seen && a->fn == F_MIN)
		out[1] = INT64_MAX;
	if (!seen && a->fn == F_MAX)
		out[1] = INT64_MIN;
}

static void snap_push(struct dt_aggsnap *snap, const struct dt_agg *a,
		      const unsigned char *key, size_t keysize, const int64_t *vals)
{
	struct dt_aggent *e;
	uint32_t n = dt_agg_nwords(a);

	if (snap->n == snap->cap) {
		snap->cap = snap->cap ? 2 * snap->cap : 16;
		snap->ents = xrealloc(snap->ents, (size_t)snap->cap * sizeof(*snap->ents));
	}
	e = &snap->ents[snap->n++];
	e->agg = a;
	e->key = xcalloc(1, (keysize > a->keysize ? keysize : a->keysize) + 1);
	memcpy(e->key, key, keysize);
	e->vals = xmalloc(n * sizeof(int64_t));
	memcpy(e->vals, vals, n * sizeof(int64_t));
	e->pcpu = NULL;
}

void dt_aggsnap_free(struct dt_aggsnap *snap)
{
	int i;

	for (i = 0; i < snap->n; i++) {
		free(snap->ents[i].key);
		free(snap->ents[i].vals);
		free(snap->ents[i].pcpu);
	}
	free(snap->ents);
	snap->ents = NULL;
	snap->n = snap->cap = 0;
}

/*
 * The CPUs a per-CPU lookup fills: the kernel copies a value for every
 * possible CPU, whatever the caller believes.
 */
static int possible_cpus(int ncpus)
{
	int n = libbpf_num_possible_cpus();

	return n > ncpus ? n : ncpus > 0 ? ncpus : 1;
}

/*
 * The aggregations a walk of their map is for, by id (the first word of a
 * map key): the entries of the others are passed over without reading
 * their values.
 */
struct aggsel {
	const struct dt_aggmap *map;
	const struct dt_agg **by_id;	/* NULL: not wanted */
	uint64_t nids;
};

/* 0, or -1 (errno set) when the aggregations have no map, or not one. */
static int sel_make(struct aggsel *s, const struct dt_agg *const *aggs, int n)
{
	int i, maxid = -1;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < n; i++) {
		if (!aggs[i]->map || aggs[i]->map->fd < 0 || (s->map && aggs[i]->map != s->map)) {
			errno = aggs[i]->map ? EINVAL : EBADF;
			return -1;
		}
		s->map = aggs[i]->map;
		if (aggs[i]->id > maxid)
			maxid = aggs[i]->id;
	}
	s->nids = (uint64_t)(maxid + 1);
	s->by_id = xcalloc(s->nids + 1, sizeof(*s->by_id));
	for (i = 0; i < n; i++)
		if (aggs[i]->id >= 0)
			s->by_id[aggs[i]->id] = aggs[i];
	return 0;
}

static void sel_free(struct aggsel *s)
{
	free(s->by_id);
	s->by_id = NULL;
}

/* The aggregation of a map key, if the walk wants it. */
static const struct dt_agg *sel_agg(const struct aggsel *s, const unsigned char *key)
{
	uint64_t id;

	memcpy(&id, key, sizeof(id));
	return id < s->nids ? s->by_id[id] : NULL;
}

/* A set of key blobs (the keys an iteration has already seen). */
struct keyset {
	unsigned char *keys;
	uint64_t *hash;		/* 0: empty slot */
	size_t cap, n, ksz;
};

static uint64_t key_hash(const unsigned char *k, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ k[i]) * 0x100000001b3ULL;
	return h | 1;
}

/* Add key; returns 1 when it was already there. */
static int keyset_add(struct keyset *s, const unsigned char *k)
{
	uint64_t h = key_hash(k, s->ksz);
	size_t i;

	if (2 * (s->n + 1) > s->cap) {
		struct keyset t = { NULL, NULL, s->cap ? 2 * s->cap : 64, 0, s->ksz };

		t.keys = xcalloc(t.cap, s->ksz ? s->ksz : 1);
		t.hash = xcalloc(t.cap, sizeof(uint64_t));
		for (i = 0; i < s->cap; i++)
			if (s->hash[i])
				keyset_add(&t, s->keys + i * s->ksz);
		free(s->keys);
		free(s->hash);
		*s = t;
	}
	for (i = h & (s->cap - 1); s->hash[i]; i = (i + 1) & (s->cap - 1))
		if (s->hash[i] == h && memcmp(s->keys + i * s->ksz, k, s->ksz) == 0)
			return 1;
	s->hash[i] = h;
	memcpy(s->keys + i * s->ksz, k, s->ksz);
	s->n++;
	return 0;
}

static void keyset_free(struct keyset *s)
{
	free(s->keys);
	free(s->hash);
}

/*
 * Walk the map's keys of the aggregations of sel: fn(a, key, percpu
 * values) for each, key the map's whole key.  The values are ncpus arrays
 * of the map's value words.  Keys are visited once even when a deletion
 * makes the kernel restart the iteration.
 */
typedef int (*keyfn)(const struct dt_agg *a, const unsigned char *key, const int64_t *percpu, uint32_t vwords,
		     void *arg);

static int map_walk(const struct aggsel *sel, int ncpus, keyfn fn, void *arg)
{
	const struct dt_aggmap *m = sel->map;
	uint32_t ksz, vwords;
	unsigned char *key, *next;
	int64_t *vals;
	struct keyset seen;
	size_t steps = 0, limit;
	int rc = 0, first = 1;

	if (!m)
		return 0;	/* no aggregation asked for */
	ncpus = possible_cpus(ncpus);
	ksz = m->keysize;
	vwords = (m->valsize + 7) / 8;
	key = xcalloc(1, ksz);
	next = xcalloc(1, ksz);
	vals = xcalloc((size_t)ncpus * vwords, sizeof(int64_t));
	memset(&seen, 0, sizeof(seen));
	seen.ksz = ksz;
	limit = 4 * (size_t)m->maxent + 64;

	while (steps++ < limit) {
		const struct dt_agg *a;

		if (bpf_map_get_next_key(m->fd, first ? NULL : key, next) != 0) {
			if (errno != ENOENT)
				rc = -1;
			break;
		}
		first = 0;
		memcpy(key, next, ksz);
		if (!(a = sel_agg(sel, key)) || keyset_add(&seen, key))
			continue;
		if (bpf_map_lookup_elem(m->fd, key, vals) != 0) {
			if (errno == ENOENT)
				continue;	/* deleted under us */
			rc = -1;
			break;
		}
		if (fn(a, key, vals, vwords, arg) < 0) {
			rc = -1;
			break;
		}
	}
	keyset_free(&seen);
	free(key);
	free(next);
	free(vals);
	return rc;
}

struct snaparg {
	struct dt_aggsnap *snap;
	int ncpus;
};

static int snap_one(const struct dt_agg *a, const unsigned char *key, const int64_t *percpu, uint32_t vwords,
		    void *arg)
{
	struct snaparg *s = arg;
	uint32_t n = dt_agg_nwords(a), i;
	int64_t *tmp = NULL, *out = xcalloc(n, sizeof(int64_t));
	const int64_t *src = percpu;
	int c;

	if (vwords != n) {
		/* Repack to n words per CPU (the map's values are as long
		 * as the longest aggregation's). */
		tmp = xcalloc((size_t)s->ncpus * n, sizeof(int64_t));
		for (c = 0; c < s->ncpus; c++)
			for (i = 0; i < n && i < vwords; i++)
				tmp[(size_t)c * n + i] = percpu[(size_t)c * vwords + i];
		src = tmp;
	}
	dt_agg_merge(a, src, s->ncpus, out);
	/* The aggregation's own tuple (the 8-byte zero tuple of a keyless
	 * aggregation), not the id and padding around it. */
	snap_push(s->snap, a, key + a->map->tuple_off, a->keysize, out);
	if (s->snap->percpu) {
		struct dt_aggent *e = &s->snap->ents[s->snap->n - 1];

		e->pcpu = xmalloc((size_t)s->ncpus * n * sizeof(int64_t));
		memcpy(e->pcpu, src, (size_t)s->ncpus * n * sizeof(int64_t));
		/* A CPU that never updated the key holds min()'s and max()'s
		 * starting values, as DTrace's per-CPU copies do
		 * (dt_aggregate_clear_one_percpu). */
		for (c = 0; c < s->ncpus; c++) {
			int64_t *v = e->pcpu + (size_t)c * n;

			if (v[0] == 0 && (a->fn == F_MIN || a->fn == F_MAX))
				v[1] = a->fn == F_MIN ? INT64_MAX : INT64_MIN;
		}
	}
	free(tmp);
	free(out);
	return 0;
}

int dt_agg_snapshot(const struct dt_agg *const *aggs, int n, int ncpus, struct dt_aggsnap *snap)
{
	struct aggsel sel;
	struct dt_aggsnap raw = { NULL, 0, 0, snap->percpu, 0 };
	struct snaparg s;
	size_t *at;
	int i, total = 0, rc;

	if (sel_make(&sel, aggs, n) < 0)
		return -1;
	s.snap = &raw;
	s.ncpus = possible_cpus(ncpus);
	snap->ncpus = s.ncpus;
	rc = map_walk(&sel, ncpus, snap_one, &s);
	if (rc < 0) {
		dt_aggsnap_free(&raw);
		sel_free(&sel);
		return -1;
	}
	/* Group the entries by aggregation, in the order of aggs: where each
	 * aggregation's group starts, then each entry moved to its place. */
	at = xcalloc(sel.nids + 1, sizeof(*at));
	for (i = 0; i < raw.n; i++)
		at[raw.ents[i].agg->id]++;
	for (i = 0; i < n; i++) {
		size_t count = at[aggs[i]->id];

		if (!sel.by_id[aggs[i]->id])
			continue;	/* listed twice: placed already */
		sel.by_id[aggs[i]->id] = NULL;
		at[aggs[i]->id] = (size_t)snap->n + (size_t)total;
		total += (int)count;
	}
	if (snap->n + total > snap->cap) {
		snap->cap = snap->n + total;
		snap->ents = xrealloc(snap->ents, (size_t)snap->cap * sizeof(*snap->ents));
	}
	for (i = 0; i < raw.n; i++)
		snap->ents[at[raw.ents[i].agg->id]++] = raw.ents[i];
	snap->n += total;
	free(raw.ents);
	free(at);
	sel_free(&sel);
	return total;
}

static int keybytes_cmp(const void *x, const void *y, void *arg)
{
	const struct dt_aggent *l = x, *r = y;

	return memcmp(l->key, r->key, *(const uint32_t *)arg);
}

void dt_agg_combine_dups(const struct dt_agg *a, struct dt_aggsnap *snap, int first)
{
	uint32_t n = dt_agg_nwords(a), ks = a->keysize;
	int64_t *pair = xmalloc(2 * n * sizeof(int64_t));
	int i, out = first;

	if (first >= snap->n)
		goto done;
	qsort_r(snap->ents + first, (size_t)(snap->n - first), sizeof(*snap->ents), keybytes_cmp, &ks);
	for (i = first; i < snap->n; i++) {
		struct dt_aggent *e = &snap->ents[i], *last = &snap->ents[out - 1];

		if (out > first && memcmp(last->key, e->key, ks) == 0) {
			/* two keys of one symbol: their values as two CPUs' */
			memcpy(pair, last->vals, n * sizeof(int64_t));
			memcpy(pair + n, e->vals, n * sizeof(int64_t));
			dt_agg_merge(a, pair, 2, last->vals);
			for (int c = 0; last->pcpu && e->pcpu && c < snap->ncpus; c++) {
				int64_t *lc = last->pcpu + (size_t)c * n;

				memcpy(pair, lc, n * sizeof(int64_t));
				memcpy(pair + n, e->pcpu + (size_t)c * n, n * sizeof(int64_t));
				dt_agg_merge(a, pair, 2, lc);
			}
			free(e->key);
			free(e->vals);
			free(e->pcpu);
			continue;
		}
		snap->ents[out++] = *e;
	}
	snap->n = out;
done:
	free(pair);
}

/* ------------------------------------------------------------------------ */
/* stddev (dt_stddev)                                                        */
/* ------------------------------------------------------------------------ */

/* floor(sqrt(x)) of a 128-bit number. */
static uint64_t isqrt128(u128 x)
{
	u128 r = 0, bit = (u128)1 << 126;

	while (bit > x)
		bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return (uint64_t)r;
}

/*
 * sqrt(avg(x^2) - avg(x)^2) in integers: the sum of squares divided by the
 * normalization (once, as Oracle DTrace does) and the count, the average
 * truncated toward zero, the difference taken modulo 2^128.
 */
uint64_t dt_agg_stddev_of(const int64_t *v, uint64_t normal)
{
	u128 sumsq = (u128)(uint64_t)v[3] << 64 | (uint64_t)v[2];
	u128 avgsq, sq;
	int64_t avg;
	uint64_t n = (uint64_t)v[0], mag;

	if (v[0] == 0 || normal == 0)
		return 0;
	avgsq = sumsq / normal / n;
	avg = dt_agg_sdiv(dt_agg_sdiv(v[1], (int64_t)normal), v[0]);
	mag = avg < 0 ? (uint64_t)0 - (uint64_t)avg : (uint64_t)avg;
	sq = (u128)mag * mag;
	return isqrt128(avgsq - sq);
}

/* ------------------------------------------------------------------------ */
/* Sorting (dt_aggregate.c)                                                  */
/* ------------------------------------------------------------------------ */

#define LT(c)	((c)->rev ? 1 : -1)
#define GT(c)	((c)->rev ? -1 : 1)

int dt_agg_keycmp(const struct dt_aggent *l, const struct dt_aggent *r,
		  const struct sortctx *c)
{
	const struct dt_agg *la = l->agg, *ra = r->agg;
	int nkeys = la->nkeys, keypos, i;

	if (la->nkeys != ra->nkeys)
		return la->nkeys < ra->nkeys ? LT(c) : GT(c);
	keypos = c->keypos < 0 || c->keypos >= nkeys ? 0 : c->keypos;
	for (i = 0; i < nkeys; i++) {
		int k = (keypos + i) % nkeys;
		const struct dt_recarg *lk = &la->keys[k], *rk = &ra->keys[k];

		if ((lk->is_stack && rk->is_stack) || (lk->symact && rk->symact)) {
			/* a stack is its words (ustack: the pid, then the
			 * pcs), compared in order: every one of them, not
			 * just the first, or two stacks of one process are
			 * one key and the sorted output keeps one of them;
			 * so is a user address (ufunc(): the pid, then it) */
			uint32_t n = (lk->size < rk->size ? lk->size : rk->size) / 8, j;

			for (j = 0; j < n; j++) {
				uint64_t x, y;

				memcpy(&x, l->key + lk->off + 8 * j, 8);
				memcpy(&y, r->key + rk->off + 8 * j, 8);
				if (x != y)
					return x < y ? LT(c) : GT(c);
			}
			if (lk->size != rk->size)
				return lk->size < rk->size ? LT(c) : GT(c);
		} else if (lk->is_string || rk->is_string) {
			/* To DTrace every string key is a record of strsize + 1
			 * bytes (dt_cg_agg's key records), compared byte by
			 * byte (dt_aggregate_keycmp).  Our slots are as wide as
			 * the strings an aggregation can get (cg_agg_keyslot),
			 * zero-padded: two aggregations joined by printa() may
			 * hold one string in slots of two widths, equal once
			 * the shorter is read with zeroes after its end. */
			uint32_t n = lk->size > rk->size ? lk->size : rk->size, j;

			for (j = 0; j < n; j++) {
				unsigned char x = j < lk->size ? l->key[lk->off + j] : 0;
				unsigned char y = j < rk->size ? r->key[rk->off + j] : 0;

				if (x != y)
					return x < y ? LT(c) : GT(c);
			}
		} else {
			int ls, rs;
			uint64_t lv = dt_agg_key_bits(lk, l->key, &ls), rv = dt_agg_key_bits(rk, r->key, &rs);

			if (ls != rs)
				return ls < rs ? LT(c) : GT(c);
			if (lv != rv)
				return lv < rv ? LT(c) : GT(c);
		}
	}
	return 0;
}

static long double qsum(const int64_t *d)
{
	long double t = 0;
	int i;

	for (i = 0; i < QBUCKETS; i++) {
		t += (long double)dt_quantize_bucketval(i) * (long double)d[i];
	}
	return t;
}

static long double lqsum(const struct dt_agg *a, const int64_t *d)
{
	int32_t base = (int32_t)a->lq_base;
	uint16_t step = (uint16_t)a->lq_step, levels = (uint16_t)a->lq_levels, i;
	long double t = (long double)d[0] * (long double)(base - 1);

	for (i = 0; i < levels; base += step, i++)
		t += (long double)d[i + 1] * (long double)base;
	return t + (long double)d[levels + 1] * (long double)(base + 1);
}

static int64_t lqzero(const struct dt_agg *a, const int64_t *d)
{
	int32_t base = (int32_t)a->lq_base;
	uint16_t step = (uint16_t)a->lq_step, levels = (uint16_t)a->lq_levels, i;

	if (base - 1 == 0)
		return d[0];
	for (i = 0; i < levels; base += step, i++)
		if (base == 0)
			return d[i + 1];
	if (base + 1 == 0)
		return d[levels + 1];
	return 0;
}

static long double llqsum(const struct dt_agg *a, const int64_t *d)
{
	int factor = (int)a->llq_factor, lmag = (int)a->llq_low;
	int hmag = (int)a->llq_high, steps = (int)a->llq_nsteps;
	int sf = steps / factor, bin0 = dt_agg_llq_zero(a), step, mag, i = 1;
	long double total, scale;

	total = (long double)(uint64_t)dt_llq_pow(factor, lmag) * (long double)(d[bin0 + 1] - d[bin0 - 1]);
	if (lmag == 0 && steps > factor) {
		for (step = 2; step <= factor; step++) {
			i += sf;
			total += step * (long double)(d[bin0 + i] - d[bin0 - i]);
		}
		lmag = 1;
	}
	scale = (long double)(uint64_t)dt_llq_pow(factor, lmag + 1) / steps;
	for (mag = lmag; mag <= hmag; mag++) {
		for (step = sf + 1; step <= steps; step++) {
			i++;
			total += step * scale * (long double)(d[bin0 + i] - d[bin0 - i]);
		}
		scale *= factor;
	}
	return total;
}

int dt_agg_valcmp(const struct dt_aggent *l, const struct dt_aggent *r,
		  const struct sortctx *c)
{
	const struct dt_agg *a = l->agg;
	const int64_t *lv = l->vals, *rv = r->vals;

	if (l->agg->nkeys != r->agg->nkeys)
		return l->agg->nkeys < r->agg->nkeys ? LT(c) : GT(c);
	if (l->agg->fn != r->agg->fn)
		return l->agg->fn < r->agg->fn ? LT(c) : GT(c);

	switch (a->fn) {
	case F_COUNT:
	case F_SUM:
	case F_MIN:
	case F_MAX: {
		int64_t x = a->fn == F_COUNT ? lv[0] : lv[1];
		int64_t y = a->fn == F_COUNT ? rv[0] : rv[1];

		return x < y ? LT(c) : x > y ? GT(c) : 0;
	}
	case F_AVG: {
		int64_t x = lv[0] ? lv[1] / lv[0] : 0, y = rv[0] ? rv[1] / rv[0] : 0;

		return x < y ? LT(c) : x > y ? GT(c) : 0;
	}
	case F_STDDEV: {
		uint64_t x = dt_agg_stddev_of(lv, 1), y = dt_agg_stddev_of(rv, 1);

		return x < y ? LT(c) : x > y ? GT(c) : 0;
	}
	case F_QUANTIZE: {
		long double x = qsum(lv + 1), y = qsum(rv + 1);

		if (x != y)
			return x < y ? LT(c) : GT(c);
		x = (long double)lv[1 + QZERO];
		y = (long double)rv[1 + QZERO];
		return x < y ? LT(c) : x > y ? GT(c) : 0;
	}
	case F_LQUANTIZE: {
		long double x = lqsum(a, lv + 1), y = lqsum(r->agg, rv + 1);
		int64_t zx, zy;

		if (x != y)
			return x < y ? LT(c) : GT(c);
		zx = lqzero(a, lv + 1);
		zy = lqzero(r->agg, rv + 1);
		return zx < zy ? LT(c) : zx > zy ? GT(c) : 0;
	}
	case F_LLQUANTIZE: {
		long double x = llqsum(a, lv + 1), y = llqsum(r->agg, rv + 1);
		int64_t zx = lv[1 + dt_agg_llq_zero(a)], zy = rv[1 + dt_agg_llq_zero(r->agg)];

		if (x != y)
			return x < y ? LT(c) : GT(c);
		return zx < zy ? LT(c) : zx > zy ? GT(c) : 0;
	}
	default:
		return 0;
	}
}

/* Ties between aggregations: their ids (dt_aggregate_varcmp). */
int dt_agg_varcmp(const struct dt_aggent *l, const struct dt_aggent *r,
		  const struct sortctx *c)
{
	if (l->agg->id != r->agg->id)
		return l->agg->id < r->agg->id ? LT(c) : GT(c);
	return 0;
}

/* The order of printa()/the exit output: varvalcmp or varkeycmp. */
static int entcmp(const void *x, const void *y, void *arg)
{
	const struct dt_aggent *l = *(const struct dt_aggent *const *)x;
	const struct dt_aggent *r = *(const struct dt_aggent *const *)y;
	const struct sortctx *c = arg;
	int rv;

	if ((rv = dt_agg_varcmp(l, r, c)) != 0)
		return rv;
	if (c->keysort)
		return dt_agg_keycmp(l, r, c);
	if ((rv = dt_agg_valcmp(l, r, c)) != 0)
		return rv;
	return dt_agg_keycmp(l, r, c);
}

struct sortctx dt_agg_ctx_of(const struct dt_aggopts *o)
{
	struct sortctx c = { 0, 0, 0 };

	if (o) {
		c.rev = o->sortrev != 0;
		c.keysort = o->sortkey != 0;
		c.keypos = o->sortkeypos > 0 ? o->sortkeypos : 0;
	}
	return c;
}

void dt_agg_sort(struct dt_aggent **v, int n, const struct dt_aggopts *o)
{
	struct sortctx c = dt_agg_ctx_of(o);

	qsort_r(v, (size_t)n, sizeof(*v), entcmp, &c);
}

/* The entries of a in snap, sorted as DTrace prints them. */
struct dt_aggent **dt_agg_sorted_of(const struct dt_agg *a, struct dt_aggsnap *snap,
				    const struct sortctx *c, int *np)
{
	struct dt_aggent **v = xcalloc((size_t)snap->n + 1, sizeof(*v));
	int i, j, n = 0;

	for (i = 0; i < snap->n; i++)
		if (snap->ents[i].agg == a || snap->ents[i].agg->id == a->id)
			v[n++] = &snap->ents[i];
	qsort_r(v, (size_t)n, sizeof(*v), entcmp, (void *)c);
	/* A snapshot taken twice holds every key twice: keep one of each. */
	for (i = j = 0; i < n; i++)
		if (j == 0 || dt_agg_keycmp(v[i], v[j - 1], c) != 0)
			v[j++] = v[i];
	*np = j;
	return v;
}

/* ------------------------------------------------------------------------ */
/* clear() and trunc()                                                       */
/* ------------------------------------------------------------------------ */

static int clear_one(const struct dt_agg *a, const unsigned char *key, const int64_t *percpu, uint32_t vwords,
		     void *arg)
{
	const int64_t *zeros = arg;

	(void)percpu;
	(void)vwords;
	if (bpf_map_update_elem(a->map->fd, key, zeros, BPF_EXIST) != 0 && errno != ENOENT)
		return -1;
	return 0;
}

int dt_agg_clear(const struct dt_agg *const *aggs, int n, int ncpus)
{
	struct aggsel sel;
	int64_t *zeros;
	int rc;

	if (sel_make(&sel, aggs, n) < 0)
		return -1;
	ncpus = possible_cpus(ncpus);
	zeros = xcalloc((size_t)ncpus * (sel.map ? (sel.map->valsize + 7) / 8 : 1), sizeof(int64_t));
	rc = map_walk(&sel, ncpus, clear_one, zeros);
	free(zeros);
	sel_free(&sel);
	return rc;
}

/* dt_aggregate_varvalcmp with the default options (trunc ignores them). */
static int truncval(const void *x, const void *y, void *arg)
{
	const struct dt_aggent *l = *(const struct dt_aggent *const *)x;
	const struct dt_aggent *r = *(const struct dt_aggent *const *)y;
	struct sortctx c = { 0, 0, 0 };
	int rv;

	(void)arg;
	if ((rv = dt_agg_valcmp(l, r, &c)) != 0)
		return rv;
	return dt_agg_keycmp(l, r, &c);
}

static int truncrev(const void *x, const void *y, void *arg)
{
	return truncval(y, x, arg);
}

int dt_agg_trunc(const struct dt_agg *a, int ncpus, int64_t n)
{
	struct dt_aggsnap snap = { NULL, 0, 0 };
	struct dt_aggent **v;
	unsigned char *key;
	uint64_t keep, id = (uint64_t)a->id;
	int i, rc = 0;

	if (dt_agg_snapshot(&a, 1, ncpus, &snap) < 0)
		return -1;
	/* a map key: the id, the tuple, zeroes to the end (cg.h) */
	key = xcalloc(1, a->map->keysize);
	memcpy(key, &id, sizeof(id));
	v = xcalloc((size_t)snap.n + 1, sizeof(*v));
	for (i = 0; i < snap.n; i++)
		v[i] = &snap.ents[i];
	/* Keep the first |n| of the largest (n > 0) or smallest (n < 0). */
	qsort_r(v, (size_t)snap.n, sizeof(*v), n < 0 ? truncval : truncrev, NULL);
	keep = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
	for (i = 0; i < snap.n; i++) {
		if ((uint64_t)i < keep)
			continue;
		memcpy(key + a->map->tuple_off, v[i]->key, a->keysize);
		if (bpf_map_delete_elem(a->map->fd, key) != 0 && errno != ENOENT)
			rc = -1;
	}
	free(key);
	free(v);
	dt_aggsnap_free(&snap);
	return rc;
}
