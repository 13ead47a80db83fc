/*
 * test_agg.c - owns the unit tests for src/consumer/agg.c: merging per-CPU
 * aggregation values, DTrace's sort orders (by value, aggsortkey,
 * aggsortkeypos, aggsortrev, aggsortpos), the default output of every
 * aggregating function and histogram, normalize(), printa() with a format
 * and several aggregations joined on their keys, aggpack/aggzoom, and --
 * on a real BPF_MAP_TYPE_PERCPU_HASH when BPF is available, shared by
 * several aggregations as the map of all aggregations is -- snapshots,
 * clear() and trunc().
 *
 * The synthetic cases replay the D scripts of Oracle DTrace's test suite
 * (test/unittest/{aggs,printa,multiaggs,rates}): per-CPU values are built
 * with dt_agg_apply() exactly as the probes would build them, spread over
 * four CPUs, and the output is compared with the suite's expected output
 * (copied into this file), byte for byte where the suite does not sort.
 */
#include "consumer/agg.h"
#include "consumer/format.h"
#include "front/sema.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

static int passed, failed, skipped;

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- comparisons --------------------------------------------------------- */

static void show(const char *s)
{
	fputc('"', stderr);
	for (; s && *s; s++) {
		if (*s == '\n')
			fputs("\\n\"\n \"", stderr);
		else if (*s == '\t')
			fputs("\\t", stderr);
		else
			fputc(*s, stderr);
	}
	fputs("\"\n", stderr);
}

static void report(int ok, const char *got, const char *want, int line, const char *what)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	fprintf(stderr, "FAIL line %d: %s\n  got:  ", line, what);
	show(got ? got : "(null)");
	fputs("  want: ", stderr);
	show(want ? want : "(null)");
}

static void eq(const char *got, const char *want, int line, const char *what)
{
	report(got && want && strcmp(got, want) == 0, got, want, line, what);
}

static void ok(int cond, int line, const char *what)
{
	report(cond, "", "", line, what);
}

/* The lines of s without trailing blanks, blank lines dropped. */
static char **lines_of(const char *s, int *n)
{
	char **v = NULL;
	int cap = 0;

	*n = 0;
	while (s && *s) {
		const char *e = strchr(s, '\n');
		size_t len = e ? (size_t)(e - s) : strlen(s);

		while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
			len--;
		if (len > 0) {
			if (*n == cap) {
				cap = cap ? 2 * cap : 64;
				v = realloc(v, (size_t)cap * sizeof(*v));
			}
			v[*n] = strndup(s, len);
			(*n)++;
		}
		s = e ? e + 1 : s + strlen(s);
	}
	return v;
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The conformance runner's comparison: sorted (unless nosort) lines. */
static void eq_lines(const char *got, const char *want, int sorted, int line,
		     const char *what)
{
	int ng, nw, i, same;
	char **g = lines_of(got, &ng), **w = lines_of(want, &nw);

	if (sorted) {
		qsort(g, (size_t)ng, sizeof(*g), cmpstr);
		qsort(w, (size_t)nw, sizeof(*w), cmpstr);
	}
	same = ng == nw;
	for (i = 0; same && i < ng; i++)
		same = strcmp(g[i], w[i]) == 0;
	report(same, got, want, line, what);
	for (i = 0; i < ng; i++)
		free(g[i]);
	for (i = 0; i < nw; i++)
		free(w[i]);
	free(g);
	free(w);
}

/* ---- aggregations built in user space ------------------------------------- */

#define NCPU	4
#define STRSZ	32	/* string key fields: strsize 31 + NUL */
#define MAXAGG	300

struct row {
	unsigned char *key;
	int64_t *pc;		/* NCPU * nvals */
};

struct tagg {
	struct dt_agg a;
	struct dt_recarg keys[8];
	struct row *rows;
	int nrows, cap, next;
};

static struct tagg *ALL[MAXAGG];
static int NALL;
static struct dt_aggopts OPT;

/* keys: "s" string, "iN"/"uN" signed/unsigned integer of D size N. */
static struct tagg *mk(int fn, const char *keys)
{
	struct tagg *t = calloc(1, sizeof(*t));
	uint32_t off = 0;

	t->a.id = NALL;
	t->a.name = "";
	t->a.fn = fn;
	t->a.keys = t->keys;
	while (keys && *keys) {
		struct dt_recarg *k = &t->keys[t->a.nkeys++];

		if (*keys == 's') {
			k->is_string = 1;
			k->size = STRSZ;
			keys++;
		} else {
			k->is_signed = *keys == 'i';
			k->isize = keys[1] - '0';
			k->size = 8;
			keys += 2;
		}
		k->off = off;
		off += k->size;
		while (*keys == ' ')
			keys++;
	}
	t->a.keysize = off ? off : 8;
	t->a.map = NULL;
	t->a.normal = 1;
	t->a.nvals = dt_agg_words(&t->a);
	ALL[NALL++] = t;
	return t;
}

static struct tagg *mklq(const char *keys, int64_t low, int64_t high, int64_t step)
{
	struct tagg *t = mk(F_LQUANTIZE, keys);

	t->a.lq_base = low;
	t->a.lq_step = step;
	t->a.lq_levels = (int)((high - low) / step);
	t->a.nvals = dt_agg_words(&t->a);
	return t;
}

static struct tagg *mkllq(const char *keys, int64_t factor, int64_t low, int64_t high,
			  int64_t nsteps)
{
	struct tagg *t = mk(F_LLQUANTIZE, keys);

	t->a.llq_factor = factor;
	t->a.llq_low = low;
	t->a.llq_high = high;
	t->a.llq_nsteps = nsteps;
	t->a.nvals = dt_agg_words(&t->a);
	return t;
}

static void reset(void)
{
	int i, j;

	for (i = 0; i < NALL; i++) {
		for (j = 0; j < ALL[i]->nrows; j++) {
			free(ALL[i]->rows[j].key);
			free(ALL[i]->rows[j].pc);
		}
		free(ALL[i]->rows);
		free(ALL[i]);
	}
	NALL = 0;
	memset(&OPT, 0, sizeof(OPT));
	OPT.strsize = STRSZ - 1;
}

struct kv {
	int is_str;
	int64_t i;
	const char *s;
};
#define KI(x) ((struct kv){ 0, (int64_t)(x), NULL })
#define KS(x) ((struct kv){ 1, 0, (x) })
#define K(...) ((const struct kv[]){ __VA_ARGS__ })

static struct row *row_of(struct tagg *t, const struct kv *kv)
{
	unsigned char *key = calloc(1, t->a.keysize);
	int i;

	for (i = 0; i < t->a.nkeys; i++) {
		const struct dt_recarg *k = &t->keys[i];

		if (k->is_string)
			strncpy((char *)key + k->off, kv[i].s, STRSZ - 1);
		else
			memcpy(key + k->off, &kv[i].i, 8);
	}
	for (i = 0; i < t->nrows; i++)
		if (memcmp(t->rows[i].key, key, t->a.keysize) == 0) {
			free(key);
			return &t->rows[i];
		}
	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 8;
		t->rows = realloc(t->rows, (size_t)t->cap * sizeof(*t->rows));
	}
	t->rows[t->nrows].key = key;
	t->rows[t->nrows].pc = calloc((size_t)NCPU * t->a.nvals, sizeof(int64_t));
	return &t->rows[t->nrows++];
}

/* @t[keys] = fn(value[, incr]), on the next CPU in turn. */
static void U(struct tagg *t, const struct kv *kv, int64_t value, int64_t incr)
{
	struct row *r = row_of(t, kv);
	int cpu = t->next++ % NCPU;

	dt_agg_apply(&t->a, r->pc + (size_t)cpu * t->a.nvals, value, incr);
}

/* clear(@t): every CPU slot zeroed, the keys kept. */
static void CLEAR(struct tagg *t)
{
	int i;

	for (i = 0; i < t->nrows; i++)
		memset(t->rows[i].pc, 0, (size_t)NCPU * t->a.nvals * sizeof(int64_t));
}

static struct dt_aggsnap SNAP;

static void take_snapshot(void)
{
	int i, j;

	dt_aggsnap_free(&SNAP);
	for (i = 0; i < NALL; i++) {
		struct tagg *t = ALL[i];

		for (j = 0; j < t->nrows; j++) {
			struct dt_aggent *e;

			if (SNAP.n == SNAP.cap) {
				SNAP.cap = SNAP.cap ? 2 * SNAP.cap : 64;
				SNAP.ents = realloc(SNAP.ents, (size_t)SNAP.cap * sizeof(*SNAP.ents));
			}
			e = &SNAP.ents[SNAP.n++];
			e->agg = &t->a;
			e->key = malloc(t->a.keysize);
			memcpy(e->key, t->rows[j].key, t->a.keysize);
			e->vals = malloc(t->a.nvals * sizeof(int64_t));
			e->pcpu = NULL;
			dt_agg_merge(&t->a, t->rows[j].pc, NCPU, e->vals);
		}
	}
}

/* ---- the actions, printing into OUT as dtrace(1) would ------------------- */

static struct strbuf OUT;

static void PRINTF(const char *s)
{
	sb_puts(&OUT, s);
}

/* printa(@t) */
static void PA(struct tagg *t)
{
	take_snapshot();
	sb_putc(&OUT, '\n');
	if (dt_agg_print(&OUT, &t->a, &SNAP, &OPT) > 0)
		t->a.printed = 1;
}

/* printa(fmt, @t...) */
static void PF(const char *fmt, int n, ...)
{
	const struct dt_agg *aggs[32];
	struct tagg *ts[32];
	struct dtf_format *f;
	const char *tag;
	char msg[256];
	va_list ap;
	int i;

	va_start(ap, n);
	for (i = 0; i < n; i++) {
		ts[i] = va_arg(ap, struct tagg *);
		aggs[i] = &ts[i]->a;
	}
	va_end(ap);
	f = dtf_parse(fmt, &tag, msg, sizeof(msg));
	if (!f) {
		fprintf(stderr, "bad format %s: %s\n", fmt, msg);
		failed++;
		return;
	}
	take_snapshot();
	if (dt_agg_printa(&OUT, f, aggs, n, &SNAP, &OPT) > 0)
		for (i = 0; i < n; i++)
			ts[i]->a.printed = 1;
	dtf_free(f);
}

/* The end: "\n" and every aggregation not yet printed, by id. */
static void EXIT(void)
{
	int i;

	take_snapshot();
	sb_putc(&OUT, '\n');
	for (i = 0; i < NALL; i++) {
		struct tagg *t = ALL[OPT.sortrev ? NALL - 1 - i : i];

		if (!t->a.printed)
			dt_agg_print(&OUT, &t->a, &SNAP, &OPT);
	}
}

static void begin(void)
{
	reset();
	sb_free(&OUT);
	sb_init(&OUT);
	sb_puts(&OUT, "");
}

static const char *out(void)
{
	return OUT.s ? OUT.s : "";
}

/* ---- the Oracle test scripts --------------------------------------------- */

static void t_scalars(void)
{
	struct tagg *a, *b, *c, *d, *e;
	int i;

	/* aggs/tst.count.d */
	begin();
	a = mk(F_COUNT, "");
	U(a, NULL, 0, 1);
	U(a, NULL, 0, 1);
	EXIT();
	eq(out(), "\n"
	    "                2\n", __LINE__, "tst.count");

	/* aggs/tst.sum.d */
	begin();
	a = mk(F_SUM, "");
	for (i = 0; i < 1000; i += 100)
		U(a, NULL, i, 1);
	EXIT();
	eq(out(), "\n"
	    "             4500\n", __LINE__, "tst.sum");

	/* aggs/tst.max_neg.d, tst.min_neg.d */
	begin();
	a = mk(F_MAX, "");
	U(a, NULL, -100, 1);
	U(a, NULL, -900, 1);
	EXIT();
	eq(out(), "\n"
	    "             -100\n", __LINE__, "tst.max_neg");
	begin();
	a = mk(F_MIN, "");
	U(a, NULL, -100, 1);
	U(a, NULL, -900, 1);
	EXIT();
	eq(out(), "\n"
	    "             -900\n", __LINE__, "tst.min_neg");

	/* aggs/tst.stddev.d: sums of squares beyond 64 bits */
	begin();
	a = mk(F_STDDEV, "");
	b = mk(F_STDDEV, "");
	for (i = 0; i < 10; i++) {
		U(a, NULL, 5000000000LL + 100 * i, 1);
		U(b, NULL, -5000000000LL - 100 * i, 1);
	}
	EXIT();
	eq(out(), "\n"
	    "              287\n"
	    "              287\n", __LINE__, "tst.stddev");

	/* aggs/tst.stddev2.d: printa("%9@x\n") of stddev() */
	begin();
	{
		static const int64_t v[][2] = {
			{ 0, 0 }, { 0x10, 0x20 }, { 0x100, 0x200 }, { 0x1000, 0x2000 },
			{ 0x10000, 0x20000 }, { 0x100000, 0x200000 },
			{ 0x1000000, 0x2000000 }, { 0x10000000, 0x20000000 },
			{ 0x20000000, 0x40000000 }, { 0x40000000, 0x80000000 },
			{ 0x80000000, 0x100000000 }, { 0x100000000, 0x200000000 },
		};
		struct tagg *s[12];

		for (i = 0; i < 12; i++) {
			s[i] = mk(F_STDDEV, "");
			U(s[i], NULL, v[i][0], 1);
			U(s[i], NULL, v[i][1], 1);
		}
		for (i = 0; i < 12; i++)
			PF("%9@x\n", 1, s[i]);
		EXIT();
		eq_lines(out(), "\n"
	    "        0\n"
	    "        8\n"
	    "       80\n"
	    "      800\n"
	    "     8000\n"
	    "    80000\n"
	    "   800000\n"
	    "  8000000\n"
	    " 10000000\n"
	    " 20000000\n"
	    " 40000000\n"
	    " 80000000\n", 1, __LINE__, "tst.stddev2");
	}

	/* aggs/tst.multiaggs2.d: avg, sum, min, max, quantize, lquantize */
	begin();
	a = mk(F_AVG, "");
	b = mk(F_SUM, "");
	c = mk(F_MIN, "");
	d = mk(F_MAX, "");
	e = mk(F_QUANTIZE, "");
	{
		struct tagg *f = mklq("", 0, 1000, 100);

		for (i = 0; i < 1000; i += 100) {
			U(a, NULL, i, 1);
			U(b, NULL, i, 1);
			U(c, NULL, i, 1);
			U(d, NULL, i, 1);
			U(e, NULL, i, 1);
			U(f, NULL, i, 1);
		}
	}
	EXIT();
	eq(out(), "\n"
	    "              450\n"
	    "             4500\n"
	    "                0\n"
	    "              900\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@                                     1        \n"
	    "               1 |                                         0        \n"
	    "               2 |                                         0        \n"
	    "               4 |                                         0        \n"
	    "               8 |                                         0        \n"
	    "              16 |                                         0        \n"
	    "              32 |                                         0        \n"
	    "              64 |@@@@                                     1        \n"
	    "             128 |@@@@                                     1        \n"
	    "             256 |@@@@@@@@@@@@                             3        \n"
	    "             512 |@@@@@@@@@@@@@@@@                         4        \n"
	    "            1024 |                                         0        \n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             < 0 |                                         0        \n"
	    "               0 |@@@@                                     1        \n"
	    "             100 |@@@@                                     1        \n"
	    "             200 |@@@@                                     1        \n"
	    "             300 |@@@@                                     1        \n"
	    "             400 |@@@@                                     1        \n"
	    "             500 |@@@@                                     1        \n"
	    "             600 |@@@@                                     1        \n"
	    "             700 |@@@@                                     1        \n"
	    "             800 |@@@@                                     1        \n"
	    "             900 |@@@@                                     1        \n"
	    "         >= 1000 |                                         0        \n"
	    "\n", __LINE__, "tst.multiaggs2");

	/* aggs/tst.reset.d: printa() five times over, the same each time */
	begin();
	a = mk(F_SUM, "");
	b = mk(F_STDDEV, "");
	c = mk(F_COUNT, "");
	d = mk(F_AVG, "");
	e = mk(F_QUANTIZE, "");
	for (i = 10; i <= 50; i += 10) {
		U(a, NULL, i, 1);
		U(b, NULL, i, 1);
		U(c, NULL, i, 1);
		U(d, NULL, i, 1);
		U(e, NULL, i, 1);
	}
	for (i = 0; i < 5; i++) {
		PA(a);
		PA(b);
		PA(c);
		PA(d);
		PA(e);
	}
	EXIT();
	eq(out(), "\n"
	    "              150\n"
	    "\n"
	    "               14\n"
	    "\n"
	    "                5\n"
	    "\n"
	    "               30\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               4 |                                         0        \n"
	    "               8 |@@@@@@@@                                 1        \n"
	    "              16 |@@@@@@@@@@@@@@@@                         2        \n"
	    "              32 |@@@@@@@@@@@@@@@@                         2        \n"
	    "              64 |                                         0        \n"
	    "\n"
	    "\n"
	    "              150\n"
	    "\n"
	    "               14\n"
	    "\n"
	    "                5\n"
	    "\n"
	    "               30\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               4 |                                         0        \n"
	    "               8 |@@@@@@@@                                 1        \n"
	    "              16 |@@@@@@@@@@@@@@@@                         2        \n"
	    "              32 |@@@@@@@@@@@@@@@@                         2        \n"
	    "              64 |                                         0        \n"
	    "\n"
	    "\n"
	    "              150\n"
	    "\n"
	    "               14\n"
	    "\n"
	    "                5\n"
	    "\n"
	    "               30\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               4 |                                         0        \n"
	    "               8 |@@@@@@@@                                 1        \n"
	    "              16 |@@@@@@@@@@@@@@@@                         2        \n"
	    "              32 |@@@@@@@@@@@@@@@@                         2        \n"
	    "              64 |                                         0        \n"
	    "\n"
	    "\n"
	    "              150\n"
	    "\n"
	    "               14\n"
	    "\n"
	    "                5\n"
	    "\n"
	    "               30\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               4 |                                         0        \n"
	    "               8 |@@@@@@@@                                 1        \n"
	    "              16 |@@@@@@@@@@@@@@@@                         2        \n"
	    "              32 |@@@@@@@@@@@@@@@@                         2        \n"
	    "              64 |                                         0        \n"
	    "\n"
	    "\n"
	    "              150\n"
	    "\n"
	    "               14\n"
	    "\n"
	    "                5\n"
	    "\n"
	    "               30\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               4 |                                         0        \n"
	    "               8 |@@@@@@@@                                 1        \n"
	    "              16 |@@@@@@@@@@@@@@@@                         2        \n"
	    "              32 |@@@@@@@@@@@@@@@@                         2        \n"
	    "              64 |                                         0        \n"
	    "\n"
	    "\n", __LINE__, "tst.reset");

	/* aggs/tst.empty.d: aggregations without data print nothing */
	begin();
	a = mk(F_SUM, "");
	mk(F_MIN, "");
	mk(F_MAX, "");
	U(a, NULL, 12345678, 1);
	EXIT();
	eq(out(), "\n"
	    "         12345678\n", __LINE__, "tst.empty");

	/* aggs/tst.count_notquiet.d's aggregation part */
	begin();
	a = mk(F_COUNT, "");
	for (i = 0; i < 10; i++)
		U(a, NULL, 0, 1);
	EXIT();
	eq(out(), "\n               10\n", __LINE__, "tst.count_notquiet");
}

static void t_extremes(void)
{
	struct tagg *s, *mn, *mx, *av, *sd, *q1, *q2, *lq, *llq, *k;

	begin();
	s = mk(F_SUM, "");
	mn = mk(F_MIN, "");
	mx = mk(F_MAX, "");
	av = mk(F_AVG, "");
	sd = mk(F_STDDEV, "");
	U(s, NULL, INT64_MAX, 1);
	U(mn, NULL, INT64_MIN, 1);
	U(mn, NULL, INT64_MAX, 1);
	U(mx, NULL, INT64_MIN, 1);
	U(mx, NULL, INT64_MAX, 1);
	U(av, NULL, INT64_MIN, 1);
	U(sd, NULL, INT64_MIN, 1);
	U(sd, NULL, INT64_MIN, 1);
	EXIT();
	eq(out(), "\n"
	   " 9223372036854775807\n"
	   " -9223372036854775808\n"
	   " 9223372036854775807\n"
	   " -9223372036854775808\n"
	   " 9223372036854775808\n", __LINE__, "INT64_MAX/INT64_MIN scalars");

	/* quantize() of the extremes: the first and the last bucket */
	begin();
	q1 = mk(F_QUANTIZE, "");
	q2 = mk(F_QUANTIZE, "");
	U(q1, NULL, INT64_MIN, 1);
	U(q2, NULL, INT64_MAX, 1);
	EXIT();
	eq(out(), "\n"
	   "\n"
	   "           value  ------------- Distribution ------------- count    \n"
	   "-4611686018427387904 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	   "-2305843009213693952 |                                         0        \n"
	   "\n"
	   "\n"
	   "           value  ------------- Distribution ------------- count    \n"
	   "2305843009213693952 |                                         0        \n"
	   "4611686018427387904 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	   "\n", __LINE__, "quantize of INT64_MIN and INT64_MAX");

	/* lquantize() and llquantize() of the extremes: under- and overflow */
	begin();
	lq = mklq("", -10, 10, 5);
	llq = mkllq("", 10, 0, 2, 10);
	U(lq, NULL, INT64_MIN, 1);
	U(lq, NULL, INT64_MAX, 3);
	U(llq, NULL, INT64_MIN, 1);
	U(llq, NULL, INT64_MAX, 3);
	U(llq, NULL, 0, 2);
	EXIT();
	eq(out(), "\n"
	   "\n"
	   "           value  ------------- Distribution ------------- count    \n"
	   "           < -10 |@@@@@@@@@@                               1        \n"
	   "             -10 |                                         0        \n"
	   "              -5 |                                         0        \n"
	   "               0 |                                         0        \n"
	   "               5 |                                         0        \n"
	   "           >= 10 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
	   "\n"
	   "\n"
	   "           value  ------------- Distribution ------------- count    \n"
	   "        <= -1000 |@@@@@@@                                  1        \n"
	   "            -900 |                                         0        \n"
	   "            -800 |                                         0        \n"
	   "            -700 |                                         0        \n"
	   "            -600 |                                         0        \n"
	   "            -500 |                                         0        \n"
	   "            -400 |                                         0        \n"
	   "            -300 |                                         0        \n"
	   "            -200 |                                         0        \n"
	   "            -100 |                                         0        \n"
	   "             -90 |                                         0        \n"
	   "             -80 |                                         0        \n"
	   "             -70 |                                         0        \n"
	   "             -60 |                                         0        \n"
	   "             -50 |                                         0        \n"
	   "             -40 |                                         0        \n"
	   "             -30 |                                         0        \n"
	   "             -20 |                                         0        \n"
	   "             -10 |                                         0        \n"
	   "              -9 |                                         0        \n"
	   "              -8 |                                         0        \n"
	   "              -7 |                                         0        \n"
	   "              -6 |                                         0        \n"
	   "              -5 |                                         0        \n"
	   "              -4 |                                         0        \n"
	   "              -3 |                                         0        \n"
	   "              -2 |                                         0        \n"
	   "              -1 |                                         0        \n"
	   "               0 |@@@@@@@@@@@@@                            2        \n"
	   "               1 |                                         0        \n"
	   "               2 |                                         0        \n"
	   "               3 |                                         0        \n"
	   "               4 |                                         0        \n"
	   "               5 |                                         0        \n"
	   "               6 |                                         0        \n"
	   "               7 |                                         0        \n"
	   "               8 |                                         0        \n"
	   "               9 |                                         0        \n"
	   "              10 |                                         0        \n"
	   "              20 |                                         0        \n"
	   "              30 |                                         0        \n"
	   "              40 |                                         0        \n"
	   "              50 |                                         0        \n"
	   "              60 |                                         0        \n"
	   "              70 |                                         0        \n"
	   "              80 |                                         0        \n"
	   "              90 |                                         0        \n"
	   "             100 |                                         0        \n"
	   "             200 |                                         0        \n"
	   "             300 |                                         0        \n"
	   "             400 |                                         0        \n"
	   "             500 |                                         0        \n"
	   "             600 |                                         0        \n"
	   "             700 |                                         0        \n"
	   "             800 |                                         0        \n"
	   "             900 |                                         0        \n"
	   "         >= 1000 |@@@@@@@@@@@@@@@@@@@@                     3        \n"
	   "\n", __LINE__, "lquantize/llquantize of INT64_MIN and INT64_MAX");

	/* 64-bit keys at the extremes sort as unsigned numbers */
	begin();
	k = mk(F_COUNT, "i8");
	U(k, K(KI(INT64_MIN)), 0, 1);
	U(k, K(KI(INT64_MAX)), 0, 1);
	U(k, K(KI(0)), 0, 1);
	U(k, K(KI(-1)), 0, 1);
	EXIT();
	eq(out(), "\n"
	   "                0                1\n"
	   " 9223372036854775807                1\n"
	   " -9223372036854775808                1\n"
	   "               -1                1\n", __LINE__, "extreme keys");
}

static void t_keys(void)
{
	struct tagg *i8, *i16, *i32, *i64, *t, *a, *b, *c, *d;
	int i;

	/* aggs/tst.signedkeys.d (aggsortkey): keys print as DTrace's sizes do */
	begin();
	OPT.sortkey = 1;
	i8 = mk(F_SUM, "i1");
	i16 = mk(F_SUM, "i2");
	i32 = mk(F_SUM, "i4");
	i64 = mk(F_SUM, "i8");
	for (i = -2; i <= 2; i++) {
		U(i8, K(KI(i)), i, 1);
		U(i16, K(KI(i)), i, 1);
		U(i32, K(KI(i)), i, 1);
		U(i64, K(KI(i)), i, 1);
	}
	EXIT();
	eq(out(), "\n" "   0                0\n"
	    "   1                1\n"
	    "   2                2\n"
	    " 254               -2\n"
	    " 255               -1\n"
	    "     0                0\n"
	    "     1                1\n"
	    "     2                2\n"
	    " 65534               -2\n"
	    " 65535               -1\n"
	    "        0                0\n"
	    "        1                1\n"
	    "        2                2\n"
	    "       -2               -2\n"
	    "       -1               -1\n"
	    "                0                0\n"
	    "                1                1\n"
	    "                2                2\n"
	    "               -2               -2\n"
	    "               -1               -1\n", __LINE__, "tst.signedkeys");

	/* aggs/tst.signedkeyspos.d: aggsortkey, aggsortkeypos=1, aggsortrev */
	begin();
	OPT.sortkey = 1;
	OPT.sortkeypos = 1;
	OPT.sortrev = 1;
	i8 = mk(F_SUM, "s i1");
	i16 = mk(F_SUM, "s i2");
	i32 = mk(F_SUM, "s i4");
	i64 = mk(F_SUM, "s i8");
	{
		static const char *n8[] = { "cat", "dog", "mouse" };
		static const char *n16[] = { "mouse", "dog", "cat" };
		static const char *n32[] = { "mouse", "bear", "cat" };
		static const char *n64[] = { "cat", "bear", "dog" };
		static const int64_t v[5][3] = {
			{ -2, -22, -222 }, { -1, -11, -111 }, { 0, 10, 100 },
			{ 1, 11, 111 }, { 2, 22, 222 },
		};

		for (i = 0; i < 5; i++) {
			int j;

			for (j = 0; j < 3; j++) {
				U(i8, K(KS(n8[j]), KI(i - 2)), v[i][j], 1);
				U(i16, K(KS(n16[j]), KI(i - 2)), v[i][j], 1);
				U(i32, K(KS(n32[j]), KI(i - 2)), v[i][j], 1);
				U(i64, K(KS(n64[j]), KI(i - 2)), v[i][j], 1);
			}
		}
	}
	EXIT();
	eq(out(), "\n"
	    "  dog                                                              -1             -111\n"
	    "  cat                                                              -1               -1\n"
	    "  bear                                                             -1              -11\n"
	    "  dog                                                              -2             -222\n"
	    "  cat                                                              -2               -2\n"
	    "  bear                                                             -2              -22\n"
	    "  dog                                                               2              222\n"
	    "  cat                                                               2                2\n"
	    "  bear                                                              2               22\n"
	    "  dog                                                               1              111\n"
	    "  cat                                                               1                1\n"
	    "  bear                                                              1               11\n"
	    "  dog                                                               0              100\n"
	    "  cat                                                               0                0\n"
	    "  bear                                                              0               10\n"
	    "  mouse                                                    -1               -1\n"
	    "  cat                                                      -1             -111\n"
	    "  bear                                                     -1              -11\n"
	    "  mouse                                                    -2               -2\n"
	    "  cat                                                      -2             -222\n"
	    "  bear                                                     -2              -22\n"
	    "  mouse                                                     2                2\n"
	    "  cat                                                       2              222\n"
	    "  bear                                                      2               22\n"
	    "  mouse                                                     1                1\n"
	    "  cat                                                       1              111\n"
	    "  bear                                                      1               11\n"
	    "  mouse                                                     0                0\n"
	    "  cat                                                       0              100\n"
	    "  bear                                                      0               10\n"
	    "  mouse                                              65535               -1\n"
	    "  dog                                                65535              -11\n"
	    "  cat                                                65535             -111\n"
	    "  mouse                                              65534               -2\n"
	    "  dog                                                65534              -22\n"
	    "  cat                                                65534             -222\n"
	    "  mouse                                                  2                2\n"
	    "  dog                                                    2               22\n"
	    "  cat                                                    2              222\n"
	    "  mouse                                                  1                1\n"
	    "  dog                                                    1               11\n"
	    "  cat                                                    1              111\n"
	    "  mouse                                                  0                0\n"
	    "  dog                                                    0               10\n"
	    "  cat                                                    0              100\n"
	    "  mouse                                              255             -111\n"
	    "  dog                                                255              -11\n"
	    "  cat                                                255               -1\n"
	    "  mouse                                              254             -222\n"
	    "  dog                                                254              -22\n"
	    "  cat                                                254               -2\n"
	    "  mouse                                                2              222\n"
	    "  dog                                                  2               22\n"
	    "  cat                                                  2                2\n"
	    "  mouse                                                1              111\n"
	    "  dog                                                  1               11\n"
	    "  cat                                                  1                1\n"
	    "  mouse                                                0              100\n"
	    "  dog                                                  0               10\n"
	    "  cat                                                  0                0\n", __LINE__, "tst.signedkeyspos");

	/* aggs/tst.valsortkeypos.d: equal values, keys compared from pos 1 */
	begin();
	OPT.sortkeypos = 1;
	t = mk(F_SUM, "i4 i4");
	U(t, K(KI(1), KI(3)), 0, 1);
	U(t, K(KI(2), KI(2)), 0, 1);
	U(t, K(KI(3), KI(1)), 0, 1);
	EXIT();
	eq(out(), "\n"
	    "        3        1                0\n"
	    "        2        2                0\n"
	    "        1        3                0\n", __LINE__, "tst.valsortkeypos");

	/* aggsortkeypos beyond the last key means position 0 */
	begin();
	OPT.sortkeypos = 5;
	t = mk(F_SUM, "i4 i4");
	U(t, K(KI(1), KI(3)), 0, 1);
	U(t, K(KI(2), KI(2)), 0, 1);
	U(t, K(KI(3), KI(1)), 0, 1);
	EXIT();
	eq(out(), "\n"
	   "        1        3                0\n"
	   "        2        2                0\n"
	   "        3        1                0\n", __LINE__, "aggsortkeypos too large");

	/* aggs/tst.keysort.d: printa() under every sort option */
	begin();
	t = mk(F_SUM, "s i4 i4");
	{
		static const struct { const char *n; int j; } tour[] = {
			{ "Ghent", 0 }, { "Berlin", 1 }, { "London", 2 }, { "Dublin", 2 },
			{ "Shanghai", 3 }, { "Zurich", 4 }, { "Regina", 5 },
			{ "Winnipeg", 5 }, { "Edmonton", 5 }, { "Calgary", 5 },
			{ "Vancouver", 5 }, { "Victoria", 5 }, { "Prague", 6 },
			{ "London", 6 }, { "Brisbane", 7 }, { "Sydney", 7 },
			{ "Melbourne", 7 }, { "Amsterdam", 8 },
		};
		const char *fmt = "%20s %8d %8d %8@d\n";

		for (i = 0; i < N(tour); i++)
			U(t, K(KS(tour[i].n), KI(i), KI(tour[i].j)), 5 - tour[i].j, 1);
		PRINTF("By value:\n");
		PF(fmt, 1, t);
		OPT.sortkey = 1;
		PRINTF("\nBy key, position 0:\n");
		PF(fmt, 1, t);
		OPT.sortkeypos = 1;
		PRINTF("\nBy key, position 1:\n");
		PF(fmt, 1, t);
		OPT.sortkeypos = 2;
		PRINTF("\nBy key, position 2:\n");
		PF(fmt, 1, t);
		OPT.sortkey = 0;
		OPT.sortkeypos = 0;
		OPT.sortrev = 1;
		PRINTF("\nReversed by value:\n");
		PF(fmt, 1, t);
		OPT.sortkey = 1;
		PRINTF("\nReversed by key, position 0:\n");
		PF(fmt, 1, t);
		OPT.sortkeypos = 1;
		PRINTF("\nReversed by key, position 1:\n");
		PF(fmt, 1, t);
		OPT.sortkeypos = 2;
		PRINTF("\nReversed by key, position 2:\n");
		PF(fmt, 1, t);
	}
	EXIT();
	eq(out(), "By value:\n"
	    "           Amsterdam       17        8       -3\n"
	    "            Brisbane       14        7       -2\n"
	    "           Melbourne       16        7       -2\n"
	    "              Sydney       15        7       -2\n"
	    "              London       13        6       -1\n"
	    "              Prague       12        6       -1\n"
	    "             Calgary        9        5        0\n"
	    "            Edmonton        8        5        0\n"
	    "              Regina        6        5        0\n"
	    "           Vancouver       10        5        0\n"
	    "            Victoria       11        5        0\n"
	    "            Winnipeg        7        5        0\n"
	    "              Zurich        5        4        1\n"
	    "            Shanghai        4        3        2\n"
	    "              Dublin        3        2        3\n"
	    "              London        2        2        3\n"
	    "              Berlin        1        1        4\n"
	    "               Ghent        0        0        5\n"
	    "\n"
	    "By key, position 0:\n"
	    "           Amsterdam       17        8       -3\n"
	    "              Berlin        1        1        4\n"
	    "            Brisbane       14        7       -2\n"
	    "             Calgary        9        5        0\n"
	    "              Dublin        3        2        3\n"
	    "            Edmonton        8        5        0\n"
	    "               Ghent        0        0        5\n"
	    "              London        2        2        3\n"
	    "              London       13        6       -1\n"
	    "           Melbourne       16        7       -2\n"
	    "              Prague       12        6       -1\n"
	    "              Regina        6        5        0\n"
	    "            Shanghai        4        3        2\n"
	    "              Sydney       15        7       -2\n"
	    "           Vancouver       10        5        0\n"
	    "            Victoria       11        5        0\n"
	    "            Winnipeg        7        5        0\n"
	    "              Zurich        5        4        1\n"
	    "\n"
	    "By key, position 1:\n"
	    "               Ghent        0        0        5\n"
	    "              Berlin        1        1        4\n"
	    "              London        2        2        3\n"
	    "              Dublin        3        2        3\n"
	    "            Shanghai        4        3        2\n"
	    "              Zurich        5        4        1\n"
	    "              Regina        6        5        0\n"
	    "            Winnipeg        7        5        0\n"
	    "            Edmonton        8        5        0\n"
	    "             Calgary        9        5        0\n"
	    "           Vancouver       10        5        0\n"
	    "            Victoria       11        5        0\n"
	    "              Prague       12        6       -1\n"
	    "              London       13        6       -1\n"
	    "            Brisbane       14        7       -2\n"
	    "              Sydney       15        7       -2\n"
	    "           Melbourne       16        7       -2\n"
	    "           Amsterdam       17        8       -3\n"
	    "\n"
	    "By key, position 2:\n"
	    "               Ghent        0        0        5\n"
	    "              Berlin        1        1        4\n"
	    "              Dublin        3        2        3\n"
	    "              London        2        2        3\n"
	    "            Shanghai        4        3        2\n"
	    "              Zurich        5        4        1\n"
	    "             Calgary        9        5        0\n"
	    "            Edmonton        8        5        0\n"
	    "              Regina        6        5        0\n"
	    "           Vancouver       10        5        0\n"
	    "            Victoria       11        5        0\n"
	    "            Winnipeg        7        5        0\n"
	    "              London       13        6       -1\n"
	    "              Prague       12        6       -1\n"
	    "            Brisbane       14        7       -2\n"
	    "           Melbourne       16        7       -2\n"
	    "              Sydney       15        7       -2\n"
	    "           Amsterdam       17        8       -3\n"
	    "\n"
	    "Reversed by value:\n"
	    "               Ghent        0        0        5\n"
	    "              Berlin        1        1        4\n"
	    "              London        2        2        3\n"
	    "              Dublin        3        2        3\n"
	    "            Shanghai        4        3        2\n"
	    "              Zurich        5        4        1\n"
	    "            Winnipeg        7        5        0\n"
	    "            Victoria       11        5        0\n"
	    "           Vancouver       10        5        0\n"
	    "              Regina        6        5        0\n"
	    "            Edmonton        8        5        0\n"
	    "             Calgary        9        5        0\n"
	    "              Prague       12        6       -1\n"
	    "              London       13        6       -1\n"
	    "              Sydney       15        7       -2\n"
	    "           Melbourne       16        7       -2\n"
	    "            Brisbane       14        7       -2\n"
	    "           Amsterdam       17        8       -3\n"
	    "\n"
	    "Reversed by key, position 0:\n"
	    "              Zurich        5        4        1\n"
	    "            Winnipeg        7        5        0\n"
	    "            Victoria       11        5        0\n"
	    "           Vancouver       10        5        0\n"
	    "              Sydney       15        7       -2\n"
	    "            Shanghai        4        3        2\n"
	    "              Regina        6        5        0\n"
	    "              Prague       12        6       -1\n"
	    "           Melbourne       16        7       -2\n"
	    "              London       13        6       -1\n"
	    "              London        2        2        3\n"
	    "               Ghent        0        0        5\n"
	    "            Edmonton        8        5        0\n"
	    "              Dublin        3        2        3\n"
	    "             Calgary        9        5        0\n"
	    "            Brisbane       14        7       -2\n"
	    "              Berlin        1        1        4\n"
	    "           Amsterdam       17        8       -3\n"
	    "\n"
	    "Reversed by key, position 1:\n"
	    "           Amsterdam       17        8       -3\n"
	    "           Melbourne       16        7       -2\n"
	    "              Sydney       15        7       -2\n"
	    "            Brisbane       14        7       -2\n"
	    "              London       13        6       -1\n"
	    "              Prague       12        6       -1\n"
	    "            Victoria       11        5        0\n"
	    "           Vancouver       10        5        0\n"
	    "             Calgary        9        5        0\n"
	    "            Edmonton        8        5        0\n"
	    "            Winnipeg        7        5        0\n"
	    "              Regina        6        5        0\n"
	    "              Zurich        5        4        1\n"
	    "            Shanghai        4        3        2\n"
	    "              Dublin        3        2        3\n"
	    "              London        2        2        3\n"
	    "              Berlin        1        1        4\n"
	    "               Ghent        0        0        5\n"
	    "\n"
	    "Reversed by key, position 2:\n"
	    "           Amsterdam       17        8       -3\n"
	    "              Sydney       15        7       -2\n"
	    "           Melbourne       16        7       -2\n"
	    "            Brisbane       14        7       -2\n"
	    "              Prague       12        6       -1\n"
	    "              London       13        6       -1\n"
	    "            Winnipeg        7        5        0\n"
	    "            Victoria       11        5        0\n"
	    "           Vancouver       10        5        0\n"
	    "              Regina        6        5        0\n"
	    "            Edmonton        8        5        0\n"
	    "             Calgary        9        5        0\n"
	    "              Zurich        5        4        1\n"
	    "            Shanghai        4        3        2\n"
	    "              London        2        2        3\n"
	    "              Dublin        3        2        3\n"
	    "              Berlin        1        1        4\n"
	    "               Ghent        0        0        5\n"
	    "\n", __LINE__, "tst.keysort");

	/* aggs/tst.order.d: ties broken by the keys */
	begin();
	a = mk(F_SUM, "i4");
	b = mk(F_SUM, "s");
	c = mk(F_SUM, "i4 s");
	d = mk(F_SUM, "i1");
	{
		static const int n[] = { 8, 6, 7, 5, 3, 0, 9 };
		static const char *tour[] = { "Ghent", "Berlin", "London", "Dublin",
			"Shanghai", "Zurich", "Regina", "Winnipeg", "Edmonton", "Calgary" };
		static const char *ate[] = { "Rice", "Oatmeal", "Barley", "Carrots",
			"Sweet potato", "Asparagus", "Squash" };

		for (i = 0; i < N(n); i++)
			U(a, K(KI(n[i])), 1, 1);
		for (i = 0; i < N(tour); i++)
			U(b, K(KS(tour[i])), 1, 1);
		for (i = 0; i < N(ate); i++)
			U(c, K(KI(8), KS(ate[i])), 1, 1);
		U(d, K(KI('a')), 1, 1);
		U(d, K(KI('s')), 1, 1);
		U(d, K(KI('d')), 1, 1);
		U(d, K(KI('f')), 1, 1);
	}
	PF("%d\n", 1, a);
	PRINTF("\n");
	PF("%s\n", 1, b);
	PRINTF("\n");
	PF("%d %s\n", 1, c);
	PRINTF("\n");
	PF("%c\n", 1, d);
	PRINTF("\n");
	EXIT();
	eq(out(), "0\n"
	    "3\n"
	    "5\n"
	    "6\n"
	    "7\n"
	    "8\n"
	    "9\n"
	    "\n"
	    "Berlin\n"
	    "Calgary\n"
	    "Dublin\n"
	    "Edmonton\n"
	    "Ghent\n"
	    "London\n"
	    "Regina\n"
	    "Shanghai\n"
	    "Winnipeg\n"
	    "Zurich\n"
	    "\n"
	    "8 Asparagus\n"
	    "8 Barley\n"
	    "8 Carrots\n"
	    "8 Oatmeal\n"
	    "8 Rice\n"
	    "8 Squash\n"
	    "8 Sweet potato\n"
	    "\n"
	    "a\n"
	    "d\n"
	    "f\n"
	    "s\n"
	    "\n"
	    "\n", __LINE__, "tst.order");

	/* String keys: 50 columns, rawbytes when not a printable string */
	begin();
	t = mk(F_COUNT, "s");
	U(t, K(KS("x")), 0, 1);
	U(t, K(KS("")), 0, 1);
	U(t, K(KS("caf\xc3\xa9")), 0, 1);
	U(t, K(KS("x")), 0, 1);
	U(t, K(KS("x")), 0, 1);
	U(t, K(KS("caf\xc3\xa9")), 0, 1);
	EXIT();
	{
		struct strbuf w;
		unsigned char k1[STRSZ] = { 0 }, k2[STRSZ] = "caf\xc3\xa9";

		sb_init(&w);
		sb_putc(&w, '\n');
		dtf_rawbytes(&w, k1, STRSZ);
		sb_puts(&w, "                1\n");
		dtf_rawbytes(&w, k2, STRSZ);
		sb_puts(&w, "                2\n");
		sb_printf(&w, "  %-50s                3\n", "x");
		eq(out(), w.s, __LINE__, "string keys, empty and not ASCII");
		sb_free(&w);
	}
}

static void t_histograms(void)
{
	struct tagg *a, *b;
	int i;

	/* aggs/tst.quantize.d, tst.lquantize.d */
	begin();
	a = mk(F_QUANTIZE, "i4");
	for (i = 0; i < 1000; i += 100)
		U(a, K(KI(i)), i, 1);
	EXIT();
	eq(out(), "\n"
	    "        0\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "      100\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              32 |                                         0        \n"
	    "              64 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             128 |                                         0        \n"
	    "\n"
	    "      200\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              64 |                                         0        \n"
	    "             128 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             256 |                                         0        \n"
	    "\n"
	    "      300\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             128 |                                         0        \n"
	    "             256 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             512 |                                         0        \n"
	    "\n"
	    "      400\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             128 |                                         0        \n"
	    "             256 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             512 |                                         0        \n"
	    "\n"
	    "      500\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             128 |                                         0        \n"
	    "             256 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             512 |                                         0        \n"
	    "\n"
	    "      600\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             256 |                                         0        \n"
	    "             512 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "            1024 |                                         0        \n"
	    "\n"
	    "      700\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             256 |                                         0        \n"
	    "             512 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "            1024 |                                         0        \n"
	    "\n"
	    "      800\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             256 |                                         0        \n"
	    "             512 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "            1024 |                                         0        \n"
	    "\n"
	    "      900\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             256 |                                         0        \n"
	    "             512 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "            1024 |                                         0        \n"
	    "\n", __LINE__, "tst.quantize");

	begin();
	a = mklq("i4", -100, 1100, 100);
	for (i = 0; i < 1000; i += 100)
		U(a, K(KI(i)), i, 1);
	EXIT();
	eq(out(), "\n"
	    "        0\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "            -100 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             100 |                                         0        \n"
	    "\n"
	    "      100\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "             100 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             200 |                                         0        \n"
	    "\n"
	    "      200\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             100 |                                         0        \n"
	    "             200 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             300 |                                         0        \n"
	    "\n"
	    "      300\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             200 |                                         0        \n"
	    "             300 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             400 |                                         0        \n"
	    "\n"
	    "      400\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             300 |                                         0        \n"
	    "             400 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             500 |                                         0        \n"
	    "\n"
	    "      500\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             400 |                                         0        \n"
	    "             500 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             600 |                                         0        \n"
	    "\n"
	    "      600\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             500 |                                         0        \n"
	    "             600 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             700 |                                         0        \n"
	    "\n"
	    "      700\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             600 |                                         0        \n"
	    "             700 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             800 |                                         0        \n"
	    "\n"
	    "      800\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             700 |                                         0        \n"
	    "             800 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "             900 |                                         0        \n"
	    "\n"
	    "      900\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             800 |                                         0        \n"
	    "             900 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "            1000 |                                         0        \n"
	    "\n", __LINE__, "tst.lquantize");

	/* aggs/tst.quantlast.d: the last bucket, no row after it */
	begin();
	a = mk(F_QUANTIZE, "");
	U(a, NULL, 0x4000000000000000LL, 1234);
	EXIT();
	eq(out(), "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "2305843009213693952 |                                         0        \n"
	    "4611686018427387904 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1234     \n"
	    "\n", __LINE__, "tst.quantlast");

	/* aggs/tst.{quant,lquant,llquant}round.d: bar rounding */
	begin();
	a = mk(F_QUANTIZE, "");
	for (i = 0; i < 2; i++)
		U(a, NULL, 0, 1);
	for (i = 0; i < 6; i++)
		U(a, NULL, 1, 1);
	for (i = 0; i < 19; i++)
		U(a, NULL, 2, 1);
	EXIT();
	eq(out(), "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@                                      2        \n"
	    "               1 |@@@@@@@@@                                6        \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@             19       \n"
	    "               4 |                                         0        \n"
	    "\n", __LINE__, "tst.quantround");

	begin();
	a = mklq("", 0, 4, 1);
	for (i = 0; i < 2; i++)
		U(a, NULL, 0, 1);
	for (i = 0; i < 6; i++)
		U(a, NULL, 1, 1);
	for (i = 0; i < 19; i++)
		U(a, NULL, 2, 1);
	EXIT();
	eq(out(), "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             < 0 |                                         0        \n"
	    "               0 |@@@                                      2        \n"
	    "               1 |@@@@@@@@@                                6        \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@             19       \n"
	    "               3 |                                         0        \n"
	    "\n", __LINE__, "tst.lquantround");

	begin();
	a = mkllq("", 10, 0, 2, 20);
	for (i = 0; i < 2; i++)
		U(a, NULL, 0, 1);
	for (i = 0; i < 6; i++)
		U(a, NULL, 1, 1);
	for (i = 0; i < 19; i++)
		U(a, NULL, 2, 1);
	EXIT();
	eq(out(), "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@                                      2        \n"
	    "               1 |@@@@@@@@@                                6        \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@             19       \n"
	    "               3 |                                         0        \n"
	    "\n", __LINE__, "tst.llquantround");

	/* aggs/tst.negquant.d, tst.neglquant.d: negative and huge weights */
	for (i = 0; i < 2; i++) {
		struct tagg *t;
		int64_t v;
		int j;

		begin();
		t = i == 0 ? mk(F_QUANTIZE, "s") : mklq("s", 0, 10, 1);
		U(t, K(KS("j-church")), 1, 100);
		U(t, K(KS("j-church")), 1, -99);
		U(t, K(KS("j-church")), 1, -1);
		U(t, K(KS("k-ingleside")), 1, -123);
		U(t, K(KS("l-taraval")), 0, -123);
		U(t, K(KS("l-taraval")), -1, -123);
		U(t, K(KS("l-taraval")), 1, 123);
		U(t, K(KS("l-taraval")), 1, 123);
		U(t, K(KS("m-oceanview")), 1, INT64_MAX);
		U(t, K(KS("m-oceanview")), 1, 1);
		U(t, K(KS("m-oceanview")), 2, INT64_MAX);
		U(t, K(KS("m-oceanview")), 8, 400000);
		U(t, K(KS("n-judah")), 1, 123);
		U(t, K(KS("n-judah")), 2, 123);
		U(t, K(KS("n-judah")), 2, 123);
		U(t, K(KS("n-judah")), 2, 1);
		if (i == 0) {
			for (j = 0, v = INT64_MAX; j < 4; j++, v >>= 1)
				U(t, K(KS("f-market")), (int64_t)1 << j, v);
			for (j = 0, v = INT64_MAX - 3; j < 4; j++, v >>= 1)
				U(t, K(KS("s-castro")), (int64_t)1 << j, v);
		} else {
			for (j = 1, v = INT64_MAX; j <= 7; j++, v = INT64_MAX / j)
				U(t, K(KS("f-market")), j, v);
			for (j = 1, v = INT64_MAX - 6; j <= 7; j++, v = INT64_MAX / j)
				U(t, K(KS("s-castro")), j, v);
		}
		EXIT();
		if (i == 0)
			eq(out(), "\n"
	    "  k-ingleside                                       \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0                                         | 0        \n"
	    "               1 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -123     \n"
	    "               2                                         | 0        \n"
	    "\n"
	    "  j-church                                          \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "  l-taraval                                         \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -2                     |                     0        \n"
	    "              -1                @@@@@|                     -123     \n"
	    "               0                @@@@@|                     -123     \n"
	    "               1                     |@@@@@@@@@@           246      \n"
	    "               2                     |                     0        \n"
	    "\n"
	    "  n-judah                                           \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@                            123      \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@              247      \n"
	    "               4 |                                         0        \n"
	    "\n"
	    "  m-oceanview                                       \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0                     |                     0        \n"
	    "               1           @@@@@@@@@@|                     -9223372036854775808\n"
	    "               2                     |@@@@@@@@@@           9223372036854775807\n"
	    "               4                     |                     0        \n"
	    "               8                     |                     400000   \n"
	    "              16                     |                     0        \n"
	    "\n"
	    "  s-castro                                          \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@@@@@@@                    9223372036854775804\n"
	    "               2 |@@@@@@@@@@@                              4611686018427387902\n"
	    "               4 |@@@@@                                    2305843009213693951\n"
	    "               8 |@@@                                      1152921504606846975\n"
	    "              16 |                                         0        \n"
	    "\n"
	    "  f-market                                          \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@@@@@@@                    9223372036854775807\n"
	    "               2 |@@@@@@@@@@@                              4611686018427387903\n"
	    "               4 |@@@@@                                    2305843009213693951\n"
	    "               8 |@@@                                      1152921504606846975\n"
	    "              16 |                                         0        \n"
	    "\n", __LINE__, "tst.negquant");
		else
			eq(out(), "\n"
	    "  k-ingleside                                       \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0                                         | 0        \n"
	    "               1 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -123     \n"
	    "               2                                         | 0        \n"
	    "\n"
	    "  j-church                                          \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             < 0 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "  l-taraval                                         \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             < 0                @@@@@|                     -123     \n"
	    "               0                @@@@@|                     -123     \n"
	    "               1                     |@@@@@@@@@@           246      \n"
	    "               2                     |                     0        \n"
	    "\n"
	    "  n-judah                                           \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@                            123      \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@              247      \n"
	    "               3 |                                         0        \n"
	    "\n"
	    "  m-oceanview                                       \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0                     |                     0        \n"
	    "               1           @@@@@@@@@@|                     -9223372036854775808\n"
	    "               2                     |@@@@@@@@@@           9223372036854775807\n"
	    "               3                     |                     0        \n"
	    "               4                     |                     0        \n"
	    "               5                     |                     0        \n"
	    "               6                     |                     0        \n"
	    "               7                     |                     0        \n"
	    "               8                     |                     400000   \n"
	    "               9                     |                     0        \n"
	    "\n"
	    "  s-castro                                          \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@                          9223372036854775801\n"
	    "               2 |@@@@@@@@                                 4611686018427387903\n"
	    "               3 |@@@@@                                    3074457345618258602\n"
	    "               4 |@@@@                                     2305843009213693951\n"
	    "               5 |@@@                                      1844674407370955161\n"
	    "               6 |@@@                                      1537228672809129301\n"
	    "               7 |@@                                       1317624576693539401\n"
	    "               8 |                                         0        \n"
	    "\n"
	    "  f-market                                          \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@                          9223372036854775807\n"
	    "               2 |@@@@@@@@                                 4611686018427387903\n"
	    "               3 |@@@@@                                    3074457345618258602\n"
	    "               4 |@@@@                                     2305843009213693951\n"
	    "               5 |@@@                                      1844674407370955161\n"
	    "               6 |@@@                                      1537228672809129301\n"
	    "               7 |@@                                       1317624576693539401\n"
	    "               8 |                                         0        \n"
	    "\n", __LINE__, "tst.neglquant");
	}

	/* aggs/tst.quantzero.d: only negative weights, all at zero */
	begin();
	a = mk(F_QUANTIZE, "i8");
	{
		int64_t A = 7, B = 13, val = -A * B + A, incr, n = 0;

		for (;;) {
			incr = val % B;
			val += A;
			if (val == 0)
				val += A;
			if (incr != 0) {
				n++;
				U(a, K(KI(n)), 0, incr);
			} else {
				PA(a);
				break;
			}
		}
	}
	EXIT();
	eq(out(), "\n"
	    "                2\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -12      \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "                4\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -11      \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "                6\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -10      \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "                8\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -9       \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "               10\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -8       \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "               12\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -7       \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "                1\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -6       \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "                3\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -5       \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "                5\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -4       \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "                7\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -3       \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "                9\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -2       \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "               11\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                                         | 0        \n"
	    "               0 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -1       \n"
	    "               1                                         | 0        \n"
	    "\n"
	    "               14\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               16\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 2        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               18\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 3        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               20\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 4        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               22\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 5        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               24\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 6        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               13\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 7        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               15\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 8        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               17\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 9        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               19\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 10       \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               21\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 11       \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "               23\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 12       \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "\n", __LINE__, "tst.quantzero");

	/* aggs/tst.llquantize_basic.d */
	begin();
	{
		static const int64_t va[] = { -20, -16, -12, -8, -6, -5, -4, -3, -2, -1, 0,
			1, 2, 3, 4, 5, 6, 8, 12, 16, 20 };
		static const int64_t vd[][2] = {
			{ -65536, 2 }, { -16384, 4 }, { -16384 + 1, 8 },
			{ -4096 - 11 * 512, 16 }, { -4096 - 11 * 512 + 1, 32 },
			{ -4096 - 10 * 512, 64 }, { -4096 - 10 * 512 + 1, 128 },
			{ -4096 - 9 * 512, 256 }, { -4096 - 9 * 512 + 1, 512 },
			{ -4096 - 8 * 512, 1024 }, { -4096 - 8 * 512 + 1, 1024 },
			{ -4096 - 1 * 512 - 2, 2048 }, { -4096 - 1 * 512 - 1, 4096 },
			{ -1024 - 12 * 128, 2048 }, { -1024 - 12 * 128 + 1, 4096 },
			{ -1024, 2048 }, { -256 - 3 * 32, 1024 }, { -256 - 3 * 32 + 1, 512 },
			{ -256, 256 }, { -256 + 1, 128 }, { 256 - 1, 2 }, { 256, 256 },
			{ 256 + 3 * 32 - 1, 512 }, { 256 + 3 * 32, 1024 }, { 1024, 2048 },
			{ 1024 + 12 * 128 - 1, 4096 }, { 1024 + 12 * 128, 2048 },
			{ 4096 + 1 * 512 + 1, 4096 }, { 4096 + 1 * 512 + 2, 2048 },
			{ 4096 + 8 * 512 - 1, 1024 }, { 4096 + 8 * 512, 1024 },
			{ 4096 + 9 * 512 - 1, 512 }, { 4096 + 9 * 512, 256 },
			{ 4096 + 10 * 512 - 1, 128 }, { 4096 + 10 * 512, 64 },
			{ 4096 + 11 * 512 - 1, 32 }, { 4096 + 11 * 512, 16 },
			{ 16384 - 1, 8 }, { 16384, 4 }, { 65536, 2 },
		};
		struct tagg *bA = mkllq("", 4, 0, 1, 2), *bB = mkllq("", 4, 0, 1, 4);
		struct tagg *bC = mkllq("", 4, 0, 1, 8), *bD = mkllq("", 4, 4, 6, 32);
		struct tagg *zero = mkllq("", 2, 0, 1, 2), *zeroB = mkllq("", 2, 0, 1, 4);
		struct tagg *pos = mkllq("", 2, 0, 1, 2), *neg = mkllq("", 2, 0, 1, 2);
		struct tagg *all = mkllq("", 2, 0, 1, 2);
		struct tagg *srA = mkllq("", 4, 0, 0, 4), *srB = mkllq("", 4, 0, 0, 8);
		struct tagg *slog = mkllq("", 10, 0, 3, 1), *shift = mkllq("", 2, 0, 1, 2);
		struct tagg *ghost = mkllq("", 2, 0, 1, 4);
		int64_t p;

		for (i = 0; i < N(va); i++) {
			U(bA, NULL, va[i], 100 + va[i]);
			U(bB, NULL, va[i], 100 + va[i]);
			U(bC, NULL, va[i], 100 + va[i]);
		}
		for (i = 0; i < N(vd); i++)
			U(bD, NULL, vd[i][0], vd[i][1]);
		U(zero, NULL, 0, 1);
		U(zero, NULL, 0, -1);
		U(zeroB, NULL, 0, 1);
		U(zeroB, NULL, 0, -1);
		U(pos, NULL, 1, 1);
		U(neg, NULL, 2, -1);
		U(all, NULL, 1, 1);
		U(all, NULL, 2, -1);
		for (i = -4; i <= 4; i++) {
			U(srA, NULL, i, 100 + i);
			U(srB, NULL, i, 100 + i);
		}
		for (i = 0, p = -100000; i < 13; i++) {
			U(slog, NULL, p, 100108 + 100 * i);
			p = p < 0 ? (p == -1 ? 0 : p / 10) : (p == 0 ? 1 : p * 10);
		}
		U(shift, NULL, -3, 1);
		U(shift, NULL, 3, 1);
		U(ghost, NULL, -1, 1);
		U(ghost, NULL, 1, 1);

		PRINTF("basicA (steps<factor)\n");
		PA(bA);
		PRINTF("basicB (steps==factor)\n");
		PA(bB);
		PRINTF("basicC (steps>factor)\n");
		PA(bC);
		PRINTF("basicD (steps>factor and bigger lmag)\n");
		PA(bD);
		PRINTF("zero\n");
		PA(zero);
		PRINTF("zeroB (lmag==0 && steps>factor)\n");
		PA(zeroB);
		PRINTF("posvals\n");
		PA(pos);
		PRINTF("negvals\n");
		PA(neg);
		PRINTF("allvals\n");
		PA(all);
		PRINTF("singlerangeA\n");
		PA(srA);
		PRINTF("singlerangeB\n");
		PA(srB);
		PRINTF("straightlog\n");
		PA(slog);
		PRINTF("shift\n");
		PA(shift);
		PRINTF("ghostbin (lmag==0 && steps>factor); check ghost-bin problem\n");
		PA(ghost);
	}
	EXIT();
	eq(out(), "basicA (steps<factor)\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "          <= -16 |@@@                                      164      \n"
	    "              -8 |@@@                                      180      \n"
	    "              -4 |@@@@@                                    285      \n"
	    "              -2 |@@@@                                     195      \n"
	    "              -1 |@@                                       99       \n"
	    "               0 |@@                                       100      \n"
	    "               1 |@@                                       101      \n"
	    "               2 |@@@@                                     205      \n"
	    "               4 |@@@@@@                                   315      \n"
	    "               8 |@@@@                                     220      \n"
	    "           >= 16 |@@@@                                     236      \n"
	    "\n"
	    "basicB (steps==factor)\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "          <= -16 |@@@                                      164      \n"
	    "             -12 |@@                                       88       \n"
	    "              -8 |@@                                       92       \n"
	    "              -4 |@@@@@                                    285      \n"
	    "              -3 |@@                                       97       \n"
	    "              -2 |@@                                       98       \n"
	    "              -1 |@@                                       99       \n"
	    "               0 |@@                                       100      \n"
	    "               1 |@@                                       101      \n"
	    "               2 |@@                                       102      \n"
	    "               3 |@@                                       103      \n"
	    "               4 |@@@@@@                                   315      \n"
	    "               8 |@@                                       108      \n"
	    "              12 |@@                                       112      \n"
	    "           >= 16 |@@@@                                     236      \n"
	    "\n"
	    "basicC (steps>factor)\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "          <= -16 |@@@                                      164      \n"
	    "             -14 |                                         0        \n"
	    "             -12 |@@                                       88       \n"
	    "             -10 |                                         0        \n"
	    "              -8 |@@                                       92       \n"
	    "              -6 |@@                                       94       \n"
	    "              -4 |@@@@                                     191      \n"
	    "              -3 |@@                                       97       \n"
	    "              -2 |@@                                       98       \n"
	    "              -1 |@@                                       99       \n"
	    "               0 |@@                                       100      \n"
	    "               1 |@@                                       101      \n"
	    "               2 |@@                                       102      \n"
	    "               3 |@@                                       103      \n"
	    "               4 |@@@@                                     209      \n"
	    "               6 |@@                                       106      \n"
	    "               8 |@@                                       108      \n"
	    "              10 |                                         0        \n"
	    "              12 |@@                                       112      \n"
	    "              14 |                                         0        \n"
	    "           >= 16 |@@@@                                     236      \n"
	    "\n"
	    "basicD (steps>factor and bigger lmag)\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "       <= -16384 |                                         6        \n"
	    "          -15872 |                                         8        \n"
	    "          -15360 |                                         0        \n"
	    "          -14848 |                                         0        \n"
	    "          -14336 |                                         0        \n"
	    "          -13824 |                                         0        \n"
	    "          -13312 |                                         0        \n"
	    "          -12800 |                                         0        \n"
	    "          -12288 |                                         0        \n"
	    "          -11776 |                                         0        \n"
	    "          -11264 |                                         0        \n"
	    "          -10752 |                                         0        \n"
	    "          -10240 |                                         0        \n"
	    "           -9728 |                                         16       \n"
	    "           -9216 |                                         96       \n"
	    "           -8704 |                                         384      \n"
	    "           -8192 |@@                                       1536     \n"
	    "           -7680 |@                                        1024     \n"
	    "           -7168 |                                         0        \n"
	    "           -6656 |                                         0        \n"
	    "           -6144 |                                         0        \n"
	    "           -5632 |                                         0        \n"
	    "           -5120 |                                         0        \n"
	    "           -4608 |@@@@@@                                   6144     \n"
	    "           -4096 |                                         0        \n"
	    "           -3968 |                                         0        \n"
	    "           -3840 |                                         0        \n"
	    "           -3712 |                                         0        \n"
	    "           -3584 |                                         0        \n"
	    "           -3456 |                                         0        \n"
	    "           -3328 |                                         0        \n"
	    "           -3200 |                                         0        \n"
	    "           -3072 |                                         0        \n"
	    "           -2944 |                                         0        \n"
	    "           -2816 |                                         0        \n"
	    "           -2688 |                                         0        \n"
	    "           -2560 |@@                                       2048     \n"
	    "           -2432 |@@@@                                     4096     \n"
	    "           -2304 |                                         0        \n"
	    "           -2176 |                                         0        \n"
	    "           -2048 |                                         0        \n"
	    "           -1920 |                                         0        \n"
	    "           -1792 |                                         0        \n"
	    "           -1664 |                                         0        \n"
	    "           -1536 |                                         0        \n"
	    "           -1408 |                                         0        \n"
	    "           -1280 |                                         0        \n"
	    "           -1152 |                                         0        \n"
	    "           -1024 |@@                                       2048     \n"
	    "            -992 |                                         0        \n"
	    "            -960 |                                         0        \n"
	    "            -928 |                                         0        \n"
	    "            -896 |                                         0        \n"
	    "            -864 |                                         0        \n"
	    "            -832 |                                         0        \n"
	    "            -800 |                                         0        \n"
	    "            -768 |                                         0        \n"
	    "            -736 |                                         0        \n"
	    "            -704 |                                         0        \n"
	    "            -672 |                                         0        \n"
	    "            -640 |                                         0        \n"
	    "            -608 |                                         0        \n"
	    "            -576 |                                         0        \n"
	    "            -544 |                                         0        \n"
	    "            -512 |                                         0        \n"
	    "            -480 |                                         0        \n"
	    "            -448 |                                         0        \n"
	    "            -416 |                                         0        \n"
	    "            -384 |                                         0        \n"
	    "            -352 |@                                        1024     \n"
	    "            -320 |@                                        512      \n"
	    "            -288 |                                         0        \n"
	    "            -256 |                                         256      \n"
	    "     abs() < 256 |                                         130      \n"
	    "             256 |                                         256      \n"
	    "             288 |                                         0        \n"
	    "             320 |@                                        512      \n"
	    "             352 |@                                        1024     \n"
	    "             384 |                                         0        \n"
	    "             416 |                                         0        \n"
	    "             448 |                                         0        \n"
	    "             480 |                                         0        \n"
	    "             512 |                                         0        \n"
	    "             544 |                                         0        \n"
	    "             576 |                                         0        \n"
	    "             608 |                                         0        \n"
	    "             640 |                                         0        \n"
	    "             672 |                                         0        \n"
	    "             704 |                                         0        \n"
	    "             736 |                                         0        \n"
	    "             768 |                                         0        \n"
	    "             800 |                                         0        \n"
	    "             832 |                                         0        \n"
	    "             864 |                                         0        \n"
	    "             896 |                                         0        \n"
	    "             928 |                                         0        \n"
	    "             960 |                                         0        \n"
	    "             992 |                                         0        \n"
	    "            1024 |@@                                       2048     \n"
	    "            1152 |                                         0        \n"
	    "            1280 |                                         0        \n"
	    "            1408 |                                         0        \n"
	    "            1536 |                                         0        \n"
	    "            1664 |                                         0        \n"
	    "            1792 |                                         0        \n"
	    "            1920 |                                         0        \n"
	    "            2048 |                                         0        \n"
	    "            2176 |                                         0        \n"
	    "            2304 |                                         0        \n"
	    "            2432 |@@@@                                     4096     \n"
	    "            2560 |@@                                       2048     \n"
	    "            2688 |                                         0        \n"
	    "            2816 |                                         0        \n"
	    "            2944 |                                         0        \n"
	    "            3072 |                                         0        \n"
	    "            3200 |                                         0        \n"
	    "            3328 |                                         0        \n"
	    "            3456 |                                         0        \n"
	    "            3584 |                                         0        \n"
	    "            3712 |                                         0        \n"
	    "            3840 |                                         0        \n"
	    "            3968 |                                         0        \n"
	    "            4096 |                                         0        \n"
	    "            4608 |@@@@@@                                   6144     \n"
	    "            5120 |                                         0        \n"
	    "            5632 |                                         0        \n"
	    "            6144 |                                         0        \n"
	    "            6656 |                                         0        \n"
	    "            7168 |                                         0        \n"
	    "            7680 |@                                        1024     \n"
	    "            8192 |@@                                       1536     \n"
	    "            8704 |                                         384      \n"
	    "            9216 |                                         96       \n"
	    "            9728 |                                         16       \n"
	    "           10240 |                                         0        \n"
	    "           10752 |                                         0        \n"
	    "           11264 |                                         0        \n"
	    "           11776 |                                         0        \n"
	    "           12288 |                                         0        \n"
	    "           12800 |                                         0        \n"
	    "           13312 |                                         0        \n"
	    "           13824 |                                         0        \n"
	    "           14336 |                                         0        \n"
	    "           14848 |                                         0        \n"
	    "           15360 |                                         0        \n"
	    "           15872 |                                         8        \n"
	    "        >= 16384 |                                         6        \n"
	    "\n"
	    "zero\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "               2 |                                         0        \n"
	    "\n"
	    "zeroB (lmag==0 && steps>factor)\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "               2 |                                         0        \n"
	    "\n"
	    "posvals\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               2 |                                         0        \n"
	    "\n"
	    "negvals\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               1                                         | 0        \n"
	    "               2 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -1       \n"
	    "            >= 4                                         | 0        \n"
	    "\n"
	    "allvals\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0                     |                     0        \n"
	    "               1                     |@@@@@@@@@@           1        \n"
	    "               2           @@@@@@@@@@|                     -1       \n"
	    "            >= 4                     |                     0        \n"
	    "\n"
	    "singlerangeA\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           <= -4 |@@@@                                     96       \n"
	    "              -3 |@@@@                                     97       \n"
	    "              -2 |@@@@                                     98       \n"
	    "              -1 |@@@@                                     99       \n"
	    "               0 |@@@@                                     100      \n"
	    "               1 |@@@@                                     101      \n"
	    "               2 |@@@@@                                    102      \n"
	    "               3 |@@@@@                                    103      \n"
	    "            >= 4 |@@@@@                                    104      \n"
	    "\n"
	    "singlerangeB\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           <= -4 |@@@@                                     96       \n"
	    "              -3 |@@@@                                     97       \n"
	    "              -2 |@@@@                                     98       \n"
	    "              -1 |@@@@                                     99       \n"
	    "               0 |@@@@                                     100      \n"
	    "               1 |@@@@                                     101      \n"
	    "               2 |@@@@@                                    102      \n"
	    "               3 |@@@@@                                    103      \n"
	    "            >= 4 |@@@@@                                    104      \n"
	    "\n"
	    "straightlog\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "       <= -10000 |@@@@@@                                   200316   \n"
	    "           -1000 |@@@                                      100308   \n"
	    "            -100 |@@@                                      100408   \n"
	    "             -10 |@@@                                      100508   \n"
	    "              -1 |@@@                                      100608   \n"
	    "               0 |@@@                                      100708   \n"
	    "               1 |@@@                                      100808   \n"
	    "              10 |@@@                                      100908   \n"
	    "             100 |@@@                                      101008   \n"
	    "            1000 |@@@                                      101108   \n"
	    "        >= 10000 |@@@@@@                                   202516   \n"
	    "\n"
	    "shift\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           <= -4 |                                         0        \n"
	    "              -2 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
	    "            >= 4 |                                         0        \n"
	    "\n"
	    "ghostbin (lmag==0 && steps>factor); check ghost-bin problem\n"
	    "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -2 |                                         0        \n"
	    "              -1 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
	    "               2 |                                         0        \n"
	    "\n"
	    "\n", __LINE__, "tst.llquantize_basic");

	/* aggs/tst.llquantize_sort.d */
	begin();
	a = mkllq("s", 2, 0, 1, 2);
	b = mkllq("s", 2, 0, 1, 4);
	{
		static const struct { const char *k; int64_t v, w; } d[] = {
			{ "r", 2, 1 }, { "z", -4, 1 }, { "v", 0, 1 }, { "x", -2, 1 },
			{ "q", 3, 1 }, { "u", 0, 2 }, { "y", -3, 1 }, { "t", 0, 2 },
			{ "p", 4, 1 }, { "w", -1, 1 }, { "s", 1, 1 },
		};

		for (i = 0; i < N(d); i++) {
			U(a, K(KS(d[i].k)), d[i].v, d[i].w);
			U(b, K(KS(d[i].k)), d[i].v, d[i].w);
		}
	}
	PRINTF("normal\n");
	PA(a);
	PRINTF("tricky\n");
	PA(b);
	EXIT();
	eq(out(), "normal\n"
	    "\n"
	    "  z                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           <= -4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "              -2 |                                         0        \n"
	    "\n"
	    "  x                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           <= -4 |                                         0        \n"
	    "              -2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "              -1 |                                         0        \n"
	    "\n"
	    "  y                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           <= -4 |                                         0        \n"
	    "              -2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "              -1 |                                         0        \n"
	    "\n"
	    "  w                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -2 |                                         0        \n"
	    "              -1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               0 |                                         0        \n"
	    "\n"
	    "  v                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "  t                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 2        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "  u                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 2        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "  s                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               2 |                                         0        \n"
	    "\n"
	    "  q                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               1 |                                         0        \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "            >= 4 |                                         0        \n"
	    "\n"
	    "  r                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               1 |                                         0        \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "            >= 4 |                                         0        \n"
	    "\n"
	    "  p                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               2 |                                         0        \n"
	    "            >= 4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "\n"
	    "tricky\n"
	    "\n"
	    "  z                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           <= -4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "              -3 |                                         0        \n"
	    "\n"
	    "  y                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           <= -4 |                                         0        \n"
	    "              -3 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "              -2 |                                         0        \n"
	    "\n"
	    "  x                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -3 |                                         0        \n"
	    "              -2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "              -1 |                                         0        \n"
	    "\n"
	    "  w                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -2 |                                         0        \n"
	    "              -1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               0 |                                         0        \n"
	    "\n"
	    "  v                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "  t                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 2        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "  u                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 2        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "  s                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               2 |                                         0        \n"
	    "\n"
	    "  r                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               1 |                                         0        \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               3 |                                         0        \n"
	    "\n"
	    "  q                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               2 |                                         0        \n"
	    "               3 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "            >= 4 |                                         0        \n"
	    "\n"
	    "  p                                                 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               3 |                                         0        \n"
	    "            >= 4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "\n"
	    "\n", __LINE__, "tst.llquantize_sort");

	/* aggs/tst.llquantsortzero.d */
	begin();
	a = mkllq("s", 10, 0, 2, 20);
	U(a, K(KS("Alfalfa")), 0, 25);
	U(a, K(KS("Buckwheat")), 0, -25);
	U(a, K(KS("Alfalfa")), 2, 100);
	U(a, K(KS("Buckwheat")), 4, 50);
	PA(a);
	EXIT();
	eq(out(), "\n"
	    "  Buckwheat                                         \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1                     |                     0        \n"
	    "               0              @@@@@@@|                     -25      \n"
	    "               1                     |                     0        \n"
	    "               2                     |                     0        \n"
	    "               3                     |                     0        \n"
	    "               4                     |@@@@@@@@@@@@@        50       \n"
	    "               5                     |                     0        \n"
	    "\n"
	    "  Alfalfa                                           \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |@@@@@@@@                                 25       \n"
	    "               1 |                                         0        \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@         100      \n"
	    "               3 |                                         0        \n"
	    "\n"
	    "\n", __LINE__, "tst.llquantsortzero");
}

static void t_normalize(void)
{
	struct tagg *a, *b;
	int i;

	/* aggs/tst.normalize.d, tst.normalize_multiple_times.d */
	begin();
	a = mk(F_SUM, "");
	b = mk(F_SUM, "");
	for (i = 0; i < 20; i++) {
		U(a, NULL, i * 100, 1);
		U(b, NULL, i * 100, 1);
	}
	a->a.normal = 2;
	a->a.normal = 5;
	EXIT();
	eq(out(), "\n"
	    "             3800\n"
	    "            19000\n", __LINE__, "tst.normalize");

	/* aggs/tst.denormalize.d */
	a->a.normal = 1;
	sb_free(&OUT);
	sb_init(&OUT);
	EXIT();
	eq(out(), "\n"
	    "            19000\n"
	    "            19000\n", __LINE__, "tst.denormalize");

	/* aggs/tst.denormalizeonly.d */
	begin();
	a = mk(F_SUM, "i4");
	for (i = 0; i < 20; i++)
		U(a, K(KI(i % 5)), i * 100, 1);
	PRINTF("denormalized:");
	a->a.normal = 1;
	EXIT();
	eq(out(), "denormalized:\n"
	    "        0             3000\n"
	    "        1             3400\n"
	    "        2             3800\n"
	    "        3             4200\n"
	    "        4             4600\n", __LINE__, "tst.denormalizeonly");

	/* aggs/tst.multinormalize.d */
	begin();
	a = mk(F_SUM, "i4");
	b = mk(F_SUM, "i4");
	for (i = 0; i < 20; i++) {
		U(a, K(KI(i % 5)), i * 100, 1);
		U(b, K(KI(i % 5 + 1)), i * 200, 1);
	}
	PRINTF("normalized data #1:\n");
	a->a.normal = 5;
	PA(a);
	PRINTF("\nnormalized data #2:\n");
	b->a.normal = 5;
	EXIT();
	eq(out(), "normalized data #1:\n"
	    "\n"
	    "        0              600\n"
	    "        1              680\n"
	    "        2              760\n"
	    "        3              840\n"
	    "        4              920\n"
	    "\n"
	    "normalized data #2:\n"
	    "\n"
	    "        1             1200\n"
	    "        2             1360\n"
	    "        3             1520\n"
	    "        4             1680\n"
	    "        5             1840\n", __LINE__, "tst.multinormalize");

	/* aggs/tst.lquantnormal.d: counts divided, bars from the raw counts */
	begin();
	a = mklq("", 0, 10, 1);
	for (i = 1; i <= 10; i++) {
		int j;

		for (j = 0; j < 5; j++)
			U(a, NULL, i, 1);
	}
	a->a.normal = 5;
	PA(a);
	EXIT();
	eq(out(), "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@                                     1        \n"
	    "               2 |@@@@                                     1        \n"
	    "               3 |@@@@                                     1        \n"
	    "               4 |@@@@                                     1        \n"
	    "               5 |@@@@                                     1        \n"
	    "               6 |@@@@                                     1        \n"
	    "               7 |@@@@                                     1        \n"
	    "               8 |@@@@                                     1        \n"
	    "               9 |@@@@                                     1        \n"
	    "           >= 10 |@@@@                                     1        \n"
	    "\n"
	    "\n", __LINE__, "tst.lquantnormal");

	/* avg() and stddev() normalized; printa()'s %@ of them */
	begin();
	a = mk(F_AVG, "");
	b = mk(F_STDDEV, "");
	for (i = 1; i <= 4; i++) {
		U(a, NULL, 1000 * i, 1);
		U(b, NULL, 1000 * i, 1);
	}
	a->a.normal = 10;
	b->a.normal = 10;
	PF("%@d %@d\n", 1, a);
	PF("%@d\n", 1, b);
	EXIT();
	/* avg 10000/10/4; stddev: sqrt(30000000/10/4 - 250^2) (Oracle's formula) */
	eq(out(), "250 250\n829\n\n", __LINE__,
	   "normalized avg and stddev");
}

static void t_printa(void)
{
	struct tagg *a, *b, *c, *d, *e, *f, *g, *h, *k;
	int i;

	/* printa/tst.basics.d */
	begin();
	a = mk(F_AVG, "");
	b = mk(F_COUNT, "");
	c = mklq("", 1, 10, 1);
	d = mk(F_MAX, "");
	e = mk(F_MIN, "");
	f = mk(F_SUM, "");
	g = mk(F_QUANTIZE, "");
	h = mkllq("", 10, 0, 5, 5);
	k = mk(F_STDDEV, "");
	U(a, NULL, 1, 1);
	U(b, NULL, 0, 1);
	U(c, NULL, 1, 1);
	U(d, NULL, 1, 1);
	U(e, NULL, 1, 1);
	U(f, NULL, 1, 1);
	U(g, NULL, 1, 1);
	U(h, NULL, 320, 8);
	U(k, NULL, 10, 1);
	U(k, NULL, 20, 1);
	PF("@a = %@u\n", 1, a);
	PF("@b = %@u\n", 1, b);
	PF("@c = %@d\n", 1, c);
	PF("@d = %@u\n", 1, d);
	PF("@e = %@u\n", 1, e);
	PF("@f = %@u\n", 1, f);
	PF("@g = %@d\n", 1, g);
	PF("@h = %@d\n", 1, h);
	PF("@i = %@d\n", 1, k);
	EXIT();
	eq(out(), "@a = 1\n"
	    "@b = 1\n"
	    "@c = \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             < 1 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               2 |                                         0        \n"
	    "\n"
	    "@d = 1\n"
	    "@e = 1\n"
	    "@f = 1\n"
	    "@g = \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               2 |                                         0        \n"
	    "\n"
	    "@h = \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             100 |                                         0        \n"
	    "             200 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 8        \n"
	    "             400 |                                         0        \n"
	    "\n"
	    "@i = 5\n"
	    "\n", __LINE__, "printa/tst.basics");

	/* printa/tst.def.d, aggs/tst.forms.d */
	begin();
	a = mk(F_COUNT, "");
	U(a, NULL, 0, 1);
	PA(a);
	EXIT();
	eq(out(), "\n"
	    "                1\n"
	    "\n", __LINE__, "printa/tst.def");

	begin();
	a = mk(F_COUNT, "");
	b = mk(F_MAX, "");
	c = mk(F_COUNT, "i4");
	d = mk(F_MAX, "i4");
	U(a, NULL, 0, 1);
	U(b, NULL, 1, 1);
	U(c, K(KI(0)), 0, 1);
	U(d, K(KI(0)), 1, 1);
	PF("\n@a = %@u\n", 1, a);
	PF("@b = %@u\n", 1, b);
	PF("@c = %@u\n", 1, c);
	PF("@d = %@u\n", 1, d);
	EXIT();
	eq(out(), "\n"
	    "@a = 1\n"
	    "@b = 1\n"
	    "@c = 1\n"
	    "@d = 1\n"
	    "\n", __LINE__, "tst.forms");

	/* printa/tst.dynwidth.d: '*' widths take keys */
	begin();
	a = mk(F_SUM, "i4 i4");
	U(a, K(KI(10), KI(100)), 1, 1);
	U(a, K(KI(-10), KI(200)), 2, 1);
	PF("-->%-*d<--\n", 1, a);
	PF("-->%*d<--\n", 1, a);
	EXIT();
	eq(out(), "-->100       <--\n"
	    "-->200       <--\n"
	    "-->       100<--\n"
	    "-->200       <--\n"
	    "\n", __LINE__, "printa/tst.dynwidth");

	/* printa/tst.manyval.d, tst.tuple.d */
	begin();
	a = mk(F_COUNT, "");
	U(a, NULL, 0, 1);
	PF("%@u %@u %@u %@u %@u %@u %@u\n", 1, a);
	EXIT();
	eq(out(), "1 1 1 1 1 1 1\n"
	    "\n", __LINE__, "printa/tst.manyval");

	begin();
	a = mk(F_COUNT, "i4 i4 i4 i4 i4");
	U(a, K(KI(1), KI(2), KI(3), KI(4), KI(5)), 0, 1);
	PRINTF("\n");
	PF("%@u: -\n", 1, a);
	PF("%@u: %d\n", 1, a);
	PF("%@u: %d %d\n", 1, a);
	PF("%@u: %d %d %d\n", 1, a);
	PF("%@u: %d %d %d %d\n", 1, a);
	PF("%@u: %d %d %d %d %d\n", 1, a);
	EXIT();
	eq(out(), "\n"
	    "1: -\n"
	    "1: 1\n"
	    "1: 1 2\n"
	    "1: 1 2 3\n"
	    "1: 1 2 3 4\n"
	    "1: 1 2 3 4 5\n"
	    "\n", __LINE__, "printa/tst.tuple");

	/* rates/tst.aggrate.d's printa() */
	begin();
	a = mk(F_SUM, "i4");
	for (i = 0; i < 100; i++)
		U(a, K(KI(i)), i + 1, 1);
	PF("%10d\n", 1, a);
	EXIT();
	eq(out(), "         0\n"
	    "         1\n"
	    "         2\n"
	    "         3\n"
	    "         4\n"
	    "         5\n"
	    "         6\n"
	    "         7\n"
	    "         8\n"
	    "         9\n"
	    "        10\n"
	    "        11\n"
	    "        12\n"
	    "        13\n"
	    "        14\n"
	    "        15\n"
	    "        16\n"
	    "        17\n"
	    "        18\n"
	    "        19\n"
	    "        20\n"
	    "        21\n"
	    "        22\n"
	    "        23\n"
	    "        24\n"
	    "        25\n"
	    "        26\n"
	    "        27\n"
	    "        28\n"
	    "        29\n"
	    "        30\n"
	    "        31\n"
	    "        32\n"
	    "        33\n"
	    "        34\n"
	    "        35\n"
	    "        36\n"
	    "        37\n"
	    "        38\n"
	    "        39\n"
	    "        40\n"
	    "        41\n"
	    "        42\n"
	    "        43\n"
	    "        44\n"
	    "        45\n"
	    "        46\n"
	    "        47\n"
	    "        48\n"
	    "        49\n"
	    "        50\n"
	    "        51\n"
	    "        52\n"
	    "        53\n"
	    "        54\n"
	    "        55\n"
	    "        56\n"
	    "        57\n"
	    "        58\n"
	    "        59\n"
	    "        60\n"
	    "        61\n"
	    "        62\n"
	    "        63\n"
	    "        64\n"
	    "        65\n"
	    "        66\n"
	    "        67\n"
	    "        68\n"
	    "        69\n"
	    "        70\n"
	    "        71\n"
	    "        72\n"
	    "        73\n"
	    "        74\n"
	    "        75\n"
	    "        76\n"
	    "        77\n"
	    "        78\n"
	    "        79\n"
	    "        80\n"
	    "        81\n"
	    "        82\n"
	    "        83\n"
	    "        84\n"
	    "        85\n"
	    "        86\n"
	    "        87\n"
	    "        88\n"
	    "        89\n"
	    "        90\n"
	    "        91\n"
	    "        92\n"
	    "        93\n"
	    "        94\n"
	    "        95\n"
	    "        96\n"
	    "        97\n"
	    "        98\n"
	    "        99\n"
	    "\n", __LINE__, "rates/tst.aggrate");

	/* %@ of avg() divides an unsigned sum, as DTrace's pfprint_average */
	begin();
	a = mk(F_AVG, "");
	U(a, NULL, -4, 1);
	U(a, NULL, -6, 1);
	PF("%@d\n", 1, a);
	EXIT();
	eq(out(), "9223372036854775803\n\n", __LINE__, "printa %@d of a negative avg");
}

static void t_multiaggs(void)
{
	struct tagg *a, *b, *c, *bop, *baz, *foo, *bar, *ag[247], *q996, *c997, *m998, *l999;
	int i;

	/* multiaggs/tst.zero.d, tst.zero2.d */
	for (i = 0; i < 2; i++) {
		begin();
		bop = mk(F_QUANTIZE, "i4");
		baz = mklq("i4", -10, 10, 1);
		foo = mk(F_SUM, "i4");
		bar = mk(F_SUM, "i4");
		if (i == 1) {
			U(bop, K(KI(345)), 0, 0);
			U(baz, K(KI(345)), 0, 0);
		}
		U(foo, K(KI(123)), 123, 1);
		U(bar, K(KI(456)), 456, 1);
		U(foo, K(KI(789)), 789, 1);
		U(bar, K(KI(789)), 789, 1);
		PF("%10d %@10d %@10d\n", 2, foo, bar);
		PF("%10d %@10d %@10d %@10d\n", 3, foo, bar, bop);
		PF("%10d %@10d %@10d %@10d %@10d\n", 4, foo, bar, bop, baz);
		EXIT();
		if (i == 0)
			eq(out(), "       456          0        456\n"
	    "       123        123          0\n"
	    "       789        789        789\n"
	    "       456          0        456 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "       123        123          0 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "       789        789        789 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "       456          0        456 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    " \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           < -10 |                                         0        \n"
	    "             -10 |                                         0        \n"
	    "              -9 |                                         0        \n"
	    "\n"
	    "       123        123          0 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    " \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           < -10 |                                         0        \n"
	    "             -10 |                                         0        \n"
	    "              -9 |                                         0        \n"
	    "\n"
	    "       789        789        789 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    " \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           < -10 |                                         0        \n"
	    "             -10 |                                         0        \n"
	    "              -9 |                                         0        \n"
	    "\n"
	    "\n", __LINE__, "multiaggs/tst.zero");
		else
			eq(out(), "       456          0        456\n"
	    "       123        123          0\n"
	    "       789        789        789\n"
	    "       345          0          0 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "       456          0        456 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "       123        123          0 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "       789        789        789 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "       345          0          0 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    " \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           < -10 |                                         0        \n"
	    "             -10 |                                         0        \n"
	    "              -9 |                                         0        \n"
	    "\n"
	    "       456          0        456 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    " \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           < -10 |                                         0        \n"
	    "             -10 |                                         0        \n"
	    "              -9 |                                         0        \n"
	    "\n"
	    "       123        123          0 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    " \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           < -10 |                                         0        \n"
	    "             -10 |                                         0        \n"
	    "              -9 |                                         0        \n"
	    "\n"
	    "       789        789        789 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    " \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           < -10 |                                         0        \n"
	    "             -10 |                                         0        \n"
	    "              -9 |                                         0        \n"
	    "\n"
	    "\n", __LINE__, "multiaggs/tst.zero2");
	}

	/* multiaggs/tst.many.d */
	begin();
	q996 = mk(F_QUANTIZE, "i4");
	c997 = mk(F_COUNT, "i4");
	m998 = mk(F_MIN, "i4");
	l999 = mklq("i4", -10, 10, 1);
	for (i = 0; i < 247; i++) {
		ag[i] = mk(F_SUM, "i4");
		U(ag[i], K(KI(i)), i, 1);
	}
	PF("%8d %8@d %8@d\n", 2, ag[0], ag[1]);
	PRINTF("\n");
	PF("%8d %8@d %8@d\n", 2, ag[0], q996);
	PRINTF("\n");
	PF("%4d %4@d %4@d %4@d %4@d %4@d %4@d %4@d %4@d %4@d %4@d %4@d\n", 11,
	   ag[12], ag[3], ag[73], c997, ag[9], ag[9], ag[4], m998, ag[11], ag[23], ag[69]);
	PRINTF("\n");
	PF("%8d %8@d %8@d\n", 2, ag[245], ag[246]);
	PRINTF("\n");
	PF("%8d %8@d %8@d\n", 2, l999, ag[246]);
	PRINTF("\n");
	EXIT();
	eq(out(), "       0        0        0\n"
	    "       1        0        1\n"
	    "\n"
	    "       0        0 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "\n"
	    "\n"
	    "  69    0    0    0    0    0    0    0    0    0    0   69\n"
	    "  23    0    0    0    0    0    0    0    0    0   23    0\n"
	    "  11    0    0    0    0    0    0    0    0   11    0    0\n"
	    "   4    0    0    0    0    0    0    4    0    0    0    0\n"
	    "   9    0    0    0    0    9    9    0    0    0    0    0\n"
	    "  73    0    0   73    0    0    0    0    0    0    0    0\n"
	    "   3    0    3    0    0    0    0    0    0    0    0    0\n"
	    "  12   12    0    0    0    0    0    0    0    0    0    0\n"
	    "\n"
	    "     246        0      246\n"
	    "     245      245        0\n"
	    "\n"
	    "     246 \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "           < -10 |                                         0        \n"
	    "             -10 |                                         0        \n"
	    "              -9 |                                         0        \n"
	    "      246\n"
	    "\n"
	    "\n"
	    "        2                2\n"
	    "        5                5\n"
	    "        6                6\n"
	    "        7                7\n"
	    "        8                8\n"
	    "       10               10\n"
	    "       13               13\n"
	    "       14               14\n"
	    "       15               15\n"
	    "       16               16\n"
	    "       17               17\n"
	    "       18               18\n"
	    "       19               19\n"
	    "       20               20\n"
	    "       21               21\n"
	    "       22               22\n"
	    "       24               24\n"
	    "       25               25\n"
	    "       26               26\n"
	    "       27               27\n"
	    "       28               28\n"
	    "       29               29\n"
	    "       30               30\n"
	    "       31               31\n"
	    "       32               32\n"
	    "       33               33\n"
	    "       34               34\n"
	    "       35               35\n"
	    "       36               36\n"
	    "       37               37\n"
	    "       38               38\n"
	    "       39               39\n"
	    "       40               40\n"
	    "       41               41\n"
	    "       42               42\n"
	    "       43               43\n"
	    "       44               44\n"
	    "       45               45\n"
	    "       46               46\n"
	    "       47               47\n"
	    "       48               48\n"
	    "       49               49\n"
	    "       50               50\n"
	    "       51               51\n"
	    "       52               52\n"
	    "       53               53\n"
	    "       54               54\n"
	    "       55               55\n"
	    "       56               56\n"
	    "       57               57\n"
	    "       58               58\n"
	    "       59               59\n"
	    "       60               60\n"
	    "       61               61\n"
	    "       62               62\n"
	    "       63               63\n"
	    "       64               64\n"
	    "       65               65\n"
	    "       66               66\n"
	    "       67               67\n"
	    "       68               68\n"
	    "       70               70\n"
	    "       71               71\n"
	    "       72               72\n"
	    "       74               74\n"
	    "       75               75\n"
	    "       76               76\n"
	    "       77               77\n"
	    "       78               78\n"
	    "       79               79\n"
	    "       80               80\n"
	    "       81               81\n"
	    "       82               82\n"
	    "       83               83\n"
	    "       84               84\n"
	    "       85               85\n"
	    "       86               86\n"
	    "       87               87\n"
	    "       88               88\n"
	    "       89               89\n"
	    "       90               90\n"
	    "       91               91\n"
	    "       92               92\n"
	    "       93               93\n"
	    "       94               94\n"
	    "       95               95\n"
	    "       96               96\n"
	    "       97               97\n"
	    "       98               98\n"
	    "       99               99\n"
	    "      100              100\n"
	    "      101              101\n"
	    "      102              102\n"
	    "      103              103\n"
	    "      104              104\n"
	    "      105              105\n"
	    "      106              106\n"
	    "      107              107\n"
	    "      108              108\n"
	    "      109              109\n"
	    "      110              110\n"
	    "      111              111\n"
	    "      112              112\n"
	    "      113              113\n"
	    "      114              114\n"
	    "      115              115\n"
	    "      116              116\n"
	    "      117              117\n"
	    "      118              118\n"
	    "      119              119\n"
	    "      120              120\n"
	    "      121              121\n"
	    "      122              122\n"
	    "      123              123\n"
	    "      124              124\n"
	    "      125              125\n"
	    "      126              126\n"
	    "      127              127\n"
	    "      128              128\n"
	    "      129              129\n"
	    "      130              130\n"
	    "      131              131\n"
	    "      132              132\n"
	    "      133              133\n"
	    "      134              134\n"
	    "      135              135\n"
	    "      136              136\n"
	    "      137              137\n"
	    "      138              138\n"
	    "      139              139\n"
	    "      140              140\n"
	    "      141              141\n"
	    "      142              142\n"
	    "      143              143\n"
	    "      144              144\n"
	    "      145              145\n"
	    "      146              146\n"
	    "      147              147\n"
	    "      148              148\n"
	    "      149              149\n"
	    "      150              150\n"
	    "      151              151\n"
	    "      152              152\n"
	    "      153              153\n"
	    "      154              154\n"
	    "      155              155\n"
	    "      156              156\n"
	    "      157              157\n"
	    "      158              158\n"
	    "      159              159\n"
	    "      160              160\n"
	    "      161              161\n"
	    "      162              162\n"
	    "      163              163\n"
	    "      164              164\n"
	    "      165              165\n"
	    "      166              166\n"
	    "      167              167\n"
	    "      168              168\n"
	    "      169              169\n"
	    "      170              170\n"
	    "      171              171\n"
	    "      172              172\n"
	    "      173              173\n"
	    "      174              174\n"
	    "      175              175\n"
	    "      176              176\n"
	    "      177              177\n"
	    "      178              178\n"
	    "      179              179\n"
	    "      180              180\n"
	    "      181              181\n"
	    "      182              182\n"
	    "      183              183\n"
	    "      184              184\n"
	    "      185              185\n"
	    "      186              186\n"
	    "      187              187\n"
	    "      188              188\n"
	    "      189              189\n"
	    "      190              190\n"
	    "      191              191\n"
	    "      192              192\n"
	    "      193              193\n"
	    "      194              194\n"
	    "      195              195\n"
	    "      196              196\n"
	    "      197              197\n"
	    "      198              198\n"
	    "      199              199\n"
	    "      200              200\n"
	    "      201              201\n"
	    "      202              202\n"
	    "      203              203\n"
	    "      204              204\n"
	    "      205              205\n"
	    "      206              206\n"
	    "      207              207\n"
	    "      208              208\n"
	    "      209              209\n"
	    "      210              210\n"
	    "      211              211\n"
	    "      212              212\n"
	    "      213              213\n"
	    "      214              214\n"
	    "      215              215\n"
	    "      216              216\n"
	    "      217              217\n"
	    "      218              218\n"
	    "      219              219\n"
	    "      220              220\n"
	    "      221              221\n"
	    "      222              222\n"
	    "      223              223\n"
	    "      224              224\n"
	    "      225              225\n"
	    "      226              226\n"
	    "      227              227\n"
	    "      228              228\n"
	    "      229              229\n"
	    "      230              230\n"
	    "      231              231\n"
	    "      232              232\n"
	    "      233              233\n"
	    "      234              234\n"
	    "      235              235\n"
	    "      236              236\n"
	    "      237              237\n"
	    "      238              238\n"
	    "      239              239\n"
	    "      240              240\n"
	    "      241              241\n"
	    "      242              242\n"
	    "      243              243\n"
	    "      244              244\n", __LINE__, "multiaggs/tst.many");

	/* multiaggs/tst.same.d */
	begin();
	a = mk(F_SUM, "");
	U(a, NULL, 90904, 1);
	PF("%@d %@d %@d\n", 3, a, a, a);
	PF("%@d %@d %@d\n", 1, a);
	EXIT();
	eq(out(), "90904 90904 90904\n"
	    "90904 90904 90904\n"
	    "\n", __LINE__, "multiaggs/tst.same");

	/* multiaggs/tst.tuplecompat.d */
	begin();
	a = mk(F_SUM, "s i4 s u8");
	b = mk(F_SUM, "s i4 s u8");
	U(a, K(KS("foo"), KI(789), KS("bar"), KI(0xffff8881234c0000LL)), 123, 1);
	U(b, K(KS("foo"), KI(789), KS("bar"), KI(0xffff8881234c0000LL)), 456, 1);
	PF("%10s %10d %10s %@10d %@10d\n", 2, a, b);
	EXIT();
	eq(out(), "       foo        789        bar        123        456\n"
	    "\n", __LINE__, "multiaggs/tst.tuplecompat");

	/* aggsortpos: the second aggregation orders the lines */
	begin();
	a = mk(F_SUM, "i4");
	b = mk(F_SUM, "i4");
	U(a, K(KI(1)), 30, 1);
	U(b, K(KI(1)), 1, 1);
	U(a, K(KI(2)), 20, 1);
	U(b, K(KI(2)), 3, 1);
	U(a, K(KI(3)), 10, 1);
	U(b, K(KI(3)), 2, 1);
	U(b, K(KI(4)), -1, 1);
	PF("%d %@d %@d\n", 2, a, b);
	OPT.sortpos = 1;
	PF("%d %@d %@d\n", 2, a, b);
	OPT.sortpos = 7;	/* out of range: position 0 */
	PF("%d %@d %@d\n", 2, a, b);
	OPT.sortpos = 0;
	OPT.sortkey = 1;
	OPT.sortrev = 1;
	PF("%d %@d %@d\n", 2, a, b);
	OPT.sortkey = 0;
	PF("%d %@d %@d\n", 2, a, b);
	eq(out(),
	   "4 0 -1\n3 10 2\n2 20 3\n1 30 1\n"
	   "4 0 -1\n1 30 1\n3 10 2\n2 20 3\n"
	   "4 0 -1\n3 10 2\n2 20 3\n1 30 1\n"
	   "4 0 -1\n3 10 2\n2 20 3\n1 30 1\n"
	   "1 30 1\n2 20 3\n3 10 2\n4 0 -1\n", __LINE__, "aggsortpos, aggsortkey/rev in joins");

	/* aggs/tst.clear-one.d (clear() as the BPF half leaves the map) */
	begin();
	a = mk(F_SUM, "i4");
	b = mk(F_SUM, "i4");
	c = mk(F_SUM, "i4");
	U(a, K(KI(1)), 100, 1);
	U(a, K(KI(2)), 20, 1);
	U(a, K(KI(3)), 3, 1);
	U(b, K(KI(4)), 400, 1);
	U(b, K(KI(5)), 50, 1);
	U(b, K(KI(6)), 6, 1);
	U(c, K(KI(7)), 700, 1);
	U(c, K(KI(8)), 80, 1);
	U(c, K(KI(9)), 9, 1);
	CLEAR(b);
	PA(a);
	PA(b);
	PA(c);
	EXIT();
	eq(out(), "\n"
	    "        3                3\n"
	    "        2               20\n"
	    "        1              100\n"
	    "\n"
	    "        4                0\n"
	    "        5                0\n"
	    "        6                0\n"
	    "\n"
	    "        9                9\n"
	    "        8               80\n"
	    "        7              700\n"
	    "\n", __LINE__, "tst.clear-one");

	/* cleared min()/max()/avg()/stddev()/quantize() */
	begin();
	a = mk(F_MIN, "");
	b = mk(F_MAX, "");
	c = mk(F_AVG, "");
	bop = mk(F_STDDEV, "");
	baz = mk(F_QUANTIZE, "");
	U(a, NULL, 5, 1);
	U(b, NULL, 5, 1);
	U(c, NULL, 5, 1);
	U(bop, NULL, 5, 1);
	U(baz, NULL, 5, 1);
	CLEAR(a);
	CLEAR(b);
	CLEAR(c);
	CLEAR(bop);
	CLEAR(baz);
	EXIT();
	eq(out(), "\n"
	   " 9223372036854775807\n"
	   " -9223372036854775808\n"
	   "                0\n"
	   "                0\n"
	   "\n"
	   "           value  ------------- Distribution ------------- count    \n"
	   "              -1 |                                         0        \n"
	   "               0 |                                         0        \n"
	   "               1 |                                         0        \n"
	   "\n", __LINE__, "cleared values");
}

static void t_merge(void)
{
	struct tagg *t;
	int64_t pc[NCPU * 4], o[4];

	/* min()/max() skip the CPUs without updates */
	begin();
	t = mk(F_MIN, "");
	memset(pc, 0, sizeof(pc));
	pc[0] = 0, pc[1] = -999;	/* no data: ignored */
	pc[2] = 2, pc[3] = 7;
	pc[4] = 1, pc[5] = 3;
	dt_agg_merge(&t->a, pc, 3, o);
	ok(o[0] == 3 && o[1] == 3, __LINE__, "min over CPUs with data");
	t = mk(F_MAX, "");
	dt_agg_merge(&t->a, pc, 3, o);
	ok(o[0] == 3 && o[1] == 7, __LINE__, "max over CPUs with data");

	/* stddev(): the 128-bit sums of squares carry */
	t = mk(F_STDDEV, "");
	memset(pc, 0, sizeof(pc));
	pc[0] = 1, pc[1] = 5, pc[2] = -1, pc[3] = 0;
	pc[4] = 1, pc[5] = 6, pc[6] = 1, pc[7] = 2;
	dt_agg_merge(&t->a, pc, 2, o);
	ok(o[0] == 2 && o[1] == 11 && o[2] == 0 && o[3] == 3, __LINE__,
	   "stddev sum of squares carries");

	/* dt_agg_apply squares into 128 bits */
	memset(o, 0, sizeof(o));
	dt_agg_apply(&t->a, o, INT64_MIN, 1);
	ok(o[0] == 1 && o[1] == INT64_MIN && o[2] == 0 && o[3] == ((int64_t)1 << 62),
	   __LINE__, "stddev square of INT64_MIN");

	/* sums and buckets add up; nvals of each function */
	t = mk(F_QUANTIZE, "");
	ok(dt_agg_words(&t->a) == 128, __LINE__, "quantize words");
	t = mklq("", -10, 10, 5);
	ok(dt_agg_words(&t->a) == 7, __LINE__, "lquantize words");
	t = mkllq("", 10, 0, 2, 20);
	ok(dt_agg_words(&t->a) == 2 * 3 * 18 + 4, __LINE__, "llquantize words");
	ok(dt_agg_bucket(&t->a, 0) == 55 && dt_agg_bucket(&t->a, 1) == 56 &&
	   dt_agg_bucket(&t->a, 2) == 58 && dt_agg_bucket(&t->a, 10) == 74 &&
	   dt_agg_bucket(&t->a, 15) == 75 && dt_agg_bucket(&t->a, -15) == 35 &&
	   dt_agg_bucket(&t->a, 1000) == 110 && dt_agg_bucket(&t->a, -1000) == 0,
	   __LINE__, "llquantize buckets");
	t = mk(F_QUANTIZE, "");
	ok(dt_agg_bucket(&t->a, 0) == 63 && dt_agg_bucket(&t->a, 1) == 64 &&
	   dt_agg_bucket(&t->a, 3) == 65 && dt_agg_bucket(&t->a, -1) == 62 &&
	   dt_agg_bucket(&t->a, -3) == 61 && dt_agg_bucket(&t->a, INT64_MAX) == 126 &&
	   dt_agg_bucket(&t->a, INT64_MIN) == 0 &&
	   dt_agg_bucket(&t->a, -((int64_t)1 << 62) + 1) == 1, __LINE__, "quantize buckets");
	t = mklq("", -10, 10, 5);
	ok(dt_agg_bucket(&t->a, -11) == 0 && dt_agg_bucket(&t->a, -10) == 1 &&
	   dt_agg_bucket(&t->a, -6) == 1 && dt_agg_bucket(&t->a, -5) == 2 &&
	   dt_agg_bucket(&t->a, 9) == 4 && dt_agg_bucket(&t->a, 10) == 5,
	   __LINE__, "lquantize buckets");
}

/* A snapshot that holds an aggregation twice prints each key once. */
static void t_duplicates(void)
{
	struct tagg *a;
	struct strbuf o1, o2;
	struct dtf_format *f;
	const struct dt_agg *aggs[2];
	const char *tag;
	char msg[128];
	int i, n;

	begin();
	a = mk(F_SUM, "s");
	U(a, K(KS("b")), 2, 1);
	U(a, K(KS("a")), 2, 1);
	U(a, K(KS("c")), 1, 1);
	take_snapshot();
	sb_init(&o1);
	sb_init(&o2);
	f = dtf_parse("%s %@d %@d\n", &tag, msg, sizeof(msg));
	aggs[0] = aggs[1] = &a->a;
	dt_agg_print(&o1, &a->a, &SNAP, &OPT);
	dt_agg_printa(&o1, f, aggs, 1, &SNAP, &OPT);
	dt_agg_printa(&o1, f, aggs, 2, &SNAP, &OPT);
	n = SNAP.n;
	for (i = 0; i < n; i++) {
		struct dt_aggent *e;

		if (SNAP.n == SNAP.cap) {
			SNAP.cap *= 2;
			SNAP.ents = realloc(SNAP.ents, (size_t)SNAP.cap * sizeof(*SNAP.ents));
		}
		e = &SNAP.ents[SNAP.n++];
		*e = SNAP.ents[i];
		e->key = malloc(a->a.keysize);
		memcpy(e->key, SNAP.ents[i].key, a->a.keysize);
		e->vals = malloc(a->a.nvals * sizeof(int64_t));
		memcpy(e->vals, SNAP.ents[i].vals, a->a.nvals * sizeof(int64_t));
	}
	dt_agg_print(&o2, &a->a, &SNAP, &OPT);
	dt_agg_printa(&o2, f, aggs, 1, &SNAP, &OPT);
	dt_agg_printa(&o2, f, aggs, 2, &SNAP, &OPT);
	eq(o2.s, o1.s, __LINE__, "an aggregation snapshotted twice");
	eq(strstr(o1.s, "c 1 1\n"), "c 1 1\na 2 2\nb 2 2\nc 1 1\na 2 2\nb 2 2\n", __LINE__,
	   "printa of one aggregation twice");
	dtf_free(f);
	sb_free(&o1);
	sb_free(&o2);
}

static void t_pack_zoom(void)
{
	struct tagg *q, *l;

	/* aggzoom: the largest bar at 95% of the width */
	begin();
	OPT.zoom = 1;
	q = mk(F_QUANTIZE, "");
	U(q, NULL, 1, 3);
	U(q, NULL, 2, 1);
	U(q, NULL, 4, 5);
	EXIT();
	eq(out(), "\n"
	   "\n"
	   "           value  ------------- Distribution ------------- count    \n"
	   "               0 |                                         0        \n"
	   "               1 |@@@@@@@@@@@@@@@@@@@@@@@                  3        \n"
	   "               2 |@@@@@@@@                                 1        \n"
	   "               4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@   5        \n"
	   "               8 |                                         0        \n"
	   "\n", __LINE__, "aggzoom");

	/* aggpack: one line per key under a header (illumos, ASCII) */
	begin();
	OPT.pack = 1;
	q = mk(F_QUANTIZE, "");
	U(q, NULL, 1, 3);
	U(q, NULL, 2, 1);
	U(q, NULL, 4, 4);
	EXIT();
	eq(out(), "\n"
	   "\n"
	   "  min .-----. max  | count\n"
	   "    0 : x_x : 8    | 8\n", __LINE__, "aggpack quantize");

	begin();
	OPT.pack = 1;
	l = mklq("i4", 0, 4, 1);
	U(l, K(KI(1)), 0, 1);
	U(l, K(KI(1)), 3, 7);
	U(l, K(KI(2)), -1, 1);
	U(l, K(KI(2)), 9, 1);
	EXIT();
	eq(out(), "\n"
	   "\n"
	   "      key     min .------. max      | count\n"
	   "        2     < 0 :x    x: >= 4     | 2\n"
	   "        1     < 0 : _  X : >= 4     | 8\n", __LINE__, "aggpack lquantize");
}

/* ---- a real BPF_MAP_TYPE_PERCPU_HASH --------------------------------------- */

/*
 * The map of all aggregations, as load.c makes it: a key is the id (u64),
 * then the aggregation's tuple from tuple_off, zeroes to keysize; a value
 * is valsize bytes per CPU whatever the aggregation.
 */
static struct dt_aggmap MAP;

/* @a[tuple] = fn(value) on cpu, through the map as the probes update it. */
static int map_put_tuple(int ncpus, const struct dt_agg *a, const void *tuple, int cpu, int64_t value)
{
	uint32_t vw = MAP.valsize / 8;
	int64_t *v = calloc((size_t)ncpus * vw, sizeof(int64_t));
	unsigned char *key = calloc(1, MAP.keysize);
	uint64_t id = (uint64_t)a->id;
	int rc, c;

	memcpy(key, &id, 8);
	memcpy(key + MAP.tuple_off, tuple, a->keysize);
	if (bpf_map_lookup_elem(MAP.fd, key, v) != 0)
		memset(v, 0, (size_t)ncpus * vw * sizeof(int64_t));
	c = cpu % ncpus;
	dt_agg_apply(a, v + (size_t)c * vw, value, 1);
	rc = bpf_map_update_elem(MAP.fd, key, v, BPF_ANY);
	free(key);
	free(v);
	return rc;
}

static int map_put(int ncpus, const struct dt_agg *a, int64_t key, int cpu, int64_t value)
{
	return map_put_tuple(ncpus, a, &key, cpu, value);
}

/* The default output of aggs[0..n) from one snapshot of them all. */
static void print_snap(struct strbuf *o, struct tagg *const *aggs, int n, int ncpus)
{
	struct dt_aggsnap snap = { NULL, 0, 0 };
	const struct dt_agg *v[8];
	int i;

	for (i = 0; i < n; i++)
		v[i] = &aggs[i]->a;
	dt_agg_snapshot(v, n, ncpus, &snap);
	for (i = 0; i < n; i++)
		dt_agg_print(o, &aggs[i]->a, &snap, &OPT);
	dt_aggsnap_free(&snap);
}

static void t_bpf(void)
{
	struct dt_aggsnap snap = { NULL, 0, 0 };
	struct strbuf o;
	struct tagg *s, *mn, *lq, *ks, *all[4];
	const struct dt_agg *one, *two[2];
	int ncpus = libbpf_num_possible_cpus(), i, n;

	begin();
	s = mk(F_SUM, "i4");
	mn = mk(F_MIN, "");
	lq = mklq("i4", 0, 150, 1);
	ks = mk(F_COUNT, "s");
	all[0] = s, all[1] = mn, all[2] = lq, all[3] = ks;
	MAP.tuple_off = 8;
	MAP.keysize = 8 + STRSZ;
	MAP.valsize = lq->a.nvals * 8;
	MAP.maxent = 1024;
	MAP.fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_HASH, "agg_test", MAP.keysize, MAP.valsize, MAP.maxent, NULL);
	if (MAP.fd < 0 || ncpus <= 0) {
		fprintf(stderr, "skipping the BPF map tests: %s\n", strerror(errno));
		skipped++;
		return;
	}
	for (i = 0; i < 4; i++)
		all[i]->a.map = &MAP;
	one = &s->a;

	/* aggs/tst.trunc.d: 100 keys, trunc(@, 10); the others in the map
	 * meanwhile: a keyless min(), spread over the CPUs */
	for (i = 0; i < 100; i++)
		if (map_put(ncpus, &s->a, i, i, i) != 0)
			break;
	map_put(ncpus, &s->a, 42, 1, 0);	/* a second CPU for key 42 */
	for (i = 0; i < 2 * ncpus; i++)
		map_put(ncpus, &mn->a, 0, i, 100 - i);
	n = dt_agg_snapshot(&one, 1, ncpus, &snap);
	ok(n == 100 && snap.n == 100, __LINE__, "snapshot of 100 keys of one aggregation");
	dt_aggsnap_free(&snap);

	ok(dt_agg_trunc(&s->a, ncpus, 10) == 0, __LINE__, "trunc(@, 10)");
	n = dt_agg_snapshot(&one, 1, ncpus, &snap);
	sb_init(&o);
	sb_putc(&o, '\n');
	dt_agg_print(&o, &s->a, &snap, &OPT);
	eq(o.s, "\n"
	    "       90               90\n"
	    "       91               91\n"
	    "       92               92\n"
	    "       93               93\n"
	    "       94               94\n"
	    "       95               95\n"
	    "       96               96\n"
	    "       97               97\n"
	    "       98               98\n"
	    "       99               99\n", __LINE__, "tst.trunc on a BPF map");
	sb_free(&o);
	dt_aggsnap_free(&snap);

	ok(dt_agg_trunc(&s->a, ncpus, -3) == 0, __LINE__, "trunc(@, -3)");
	sb_init(&o);
	print_snap(&o, &s, 1, ncpus);
	eq(o.s, "       90               90\n       91               91\n"
	   "       92               92\n", __LINE__, "trunc(@, -3) keeps the smallest");
	sb_free(&o);

	/* clear(): keys stay, values read 0; the other aggregation keeps its */
	ok(dt_agg_clear(&one, 1, ncpus) == 0, __LINE__, "clear(@)");
	sb_init(&o);
	print_snap(&o, all, 2, ncpus);
	{
		char want[256];

		snprintf(want, sizeof(want), "       90                0\n       91                0\n"
			 "       92                0\n %16d\n", 100 - (2 * ncpus - 1));
		eq(o.s, want, __LINE__, "cleared keys print 0, the other aggregation's not cleared");
	}
	sb_free(&o);
	map_put(ncpus, &s->a, 91, 3, -5);
	sb_init(&o);
	print_snap(&o, &s, 1, ncpus);
	eq(o.s, "       91               -5\n       90                0\n"
	   "       92                0\n", __LINE__, "updates after clear");
	sb_free(&o);

	/* one snapshot of two: grouped by aggregation in the order asked */
	two[0] = &mn->a;
	two[1] = &s->a;
	n = dt_agg_snapshot(two, 2, ncpus, &snap);
	ok(n == 4 && snap.n == 4 && snap.ents[0].agg == &mn->a && snap.ents[1].agg == &s->a &&
	   snap.ents[3].agg == &s->a, __LINE__, "one walk for two aggregations, grouped");
	dt_aggsnap_free(&snap);

	ok(dt_agg_trunc(&s->a, ncpus, 0) == 0, __LINE__, "trunc(@)");
	ok(dt_agg_snapshot(&one, 1, ncpus, &snap) == 0, __LINE__, "trunc(@) removes all");
	dt_aggsnap_free(&snap);

	/* a keyless min(), spread over the CPUs, cleared */
	sb_init(&o);
	print_snap(&o, &mn, 1, ncpus);
	sb_printf(&o, "|");
	two[0] = &mn->a;
	dt_agg_clear(two, 1, ncpus);
	print_snap(&o, &mn, 1, ncpus);
	{
		char want[128];

		snprintf(want, sizeof(want), " %16d\n| 9223372036854775807\n",
			 100 - (2 * ncpus - 1));
		eq(o.s, want, __LINE__, "keyless min() on a BPF map, cleared");
	}
	sb_free(&o);

	/* aggs/tst.truncquant.d: lquantize() truncated to the 5 largest */
	for (i = 0; i < 100; i++) {
		int j;

		for (j = 0; j < 4; j++)
			map_put(ncpus, &lq->a, i, i + j, i + j);
	}
	dt_agg_trunc(&lq->a, ncpus, 5);
	sb_init(&o);
	sb_putc(&o, '\n');
	print_snap(&o, &lq, 1, ncpus);
	eq(o.s, "\n"
	    "       95\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              94 |                                         0        \n"
	    "              95 |@@@@@@@@@@                               1        \n"
	    "              96 |@@@@@@@@@@                               1        \n"
	    "              97 |@@@@@@@@@@                               1        \n"
	    "              98 |@@@@@@@@@@                               1        \n"
	    "              99 |                                         0        \n"
	    "\n"
	    "       96\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              95 |                                         0        \n"
	    "              96 |@@@@@@@@@@                               1        \n"
	    "              97 |@@@@@@@@@@                               1        \n"
	    "              98 |@@@@@@@@@@                               1        \n"
	    "              99 |@@@@@@@@@@                               1        \n"
	    "             100 |                                         0        \n"
	    "\n"
	    "       97\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              96 |                                         0        \n"
	    "              97 |@@@@@@@@@@                               1        \n"
	    "              98 |@@@@@@@@@@                               1        \n"
	    "              99 |@@@@@@@@@@                               1        \n"
	    "             100 |@@@@@@@@@@                               1        \n"
	    "             101 |                                         0        \n"
	    "\n"
	    "       98\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              97 |                                         0        \n"
	    "              98 |@@@@@@@@@@                               1        \n"
	    "              99 |@@@@@@@@@@                               1        \n"
	    "             100 |@@@@@@@@@@                               1        \n"
	    "             101 |@@@@@@@@@@                               1        \n"
	    "             102 |                                         0        \n"
	    "\n"
	    "       99\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              98 |                                         0        \n"
	    "              99 |@@@@@@@@@@                               1        \n"
	    "             100 |@@@@@@@@@@                               1        \n"
	    "             101 |@@@@@@@@@@                               1        \n"
	    "             102 |@@@@@@@@@@                               1        \n"
	    "             103 |                                         0        \n"
	    "\n", __LINE__, "tst.truncquant on a BPF map");
	sb_free(&o);

	/* a string key, its tuple shorter than the map's key */
	{
		char k1[STRSZ] = "bash", k2[STRSZ] = "sshd";

		for (i = 0; i < 5; i++)
			map_put_tuple(ncpus, &ks->a, k1, i, 0);
		map_put_tuple(ncpus, &ks->a, k2, 1, 0);
	}
	sb_init(&o);
	print_snap(&o, &ks, 1, ncpus);
	{
		char want[256];

		snprintf(want, sizeof(want), "  %-50s %16d\n  %-50s %16d\n", "sshd", 1, "bash", 5);
		eq(o.s, want, __LINE__, "string keys from a BPF map");
	}
	sb_free(&o);

	/* what is left: each aggregation's entries, nobody else's */
	{
		const struct dt_agg *v[4] = { &s->a, &mn->a, &lq->a, &ks->a };

		n = dt_agg_snapshot(v, 4, ncpus, &snap);
		ok(n == 1 + 5 + 2 && snap.ents[0].agg == &mn->a && snap.ents[1].agg == &lq->a &&
		   snap.ents[6].agg == &ks->a && snap.ents[7].agg == &ks->a, __LINE__,
		   "one walk of four aggregations");
		dt_aggsnap_free(&snap);
	}
	close(MAP.fd);
	reset();
}

int main(void)
{
	t_scalars();
	t_extremes();
	t_keys();
	t_histograms();
	t_normalize();
	t_printa();
	t_multiaggs();
	t_merge();
	t_duplicates();
	t_pack_zoom();
	t_bpf();
	reset();
	dt_aggsnap_free(&SNAP);
	sb_free(&OUT);
	if (skipped)
		printf("%d skipped\n", skipped);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
