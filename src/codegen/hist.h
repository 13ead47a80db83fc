/*
 * hist.h - the geometry of the quantize-family histograms, shared by the
 * code generator (which buckets values in BPF) and the consumer (which
 * merges, sorts and prints the buckets): how many buckets each function
 * has, which bucket a value falls in, and the value each bucket starts at.
 *
 *   quantize     DT_QUANTIZE_NBUCKETS buckets: DT_QUANTIZE_ZERO holds 0;
 *                ZERO+k (k=1..63) holds [2^(k-1), 2^k); ZERO-k (k=1..62)
 *                holds (-2^k, -2^(k-1)], bucket 0 every value <= -2^62
 *                (DTrace's DTRACE_QUANTIZE_BUCKETVAL layout)
 *   lquantize    levels + 2 buckets: 0 underflow (< base), levels + 1
 *                overflow (>= base + levels*step), else i holds
 *                [base + (i-1)*step, base + i*step)
 *   llquantize   2*M*B + 3 buckets, Oracle DTrace's symmetric layout:
 *                M = high - low + 1 magnitudes, B = nsteps - nsteps/factor
 *                buckets per magnitude, Z = M*B + 1 the bucket of
 *                |value| < factor^low; Z+j holds the positive values of
 *                bucket j, Z-j the negative ones, where for |value| in
 *                [factor^m, factor^(m+1)), low <= m <= high,
 *                  j = dt_llq_offset(m) + |value|*nsteps/factor^(m+1)
 *                and j = M*B + 1 for |value| >= factor^(high+1).
 *
 * dt_hist_bucket() is the reference the BPF code (codegen/aggregate.c)
 * must agree with.
 */
#ifndef DT_HIST_H
#define DT_HIST_H

#include <stdint.h>

#include "dtrace.h"

/* quantize's geometry is public (consumers read the buckets) */
#define DT_QUANTIZE_NBUCKETS	DTRACE_QUANTIZE_NBUCKETS
#define DT_QUANTIZE_ZERO	DTRACE_QUANTIZE_ZEROBUCKET

/* The parameters of one histogram. */
struct dt_hist {
	int fn;				/* F_QUANTIZE, F_LQUANTIZE, F_LLQUANTIZE */
	int64_t base, step;		/* lquantize */
	int levels;
	int64_t factor, low, high, nsteps;	/* llquantize */
};

/* Levels of lquantize(v, base, limit, step): (limit - base) / step. */
int dt_lquantize_levels(int64_t base, int64_t limit, int64_t step);

/* Buckets of h (0 if h->fn is not a histogram function). */
int dt_hist_nbuckets(const struct dt_hist *h);
/* The bucket value falls in, -1 if h->fn is not a histogram function. */
int dt_hist_bucket(const struct dt_hist *h, int64_t value);

/* The lowest value of quantize bucket i. */
int64_t dt_quantize_bucketval(int i);

/* llquantize: buckets per magnitude (B), magnitudes (M), the bucket of
 * |value| < factor^low (Z), and the j of the first bucket of magnitude m
 * without |value|*nsteps/factor^(m+1). */
int dt_llq_per_mag(const struct dt_hist *h);
int dt_llq_nmags(const struct dt_hist *h);
int dt_llq_zero(const struct dt_hist *h);
int64_t dt_llq_offset(const struct dt_hist *h, int64_t m);
/* factor^e, saturated at 2^100 (enough for llquantize's comparisons). */
unsigned __int128 dt_llq_pow(int64_t factor, int64_t e);

#endif
