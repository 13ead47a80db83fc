/*
 * aggprint.c - aggregations as DTrace prints them: the value columns, the
 * quantize/lquantize/llquantize histograms (and aggpack's packed rows),
 * keys, the default output through the formatter layer (output.h), and
 * printa() with a format and several aggregations joined on their keys.
 *
 * The output follows Oracle Linux DTrace's libdtrace (dt_consume.c,
 * dt_aggregate.c, dt_printf.c); see agg.c for its arithmetic quirks.
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
#include "symact.h"

#define LT(c)	((c)->rev ? 1 : -1)
#define GT(c)	((c)->rev ? -1 : 1)
#define QBUCKETS	DT_QUANTIZE_NBUCKETS
#define QZERO		DT_QUANTIZE_ZERO
#define AGGZOOM_MAX	0.95	/* DTRACE_AGGZOOM_MAX: height of the max bar */

typedef unsigned __int128 u128;

/* ------------------------------------------------------------------------ */
/* Histograms (dt_print_quantize & co.)                                      */
/* ------------------------------------------------------------------------ */

static const char ATS[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
static const char SPACES[] = "                                        ";

/* dt_quantize_total: the sum of |counts|, or the zoomed maximum. */
static void qtotal(int64_t datum, long double *total, int zoom)
{
	long double val = datum < 0 ? -(long double)datum : (long double)datum;

	if (!zoom) {
		*total += val;
		return;
	}
	val *= 1 / AGGZOOM_MAX;
	if (*total < val)
		*total = val;
}

static long long qcount(int64_t val, uint64_t normal)
{
	/* (long long)val / normal in C: an unsigned division. */
	return (long long)((uint64_t)val / normal);
}

static unsigned bar_depth(int64_t val, unsigned len, long double total)
{
	long double f = ((val < 0 ? -(long double)val : (long double)val) * len) / total;
	unsigned d = (unsigned)(f + 0.5);

	return d > len ? len : d;
}

static void quantline(struct strbuf *out, int64_t val, uint64_t normal,
		      long double total, int positives, int negatives)
{
	unsigned depth, len = 40;

	if (!negatives) {
		depth = positives && total != 0 ? bar_depth(val, len, total) : 0;
		sb_printf(out, "|%s%s %-9lld\n", ATS + len - depth, SPACES + depth,
			  qcount(val, normal));
		return;
	}
	if (!positives) {
		depth = total != 0 ? bar_depth(val, len, total) : 0;
		sb_printf(out, "%s%s| %-9lld\n", SPACES + depth, ATS + len - depth,
			  qcount(val, normal));
		return;
	}
	/* Both signs: half-width bars on each side of a centre line. */
	len /= 2;
	depth = total != 0 ? bar_depth(val, len, total) : 0;
	if (val <= 0)
		sb_printf(out, "%s%s|%*s %-9lld\n", SPACES + 20 + depth,
			  ATS + 20 + len - depth, (int)len, "", qcount(val, normal));
	else
		sb_printf(out, "%20s|%s%s %-9lld\n", "", ATS + 20 + len - depth,
			  SPACES + 20 + depth, qcount(val, normal));
}

/*
 * Where a histogram's rows go: DTrace's text (the header, then each row's
 * label, bar and count), or, without text, row() with each row's label and
 * normalized count -- the same rows either way.
 */
struct hist_out {
	struct strbuf *text;
	void (*row)(void *arg, const char *label, long long count);
	void *arg;
	uint64_t normal;
	long double total;
	int pos, neg;
};

static void quanthdr(struct hist_out *h)
{
	if (h->text)
		sb_printf(h->text, "\n%16s %41s %-9s\n", "value",
			  "------------- Distribution -------------", "count");
}

static void hist_row(struct hist_out *h, const char *label, int64_t val)
{
	if (!h->text) {
		h->row(h->arg, label, qcount(val, h->normal));
		return;
	}
	sb_printf(h->text, "%16s ", label);
	quantline(h->text, val, h->normal, h->total, h->pos, h->neg);
}

static void signs(const int64_t *d, int first, int last, int zoom,
		  int *pos, int *neg, long double *total)
{
	int i;

	*pos = *neg = 0;
	*total = 0;
	for (i = first; i <= last; i++) {
		*pos |= d[i] > 0;
		*neg |= d[i] < 0;
		qtotal(d[i], total, zoom);
	}
}

static void print_quantize(struct hist_out *h, const int64_t *d, int zoom)
{
	int i, first = 0, last = QBUCKETS - 1;
	char c[32];

	while (first <= last && d[first] == 0)
		first++;
	if (first > last) {
		/* No data (clear(), or weights that cancel): around zero. */
		first = QZERO - 1;
		last = QZERO + 1;
	} else {
		if (first > 0)
			first--;
		while (last > 0 && d[last] == 0)
			last--;
		if (last < QBUCKETS - 1)
			last++;
	}
	signs(d, first, last, zoom, &h->pos, &h->neg, &h->total);
	quanthdr(h);
	for (i = first; i <= last; i++) {
		snprintf(c, sizeof(c), "%lld", (long long)dt_quantize_bucketval(i));
		hist_row(h, c, d[i]);
	}
}

static void print_lquantize(struct hist_out *h, const struct dt_agg *a,
			    const int64_t *d, int zoom)
{
	int32_t base = (int32_t)a->lq_base;
	uint16_t step = (uint16_t)a->lq_step, levels = (uint16_t)a->lq_levels;
	int i, first = 0, last = levels + 1;
	char c[32];

	while (first <= last && d[first] == 0)
		first++;
	if (first > last) {
		first = 0;
		last = 2;
	} else {
		if (first > 0)
			first--;
		while (last > 0 && d[last] == 0)
			last--;
		if (last < levels + 1)
			last++;
	}
	signs(d, first, last, zoom, &h->pos, &h->neg, &h->total);
	quanthdr(h);
	for (i = first; i <= last; i++) {
		if (i == 0)
			snprintf(c, sizeof(c), "< %d", base);
		else if (i == levels + 1)
			snprintf(c, sizeof(c), ">= %d", (int)(base + levels * step));
		else
			snprintf(c, sizeof(c), "%d", (int)(base + (i - 1) * step));
		hist_row(h, c, d[i]);
	}
}

#define CWIDTH 16	/* label width of llquantize rows (truncating) */

static void print_llquantize(struct hist_out *h, const struct dt_agg *a,
			     const int64_t *d, int zoom)
{
	int factor = (int)a->llq_factor, lmag = (int)a->llq_low;
	int hmag = (int)a->llq_high, steps = (int)a->llq_nsteps;
	int sf = steps / factor, bin0 = dt_agg_llq_zero(a), nbins = dt_agg_nbuckets(a);
	int first = 0, last = nbins - 1, pad = 0, i, mag, step;
	uint64_t scale;
	char *lab;

#define LAB(I)	(lab + (size_t)(I) * CWIDTH)
#define SETLAB(I, ...) \
	do { \
		if ((I) >= 0 && (I) < nbins) \
			snprintf(LAB(I), CWIDTH, __VA_ARGS__); \
	} while (0)

	while (first <= last && d[first] == 0)
		first++;
	if (first > last) {
		first = bin0 + 1;	/* no data: show one bin */
		last = bin0 + 1;
	} else {
		while (d[last] == 0)
			last--;
	}
	signs(d, first, last, zoom, &h->pos, &h->neg, &h->total);
	quanthdr(h);

	if (first > 0)
		first--;
	if (last < nbins - 1)
		last++;
	/* lmag == 0 with steps > factor leaves unlabelled ("ghost") bins. */
	if (lmag == 0 && steps > factor)
		pad = sf;

	lab = xcalloc((size_t)nbins, CWIDTH);
	scale = (uint64_t)dt_llq_pow(factor, lmag);
	if (scale == 1)
		SETLAB(bin0, "%d", 0);
	else if (first >= bin0)
		SETLAB(bin0, "< %llu", (unsigned long long)scale);
	else
		SETLAB(bin0, "abs() < %llu", (unsigned long long)scale);
	SETLAB(bin0 - 1, "-%llu", (unsigned long long)scale);
	SETLAB(bin0 + 1, "%llu", (unsigned long long)scale);
	mag = lmag;
	i = 1;
	if (lmag == 0 && steps > factor) {
		for (step = 2; step <= factor; step++) {
			i += sf;
			SETLAB(bin0 - i, "-%d", step);
			SETLAB(bin0 + i, "%d", step);
		}
		mag++;
	}
	scale = (uint64_t)dt_llq_pow(factor, mag + 1) / (uint64_t)steps;
	for (; mag <= hmag; mag++) {
		for (step = sf + 1; step <= steps; step++) {
			i++;
			SETLAB(bin0 - i, "-%llu", (unsigned long long)(step * scale));
			SETLAB(bin0 + i, "%llu", (unsigned long long)(step * scale));
		}
		scale *= (uint64_t)factor;
	}
	scale = (uint64_t)dt_llq_pow(factor, hmag + 1);
	SETLAB(0, "<= -%llu", (unsigned long long)scale);
	SETLAB(nbins - 1, ">= %llu", (unsigned long long)scale);

	/* A ghost bin at either end borrows its neighbour's label. */
	if (pad > 0) {
		if (*LAB(first) == 0) {
			for (i = 1; i < pad; i++)
				if (first - i >= 0 && *LAB(first - i) != 0)
					break;
			if (i < pad && first - i >= 0)
				memcpy(LAB(first), LAB(first - i), CWIDTH);
		}
		if (*LAB(last) == 0) {
			for (i = 1; i < pad; i++)
				if (last + i < nbins && *LAB(last + i) != 0)
					break;
			if (i < pad && last + i < nbins)
				memcpy(LAB(last), LAB(last + i), CWIDTH);
		}
	}

	for (i = first; i <= last; i++) {
		if (*LAB(i) == 0)
			continue;
		hist_row(h, LAB(i), d[i]);
	}
	free(lab);
#undef LAB
#undef SETLAB
}

static void hist_rows(struct hist_out *h, const struct dt_agg *a, const int64_t *v, int zoom)
{
	switch (a->fn) {
	case F_QUANTIZE:
		print_quantize(h, v + 1, zoom);
		break;
	case F_LQUANTIZE:
		print_lquantize(h, a, v + 1, zoom);
		break;
	case F_LLQUANTIZE:
		print_llquantize(h, a, v + 1, zoom);
		break;
	}
}

static void print_hist(struct strbuf *out, const struct dt_agg *a, const int64_t *v,
		       uint64_t normal, int zoom)
{
	struct hist_out h = { .text = out, .normal = normal };

	hist_rows(&h, a, v, zoom);
}

void dt_agg_buckets(const struct dt_agg *a, const int64_t *v, int zoom,
		    void (*row)(void *arg, const char *label, long long count), void *arg)
{
	struct hist_out h = { .row = row, .arg = arg, .normal = a->normal == 0 ? 1 : (uint64_t)a->normal };

	hist_rows(&h, a, v, zoom);
}

/* ---- aggpack (illumos dt_print_*_packed, ASCII) ----------------------- */

static int ndigits(long long val)
{
	int rval = 1;
	long long cmp = 10;

	if (val < 0) {
		val = val == INT64_MIN ? INT64_MAX : -val;
		rval++;
	}
	while (val > cmp && cmp > 0) {
		rval++;
		cmp *= 10;
	}
	return rval < 4 ? 4 : rval;
}

static void packed_char(struct strbuf *out, long double datum, long double total)
{
	static const char ascii[] = "__xxxxXX", neg[] = "vvvvVV";
	long double val;

	if (datum == 0) {
		sb_putc(out, ' ');
		return;
	}
	if (datum < 0) {
		val = -(datum * (long double)(sizeof(neg) - 2)) / total;
		sb_putc(out, neg[(unsigned)(val + 0.5)]);
		return;
	}
	val = (datum * (long double)(sizeof(ascii) - 2)) / total;
	sb_putc(out, ascii[(unsigned)(val + 0.5)]);
}

/* The bins an aggregation's packed rows span (dt_aggregate_minmaxbin). */
static void packed_range(const struct dt_agg *a, struct dt_aggent *const *ents, int n,
			 int *minbin, int *maxbin)
{
	int i, j, lo = -1, hi = -1;

	if (a->fn == F_LQUANTIZE) {
		*minbin = 1;
		*maxbin = a->lq_levels + 1;
		return;
	}
	for (j = 0; j < n; j++) {
		const int64_t *d = ents[j]->vals + 1;
		int emin = -1, emax = -1;

		for (i = 0; i < QBUCKETS; i++) {
			if (!d[i])
				continue;
			if (emin == -1)
				emin = i;
			emax = i;
		}
		if (emin == -1)
			emin = emax = QZERO;
		if (lo == -1 || emin < lo)
			lo = emin;
		if (hi == -1 || emax > hi)
			hi = emax;
	}
	*minbin = lo < 0 ? QZERO : lo;
	*maxbin = hi < 0 ? QZERO : hi;
}

static int key_packedwidth(const struct dt_recarg *k)
{
	if (k->is_string)
		return 16;
	switch (k->isize ? k->isize : (int)k->size) {
	case 1: return 3;
	case 2: return 5;
	case 4: return 8;
	case 8: return 16;
	default: return 16;
	}
}

static void packed_header(struct strbuf *out, const struct dt_agg *a, int minbin, int maxbin)
{
	int width = 0, minwidth, maxwidth, i, min = minbin, max = maxbin;

	for (i = 0; i < a->nkeys; i++)
		width += key_packedwidth(&a->keys[i]) + 1;
	if (a->fn == F_QUANTIZE) {
		if (min != 0 && min != QZERO)
			min--;
		if (max < QBUCKETS - 1)
			max++;
		minwidth = ndigits(dt_quantize_bucketval(min));
		maxwidth = ndigits(dt_quantize_bucketval(max));
	} else {
		maxwidth = 8;
		minwidth = maxwidth - 1;
		max++;
	}
	sb_printf(out, "\n%*s %*s .", width, width > 0 ? "key" : "", minwidth, "min");
	for (i = min; i <= max; i++)
		sb_putc(out, '-');
	sb_printf(out, ". %*s | count\n", -maxwidth, "max");
}

static void print_packed(struct strbuf *out, const struct dt_agg *a, const int64_t *v,
			 int minbin, int maxbin, int zoom)
{
	const int64_t *d = v + 1;
	long double total = 0, count = 0;
	int i, min = minbin, max = maxbin;
	char c[32];

	if (a->fn == F_QUANTIZE) {
		int64_t minval, maxval;

		if (min != 0 && min != QZERO)
			min--;
		if (max < QBUCKETS - 1)
			max++;
		minval = dt_quantize_bucketval(min);
		maxval = dt_quantize_bucketval(max);
		sb_printf(out, " %*lld :", ndigits(minval), (long long)minval);
		for (i = min; i <= max; i++) {
			qtotal(d[i], &total, zoom);
			count += d[i];
		}
		for (i = min; i <= max; i++)
			packed_char(out, d[i], total);
		sb_printf(out, ": %*lld | %lld\n", -ndigits(maxval), (long long)maxval,
			  (long long)count);
		return;
	}
	/* lquantize: the whole range, underflow to overflow. */
	min = 0;
	max = a->lq_levels + 1;
	snprintf(c, sizeof(c), "< %d", (int)a->lq_base);
	sb_printf(out, "%8s :", c);
	for (i = min; i <= max; i++) {
		qtotal(d[i], &total, zoom);
		count += d[i];
	}
	for (i = min; i <= max; i++)
		packed_char(out, d[i], total);
	snprintf(c, sizeof(c), ">= %d", (int)(a->lq_base + a->lq_levels * a->lq_step));
	sb_printf(out, ": %-8s | %lld\n", c, (long long)count);
}

/* ------------------------------------------------------------------------ */
/* The default output (dt_print_aggs, dt_print_datum)                        */
/* ------------------------------------------------------------------------ */

static int printable(unsigned char ch)
{
	return (ch >= 0x20 && ch < 0x7f) || ch == ' ' || ch == '\t' || ch == '\n' ||
	       ch == '\v' || ch == '\f' || ch == '\r' || ch == '\b' || ch == '\a';
}

/*
 * dt_print_bytes: a string (printable bytes up to a NUL and only NULs
 * after it) as "  %-*s", anything else as a rawbytes dump.  illumos
 * right-aligns packed keys: " %*s".
 */
static void print_bytes(struct strbuf *out, const unsigned char *c, size_t n, int width,
			int packed, int rawbytes)
{
	size_t i, j;

	if (n == 0)
		return;
	if (rawbytes) {
		dtf_rawbytes(out, c, n);
		return;
	}
	for (i = 0; i < n; i++) {
		if (printable(c[i]))
			continue;
		if (c[i] == 0 && i > 0) {
			for (j = i + 1; j < n; j++)
				if (c[j] != 0)
					break;
			if (j != n)
				break;
			if (packed)
				sb_printf(out, " %*s", width, (const char *)c);
			else
				sb_printf(out, "  %-*s", width, (const char *)c);
			return;
		}
		break;
	}
	if (i == n) {
		char *s = xstrndup((const char *)c, n);

		sb_printf(out, "  %-*s", width, s);
		free(s);
		return;
	}
	dtf_rawbytes(out, c, n);
}

/*
 * A key that is not a stack, as DTrace prints it.  A string key is its
 * record of strsize + 1 bytes to DTrace (dt_cg_agg's key records), however
 * few bytes our map keeps of it (cg_agg_keyslot): a key that is not a
 * string to dt_print_bytes ("", as probefunc is in BEGIN) or -x rawbytes
 * dumps all of them.
 */
void dt_agg_text_key(struct strbuf *out, const struct dt_recarg *k, const unsigned char *key, int packed,
		     uint32_t strsize, int rawbytes)
{
	int size;
	uint64_t u;

	if (k->is_string) {
		size_t n = (size_t)strsize + 1;
		unsigned char *rec = xcalloc(1, n);

		memcpy(rec, key + k->off, k->size < n ? k->size : n);
		print_bytes(out, rec, n, packed ? 16 : 50, packed, rawbytes);
		free(rec);
		return;
	}
	u = dt_agg_key_bits(k, key, &size);
	switch (size) {
	case 8:
		sb_printf(out, " %16lld", (long long)u);
		break;
	case 4:
		sb_printf(out, " %8d", (int)(uint32_t)u);
		break;
	case 2:
		sb_printf(out, " %5d", (int)(uint16_t)u);
		break;
	case 1:
		sb_printf(out, " %3d", (int)(uint8_t)u);
		break;
	default:
		dtf_rawbytes(out, key + k->off, k->size);
		break;
	}
}

int64_t dt_agg_key_int(const struct dt_recarg *k, const unsigned char *key, int *size)
{
	uint64_t u = dt_agg_key_bits(k, key, size);

	if (!k->is_signed)
		return (int64_t)u;
	switch (*size) {
	case 1: return (int8_t)u;
	case 2: return (int16_t)u;
	case 4: return (int32_t)u;
	default: return (int64_t)u;
	}
}

/* normalize()'s divisor, an unsigned number to DTrace (0 reads as 1). */
static uint64_t normal_of(const struct dt_agg *a)
{
	return a->normal == 0 ? 1 : (uint64_t)a->normal;
}

int dt_agg_scalar(const struct dt_agg *a, const int64_t *v, int64_t *val, int *is_unsigned)
{
	uint64_t normal = normal_of(a);

	*is_unsigned = 0;
	switch (a->fn) {
	case F_COUNT:
		*val = (int64_t)((uint64_t)v[0] / normal);
		return 0;
	case F_SUM:
	case F_MIN:
	case F_MAX:
		*val = (int64_t)((uint64_t)v[1] / normal);
		return 0;
	case F_AVG:
		*val = v[0] ? dt_agg_sdiv(dt_agg_sdiv(v[1], (int64_t)normal), v[0]) : 0;
		return 0;
	case F_STDDEV:
		*is_unsigned = 1;
		*val = v[0] ? (int64_t)dt_agg_stddev_of(v, normal) : 0;
		return 0;
	default:
		*val = 0;
		return -1;
	}
}

const char *dt_agg_fname(const struct dt_agg *a)
{
	switch (a->fn) {
	case F_COUNT: return "count";
	case F_SUM: return "sum";
	case F_MIN: return "min";
	case F_MAX: return "max";
	case F_AVG: return "avg";
	case F_STDDEV: return "stddev";
	case F_QUANTIZE: return "quantize";
	case F_LQUANTIZE: return "lquantize";
	default: return "llquantize";
	}
}

void dt_agg_text_begin(struct strbuf *out, const struct dt_agg *a, struct dt_aggent *const *ents, int n,
		       const struct dt_aggopts *o, int *packed, int *minbin, int *maxbin)
{
	*packed = o && o->pack && (a->fn == F_QUANTIZE || a->fn == F_LQUANTIZE);
	*minbin = *maxbin = 0;
	if (*packed && n > 0) {
		packed_range(a, ents, n, minbin, maxbin);
		packed_header(out, a, *minbin, *maxbin);
	}
}

/* An aggregation's value as dt_print_datum prints it, without the end of
 * the line (which comes after the last aggregation of a joined printa) */
static void text_datum(struct strbuf *out, const struct dt_agg *a, const int64_t *v, int zoom)
{
	int64_t val;
	int uns;

	if (dt_agg_scalar(a, v, &val, &uns) == 0)
		sb_printf(out, uns ? " %16llu" : " %16lld", (long long)val);
	else
		print_hist(out, a, v, normal_of(a), zoom);
}

/* v, then with aggpercpu (pcpu not NULL) each CPU's value after
 * "[CPU n]" on a line of its own (dt_print_aggs); no end of line. */
static void text_datum_percpu(struct strbuf *out, const struct dt_agg *a, const int64_t *v,
			      const int64_t *pcpu, int ncpus, int zoom)
{
	text_datum(out, a, v, zoom);
	for (int c = 0; pcpu && c < ncpus; c++) {
		sb_printf(out, "\n    [CPU %d]", c);
		text_datum(out, a, pcpu + (size_t)c * dt_agg_nwords(a), zoom);
	}
}

void dt_agg_text_value(struct strbuf *out, const struct dt_agg *a, const int64_t *v, int packed, int minbin,
		       int maxbin, int zoom, const int64_t *pcpu, int ncpus)
{
	if (packed) {
		print_packed(out, a, v, minbin, maxbin, zoom);
		return;
	}
	text_datum_percpu(out, a, v, pcpu, ncpus, zoom);
	sb_putc(out, '\n');
}

/* An entry's keys through o: a stack key as a stack, a func(), mod(), ...
 * key as its symbol, any other with agg_key */
static void emit_keys(struct dt_out *o, const struct dt_agg *a, const unsigned char *key)
{
	for (int k = 0; k < a->nkeys; k++) {
		const struct dt_recarg *kk = &a->keys[k];
		const uint64_t *pcs = (const uint64_t *)(key + kk->off);

		o->in_key = 1;
		if (kk->is_stack == 1)
			dt_out_stack(o, 0, 0, pcs, (int)(kk->size / 8));
		else if (kk->is_stack)
			dt_out_stack(o, 1, (int)pcs[0], pcs + 1, (int)(kk->size / 8) - 1);
		else if (kk->symact)
			o->ops->symbol(o, kk->symact, pcs);
		else
			o->ops->agg_key(o, kk, key);
		o->in_key = 0;
	}
}

int dt_agg_emit(struct dt_out *o, const struct dt_agg *a, struct dt_aggsnap *snap)
{
	struct sortctx c = dt_agg_ctx_of(o->ao);
	struct dt_aggent **v;
	int n, i;

	v = dt_agg_sorted_of(a, snap, &c, &n);
	o->ops->agg_begin(o, a, v, n);
	for (i = 0; i < n; i++) {
		o->ops->entry_begin(o, a);
		emit_keys(o, a, v[i]->key);
		o->pcpu = v[i]->pcpu;
		o->npcpu = snap->ncpus;
		o->ops->agg_value(o, a, v[i]->vals);
		o->pcpu = NULL;
	}
	o->ops->agg_end(o, a);
	free(v);
	return n;
}

int dt_agg_print(struct strbuf *out, const struct dt_agg *a, struct dt_aggsnap *snap,
		 const struct dt_aggopts *o)
{
	struct dt_out to;
	int n;

	dt_out_init(&to, DT_OFMT_TEXT, 0);
	to.ext = out;
	to.ao = o;
	to.strsize = o ? o->strsize : 0;
	to.ksyms = o ? o->ksyms : NULL;
	to.usyms = o ? o->usyms : NULL;
	n = dt_agg_emit(&to, a, snap);
	dt_out_free(&to);
	return n;
}

/* ------------------------------------------------------------------------ */
/* printa() with a format (dt_printf_format, dtrace_aggregate_walk_joined)   */
/* ------------------------------------------------------------------------ */

/*
 * The value a %@ conversion receives (pfprint_* of the aggregation record).
 * Its signedness is first's, the first aggregation of the printa(): DTrace
 * validates the format once per aggregation, against a value of type
 * uint64_t for count() and int64_t for the others (dt_printf_validate),
 * and prints every line with the first one's conversions (dtrace_fprinta
 * takes the first record's format), so %@d is %llu for all of them when
 * the first is a count().
 */
static void agg_value(const struct dt_agg *a, const struct dt_agg *first, const int64_t *v,
		      struct dtf_value *dv, struct strbuf *hist, int zoom)
{
	uint64_t normal = normal_of(a);

	memset(dv, 0, sizeof(*dv));
	dv->kind = DTF_V_INT;
	dv->size = 8;
	dv->is_signed = first->fn != F_COUNT;
	switch (a->fn) {
	case F_COUNT:
		dv->u = (uint64_t)v[0] / normal;
		break;
	case F_SUM:
	case F_MIN:
	case F_MAX:
		/* the conversion divides: pfprint_sint or pfprint_uint */
		dv->u = (uint64_t)v[1];
		dv->normal = normal;
		break;
	case F_AVG:
		/* pfprint_average divides as unsigned numbers */
		dv->u = v[0] ? (uint64_t)v[1] / normal / (uint64_t)v[0] : 0;
		break;
	case F_STDDEV:
		dv->u = dt_agg_stddev_of(v, normal);
		break;
	default:
		sb_init(hist);
		print_hist(hist, a, v, normal, zoom);
		dv->kind = DTF_V_STRING;
		dv->s = hist->s ? hist->s : "";
		break;
	}
}

/* The key tuple of an entry as format arguments: a func(), mod(), ufunc()
 * ... key as the text %a or %A shows of it (pfprint_addr on its reduced
 * address, pfprint_mod, pfprint_uaddr, pfprint_umod). */
static struct dtf_value *key_values(const struct dt_agg *a, const unsigned char *key,
				    const struct dt_aggopts *o, char ***strs)
{
	struct dtf_value *kv = xcalloc((size_t)a->nkeys + 1, sizeof(*kv));
	int i;

	*strs = xcalloc((size_t)a->nkeys + 1, sizeof(char *));
	for (i = 0; i < a->nkeys; i++) {
		const struct dt_recarg *k = &a->keys[i];

		if (k->is_string) {
			(*strs)[i] = xstrndup((const char *)key + k->off, k->size);
			kv[i].kind = DTF_V_STRING;
			kv[i].s = (*strs)[i];
		} else if (k->is_stack) {
			const uint64_t *pcs = (const uint64_t *)(key + k->off);
			int user = k->is_stack != 1, n = (int)(k->size / 8);
			struct strbuf sb;

			sb_init(&sb);
			dt_stack_text(&sb, o ? o->ksyms : NULL, o ? o->usyms : NULL, user,
				      user ? (int)pcs[0] : 0, pcs + user, n - user);
			(*strs)[i] = sb.s ? sb.s : xstrdup("");
			kv[i].kind = DTF_V_STACK;
			kv[i].s = (*strs)[i];
		} else if (k->symact) {
			struct strbuf sb;
			uint64_t w[2] = {0, 0};

			memcpy(w, key + k->off, k->size <= sizeof(w) ? k->size : sizeof(w));
			sb_init(&sb);
			dt_symact_format(&sb, o ? o->ksyms : NULL, o ? o->usyms : NULL, k->symact, w);
			(*strs)[i] = sb.s;
			kv[i].kind = DTF_V_STRING;
			kv[i].s = (*strs)[i];
		} else {
			kv[i].kind = DTF_V_INT;
			kv[i].u = dt_agg_key_bits(k, key, &kv[i].size);
			kv[i].is_signed = k->is_signed;
		}
	}
	return kv;
}

static void print_line(struct strbuf *out, const struct dtf_format *fmt,
		       const struct dt_aggent *rep, const struct dt_agg *const *aggs,
		       const int64_t *const *vals, int naggs, int zoom,
		       const struct dt_aggopts *o)
{
	const struct dtf_symtab *syms = o ? o->syms : NULL;
	const struct dt_agg *ka = rep->agg;
	struct dtf_value *kv, *av = xcalloc((size_t)naggs, sizeof(*av));
	struct strbuf *hist = xcalloc((size_t)naggs, sizeof(*hist));
	char **strs;
	int i;

	kv = key_values(ka, rep->key, o, &strs);
	for (i = 0; i < naggs; i++)
		agg_value(aggs[i], aggs[0], vals[i], &av[i], &hist[i], zoom);
	dtf_print_aggs_syms(out, fmt, kv, ka->nkeys, av, naggs, syms);
	for (i = 0; i < naggs; i++)
		sb_free(&hist[i]);
	for (i = 0; i < ka->nkeys; i++)
		free(strs[i]);
	free(strs);
	free(kv);
	free(av);
	free(hist);
}

/* A key tuple and the entry (or zero value) of each aggregation. */
struct bundle {
	const struct dt_aggent *rep;		/* representative key */
	const struct dt_aggent **ent;		/* [naggs], in sort-position order */
};

struct joinctx {
	struct sortctx c;
	int naggs;
};

static int bundlecmp(const void *x, const void *y, void *arg)
{
	const struct bundle *l = x, *r = y;
	const struct joinctx *j = arg;
	int i, rv;

	if (j->c.keysort && (rv = dt_agg_keycmp(l->rep, r->rep, &j->c)) != 0)
		return rv;
	for (i = 0; i < j->naggs; i++)
		if ((rv = dt_agg_valcmp(l->ent[i], r->ent[i], &j->c)) != 0)
			return rv;
	return j->c.keysort ? 0 : dt_agg_keycmp(l->rep, r->rep, &j->c);
}

/* Grouping order: key ascending, then aggregation id (keyvarcmp). */
static int groupcmp(const void *x, const void *y, void *arg)
{
	const struct dt_aggent *l = *(const struct dt_aggent *const *)x;
	const struct dt_aggent *r = *(const struct dt_aggent *const *)y;
	int rv;

	(void)arg;
	if ((rv = dt_agg_keycmp(l, r, &(struct sortctx){ 0, 0, 0 })) != 0)
		return rv;
	return dt_agg_varcmp(l, r, &(struct sortctx){ 0, 0, 0 });
}

/* The key tuples of aggs[0..naggs) in snap, sorted as
 * dtrace_aggregate_walk_joined sorts them: n tuples, each with the values
 * of aggs in their order (vals[naggs], a zero value where the tuple is
 * missing) and a representative entry for the keys.  Free with
 * joinset_free(). */
struct joined {
	const struct dt_aggent *rep;
	const int64_t **vals;
	const int64_t **pcpu;	/* aggpercpu: each aggregation's per-CPU words */
};

struct joinset {
	struct joined *t;
	int n, naggs;
	int64_t **zero;		/* each aggregation's zero value, which
				   missing tuples point to */
};

static void joinset_free(struct joinset *js)
{
	for (int i = 0; i < js->n; i++) {
		free(js->t[i].vals);
		free(js->t[i].pcpu);
	}
	for (int i = 0; i < js->naggs; i++)
		free(js->zero[i]);
	free(js->zero);
	free(js->t);
}

static void joined_bundles(const struct dt_agg *const *aggs, int naggs, struct dt_aggsnap *snap,
			   const struct dt_aggopts *o, struct joinset *js)
{
	struct joinctx jc;
	int sortpos = o && o->sortpos > 0 && o->sortpos < naggs ? o->sortpos : 0;
	int *slot = xcalloc((size_t)naggs, sizeof(int));	/* sort position -> first same agg */
	struct dt_aggent **ents = xcalloc((size_t)snap->n + 1, sizeof(*ents));
	struct dt_aggent *zero = xcalloc((size_t)naggs, sizeof(*zero));
	struct bundle *b = NULL;
	struct joined *jb;
	int i, j, n = 0, nb = 0, start;

	js->naggs = naggs;

	jc.c = dt_agg_ctx_of(o);
	jc.naggs = naggs;

	/* Sort position p holds aggs[(p + sortpos) % naggs]; repeats share. */
	for (i = 0; i < naggs; i++) {
		const struct dt_agg *a = aggs[(i + sortpos) % naggs];

		slot[i] = i;
		for (j = 0; j < i; j++)
			if (aggs[(j + sortpos) % naggs]->id == a->id) {
				slot[i] = slot[j];
				break;
			}
		zero[i].agg = a;
		zero[i].key = NULL;
		zero[i].vals = xcalloc(dt_agg_nwords(a), sizeof(int64_t));
	}

	/* The entries of the aggregations, grouped by key tuple. */
	for (i = 0; i < snap->n; i++)
		for (j = 0; j < naggs; j++)
			if (snap->ents[i].agg->id == aggs[j]->id) {
				ents[n++] = &snap->ents[i];
				break;
			}
	qsort_r(ents, (size_t)n, sizeof(*ents), groupcmp, NULL);

	if (n > 0)
		b = xcalloc((size_t)n, sizeof(*b));
	for (i = 1, start = 0; i <= n; i++) {
		struct bundle *nbdl;

		if (i < n && dt_agg_keycmp(ents[i], ents[i - 1], &(struct sortctx){ 0, 0, 0 }) == 0)
			continue;
		nbdl = &b[nb++];
		nbdl->rep = ents[start];
		nbdl->ent = xcalloc((size_t)naggs, sizeof(*nbdl->ent));
		for (j = start; j < i; j++) {
			int p;

			for (p = 0; p < naggs; p++)
				if (slot[p] == p && aggs[(p + sortpos) % naggs]->id ==
				    ents[j]->agg->id)
					break;
			if (p < naggs && !nbdl->ent[p])
				nbdl->ent[p] = ents[j];
		}
		for (j = 0; j < naggs; j++) {
			if (slot[j] != j)
				nbdl->ent[j] = nbdl->ent[slot[j]];
			if (!nbdl->ent[j])
				nbdl->ent[j] = &zero[j];
		}
		start = i;
	}
	qsort_r(b, (size_t)nb, sizeof(*b), bundlecmp, &jc);

	jb = xcalloc((size_t)nb + 1, sizeof(*jb));
	js->zero = xcalloc((size_t)naggs, sizeof(*js->zero));
	for (i = 0; i < nb; i++) {
		jb[i].rep = b[i].rep;
		jb[i].vals = xcalloc((size_t)naggs, sizeof(*jb[i].vals));
		jb[i].pcpu = xcalloc((size_t)naggs, sizeof(*jb[i].pcpu));
		for (j = 0; j < naggs; j++) {
			int p = (j - sortpos + naggs) % naggs;

			jb[i].vals[j] = b[i].ent[p]->vals;
			jb[i].pcpu[j] = b[i].ent[p]->pcpu;
		}
		free(b[i].ent);
	}
	for (i = 0; i < naggs; i++)
		js->zero[i] = zero[i].vals;	/* the tuples point into them */
	free(b);
	free(zero);
	free(ents);
	free(slot);
	js->t = jb;
	js->n = nb;
}

static int printa_joined(struct strbuf *out, const struct dtf_format *fmt,
			 const struct dt_agg *const *aggs, int naggs,
			 struct dt_aggsnap *snap, const struct dt_aggopts *o)
{
	struct joinset js;

	joined_bundles(aggs, naggs, snap, o, &js);
	for (int i = 0; i < js.n; i++)
		print_line(out, fmt, js.t[i].rep, aggs, js.t[i].vals, naggs, o && o->zoom, o);
	joinset_free(&js);
	return js.n;
}

int dt_agg_emit_joined(struct dt_out *o, const struct dt_agg *const *aggs, int naggs, struct dt_aggsnap *snap)
{
	struct joinset js;
	struct strbuf *out = dt_out_sb(o);

	joined_bundles(aggs, naggs, snap, o->ao, &js);
	for (int i = 0; i < js.n; i++) {
		emit_keys(o, js.t[i].rep->agg, js.t[i].rep->key);
		for (int j = 0; j < naggs; j++)
			text_datum_percpu(out, aggs[j], js.t[i].vals[j], js.t[i].pcpu[j], snap->ncpus,
					  o->ao && o->ao->zoom);
		sb_putc(out, '\n');
	}
	joinset_free(&js);
	return js.n;
}

int dt_agg_printa(struct strbuf *out, const struct dtf_format *fmt,
		  const struct dt_agg *const *aggs, int naggs,
		  struct dt_aggsnap *snap, const struct dt_aggopts *o)
{
	struct sortctx c = dt_agg_ctx_of(o);
	struct dt_aggent **v;
	int n, i;

	if (naggs <= 0)
		return 0;
	if (naggs > 1)
		return printa_joined(out, fmt, aggs, naggs, snap, o);

	v = dt_agg_sorted_of(aggs[0], snap, &c, &n);
	for (i = 0; i < n; i++) {
		const int64_t *vals = v[i]->vals;

		print_line(out, fmt, v[i], aggs, &vals, 1, o && o->zoom, o);
	}
	free(v);
	return n;
}

