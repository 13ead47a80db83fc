/*
 * agg.h - aggregations on the consumer side: reading the per-CPU BPF map
 * the probes update, merging its values, sorting, and printing them as DTrace
 * does (default output at exit, printa with and without a format), plus
 * the consumer's half of clear(), trunc(), normalize() and denormalize().
 *
 * The kernel side (src/codegen/aggregate.c) keeps every aggregation of a
 * program in one BPF_MAP_TYPE_PERCPU_HASH (struct dt_aggmap), as DTrace
 * does.  Key (codegen/cg.h's layout): the aggregation's id as a u64, then
 * at tuple_off its key tuple laid out as struct dt_agg.keys says (integers
 * 8 bytes, strings strsize+1 bytes, zero-padded; an aggregation without
 * keys has an 8-byte zero tuple), then zeroes up to the map's key size.
 * The consumer hands the tuple on (struct dt_aggent.key), never the map's
 * key.  Value: an array of int64_t per CPU, as many words as the largest
 * aggregation of the program needs, whose first word v[0] is the number of
 * updates made on that CPU (a CPU slot with v[0] == 0 holds no data and
 * must be ignored when merging), then the aggregation's own words:
 *
 *   count        v[0]=n
 *   sum          v[0]=n  v[1]=sum
 *   avg          v[0]=n  v[1]=sum
 *   min          v[0]=n  v[1]=min
 *   max          v[0]=n  v[1]=max
 *   stddev       v[0]=n  v[1]=sum  v[2]=sum of squares, low 64 bits
 *                                   v[3]=sum of squares, high 64 bits
 *   quantize     v[0]=n  v[1+i] = count of bucket i, i in [0, 127):
 *                bucket 63 holds 0; bucket 63+k (k=1..63) holds values in
 *                [2^(k-1), 2^k); bucket 63-k (k=1..62) holds values in
 *                (-2^k, -2^(k-1)], bucket 0 every value <= -2^62 (INT64_MIN
 *                included) (DTrace's DTRACE_QUANTIZE_BUCKETVAL layout)
 *   lquantize    v[0]=n  v[1+i], i in [0, levels+2): i = 0 underflow
 *                (< base), i = levels+1 overflow (>= base + levels*step),
 *                else base + (i-1)*step <= value < base + i*step
 *   llquantize   v[0]=n  v[1+i], i in [0, 2*M*B + 3), Oracle DTrace's
 *                symmetric layout (its tests print negative buckets):
 *                M = high - low + 1 magnitudes (high is inclusive), B =
 *                nsteps - nsteps/factor buckets per magnitude, Z = M*B + 1.
 *                Bin Z holds |value| < factor^low; bin Z+j holds the
 *                positive values of bucket j, bin Z-j the negative values
 *                whose magnitude falls in bucket j, where for |value| in
 *                [factor^m, factor^(m+1)), low <= m <= high,
 *                  j = 1 + (m-low)*B + |value|*nsteps/factor^(m+1)
 *                                    - nsteps/factor
 *                and j = M*B+1 (the last and the first bins) for
 *                |value| >= factor^(high+1).  (With low == 0 and nsteps >
 *                factor some bins of the first magnitude stay empty; the
 *                printer knows.)  dt_agg_bucket() below is the reference.
 *
 * Values of quantize-family buckets are added by the weight (increment)
 * argument; sum/avg/min/max/stddev are of signed 64-bit values.  min/max
 * take the value as is when v[0] == 0 (a fresh or cleared slot).
 * dt_agg_apply() below is the reference for one update.
 */
#ifndef DT_AGG_H
#define DT_AGG_H

#include <stdint.h>

struct dt_ksyms;
struct dt_usyms;

#include "../codegen/cg.h"
#include "../common/util.h"
#include "format.h"

/* The map of all aggregations of a program (load.c makes it). */
struct dt_aggmap {
	int fd;			/* -1: none (before loading) */
	uint32_t keysize;	/* bytes of a key: id, tuple, padding */
	uint32_t tuple_off;	/* where the tuple starts in a key */
	uint32_t valsize;	/* bytes of a value, per CPU */
	uint32_t maxent;	/* entries it holds */
};

struct dt_agg {
	int id;			/* index in the program's aggregation table,
				 * the first word of its keys in the map */
	char *name;		/* "" for the anonymous @ */
	int fn;			/* F_COUNT ... F_LLQUANTIZE (front/sema.h) */
	int nkeys;
	struct dt_recarg *keys;	/* where each key is in the key blob */
	uint32_t keysize;	/* bytes of the key blob */
	uint32_t nvals;		/* int64_t words per CPU in a value */
	int64_t lq_base, lq_step;	/* lquantize */
	int lq_levels;
	int64_t llq_factor, llq_low, llq_high, llq_nsteps;	/* llquantize */
	const struct dt_aggmap *map;	/* where it is; NULL before loading */
	/* consumer state */
	int64_t normal;		/* normalize() divisor, 1 by default */
	int printed;		/* printa() printed it: no default output at exit */
};

/* One merged entry, as the snapshot holds it. */
struct dt_aggent {
	const struct dt_agg *agg;
	unsigned char *key;	/* its key tuple (at least agg->keysize bytes) */
	int64_t *vals;		/* nvals merged words (v[0] = total updates) */
	int64_t *pcpu;		/* aggpercpu: each CPU's own words, CPU by
				 * CPU (ncpus of the snapshot x nvals); NULL
				 * otherwise */
};

/* A snapshot of one or more aggregations; percpu (set before it is taken)
 * keeps each CPU's values too (DTrace's aggpercpu), for ncpus CPUs. */
struct dt_aggsnap {
	struct dt_aggent *ents;
	int n, cap;
	int percpu, ncpus;
};

/* Sorting and layout options (DTrace's aggsort*, aggpack, aggzoom). */
struct dt_aggopts {
	int sortkey, sortkeypos, sortpos, sortrev;
	int pack, zoom;
	int quiet;
	uint32_t strsize;		/* a string key's record: strsize + 1 bytes */
	struct dt_ksyms *ksyms;		/* symbols for stack keys (NULL: addresses) */
	struct dt_usyms *usyms;
	const struct dtf_symtab *syms;	/* for printa()'s %a (NULL: hex) */
};

/* Sort entries of any aggregations: by variable id, then by value (or by
 * key under o->sortkey), then by key, reversed under o->sortrev. */
void dt_agg_sort(struct dt_aggent **v, int n, const struct dt_aggopts *o);

/*
 * Reference semantics shared with the code generator (and used by the
 * tests to build per-CPU values in user space):
 *   dt_agg_words   the nvals a's function needs (1 + buckets for the
 *                  quantize family: 128, levels + 3, 2*M*B + 4)
 *   dt_agg_bucket  the bucket i (of v[1+i]) value falls in, -1 for
 *                  functions without buckets
 *   dt_agg_apply   one update of one CPU's nvals words, as the BPF code
 *                  must make it (incr is the quantize-family weight)
 */
uint32_t dt_agg_words(const struct dt_agg *a);
int dt_agg_bucket(const struct dt_agg *a, int64_t value);
void dt_agg_apply(const struct dt_agg *a, int64_t *v, int64_t value, int64_t incr);

/*
 * Read the entries of aggs[0..n) (of one map) and merge their per-CPU
 * values into snap: one walk of the map, whatever n, which reads the values
 * of these aggregations' keys only.  Appends every key of them, cleared ones
 * too, grouped by aggregation in the order of aggs (an aggregation listed
 * twice once).  ncpus is libbpf_num_possible_cpus().  Returns the number of
 * entries appended, or -1 (errno set) when the map cannot be read.
 */
int dt_agg_snapshot(const struct dt_agg *const *aggs, int n, int ncpus, struct dt_aggsnap *snap);
/* Merge the entries of a from snap->ents[first] on whose keys are the same
 * bytes into one (keys of func(), ufunc(), ... once reduced to their
 * symbol: symact.c); their order is lost. */
void dt_agg_combine_dups(const struct dt_agg *a, struct dt_aggsnap *snap, int first);
/* Merge one entry's per-CPU values (ncpus * nvals words) into out (nvals). */
void dt_agg_merge(const struct dt_agg *a, const int64_t *percpu, int ncpus, int64_t *out);
void dt_aggsnap_free(struct dt_aggsnap *snap);

/*
 * The default output of one aggregation (at exit, or printa(@a) without a
 * format): entries sorted as DTrace sorts them, each line or histogram
 * exactly as DTrace prints it.  Prints nothing for an empty aggregation.
 * Only the entries of a (matched by id) in snap are printed.  Returns the
 * number of entries printed.
 *
 * What the caller prints around it, as DTrace does: printa(@a) without a
 * format prints "\n" first (dt_printa), even when a is empty; at exit
 * dtrace(1) prints one "\n" and then every aggregation not yet printed
 * (a->printed == 0) in id order -- in decreasing id order under
 * aggsortrev, since DTrace sorts on the variable id with the same
 * reversal.  Values are divided by a->normal (normalize()).
 */
int dt_agg_print(struct strbuf *out, const struct dt_agg *a, struct dt_aggsnap *snap,
		 const struct dt_aggopts *o);

/*
 * The same output through an emitter (output.h): o->ao sorts, the entries
 * go to o->ops as agg_begin, per entry entry_begin, the keys (agg_key, or
 * a stack for a stack key) and agg_value, then agg_end.  Returns the number
 * of entries.  dt_agg_print() is this with the text emitter.
 */
struct dt_out;
int dt_agg_emit(struct dt_out *o, const struct dt_agg *a, struct dt_aggsnap *snap);

/* printa(@a, @b, ...) without a format in text: a line per key tuple
 * (dtrace_aggregate_walk_joined's order, as dt_agg_printa), the keys then
 * each aggregation's value as dt_print_aggs prints them.  Returns the
 * number of lines. */
int dt_agg_emit_joined(struct dt_out *o, const struct dt_agg *const *aggs, int naggs, struct dt_aggsnap *snap);

/* The text emitter's pieces of dt_agg_print: the packed header (when
 * packed), a key that is not a stack, a value and the end of its line. */
void dt_agg_text_begin(struct strbuf *out, const struct dt_agg *a, struct dt_aggent *const *ents, int n,
		       const struct dt_aggopts *o, int *packed, int *minbin, int *maxbin);
void dt_agg_text_key(struct strbuf *out, const struct dt_recarg *k, const unsigned char *key, int packed,
		     uint32_t strsize, int rawbytes);
void dt_agg_text_value(struct strbuf *out, const struct dt_agg *a, const int64_t *v, int packed, int minbin,
		       int maxbin, int zoom, const int64_t *pcpu, int ncpus);

/* The value DTrace prints for a's merged words v: 0 and *val (stddev is
 * unsigned), or -1 for the histogram functions, whose rows (the rows the
 * text shows, each with its label and normalized count) dt_agg_buckets()
 * hands to row. */
int dt_agg_scalar(const struct dt_agg *a, const int64_t *v, int64_t *val, int *is_unsigned);
void dt_agg_buckets(const struct dt_agg *a, const int64_t *v, int zoom,
		    void (*row)(void *arg, const char *label, long long count), void *arg);
/* "count", "sum", ... "llquantize" */
const char *dt_agg_fname(const struct dt_agg *a);
/* A key that is an integer, sign-extended by its type. */
int64_t dt_agg_key_int(const struct dt_recarg *k, const unsigned char *key, int *size);

/*
 * printa(fmt, @a, @b, ...): one line per key tuple, joining the aggregations
 * on their keys; the format's plain conversions take the keys and each %@
 * takes the next aggregation's value (histograms are rendered in place; a
 * tuple missing from an aggregation prints that aggregation's zero value).
 * One aggregation sorts as dt_agg_print; several sort on the aggregation
 * at aggsortpos (then the others in turn, then the key).  Nothing is
 * printed before the first line.  Returns the number of lines printed:
 * when it is > 0 DTrace marks every aggregation of the printa() printed
 * (the caller sets ->printed).
 */
int dt_agg_printa(struct strbuf *out, const struct dtf_format *fmt,
		  const struct dt_agg *const *aggs, int naggs,
		  struct dt_aggsnap *snap, const struct dt_aggopts *o);

/*
 * The consumer's half of the actions; 0 or -1 (errno set).  clear() keeps
 * the keys of aggs[0..n) and zeroes their values in the BPF map, in one
 * walk of it (cleared keys print 0, and min()/max() print
 * INT64_MAX/INT64_MIN as Oracle DTrace's do); trunc() deletes from the map
 * every key of a but the n largest by value (n > 0), the -n smallest
 * (n < 0), or all of them (n == 0, trunc(@a)).
 */
int dt_agg_clear(const struct dt_agg *const *aggs, int n, int ncpus);
int dt_agg_trunc(const struct dt_agg *a, int ncpus, int64_t n);

/*
 * Shared by agg.c (data, sorting) and aggprint.c (printing), not by other
 * files: the sort context, value helpers and DTrace's comparisons.
 */
struct sortctx {
	int rev, keysort, keypos;
};
int dt_agg_llq_zero(const struct dt_agg *a);
int dt_agg_nbuckets(const struct dt_agg *a);
uint64_t dt_agg_key_bits(const struct dt_recarg *k, const unsigned char *key, int *size);
int64_t dt_agg_sdiv(int64_t x, int64_t y);
uint64_t dt_agg_stddev_of(const int64_t *v, uint64_t normal);
struct sortctx dt_agg_ctx_of(const struct dt_aggopts *o);
struct dt_aggent **dt_agg_sorted_of(const struct dt_agg *a, struct dt_aggsnap *snap, const struct sortctx *c, int *np);
int dt_agg_keycmp(const struct dt_aggent *l, const struct dt_aggent *r, const struct sortctx *c);
int dt_agg_valcmp(const struct dt_aggent *l, const struct dt_aggent *r, const struct sortctx *c);
int dt_agg_varcmp(const struct dt_aggent *l, const struct dt_aggent *r, const struct sortctx *c);
uint32_t dt_agg_nwords(const struct dt_agg *a);

#endif
