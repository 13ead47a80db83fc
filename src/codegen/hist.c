/*
 * hist.c - the geometry of the quantize-family histograms (see hist.h).
 */
#include "hist.h"

#include "../front/sema.h"

typedef unsigned __int128 u128;

int dt_lquantize_levels(int64_t base, int64_t limit, int64_t step)
{
	return step ? (int)((limit - base) / step) : 0;
}

int dt_llq_per_mag(const struct dt_hist *h)
{
	if (h->factor <= 0 || h->nsteps <= 0)
		return 0;	/* not an llquantize() (yet) */
	return (int)(h->nsteps - h->nsteps / h->factor);
}

int dt_llq_nmags(const struct dt_hist *h)
{
	return (int)(h->high - h->low + 1);
}

int dt_llq_zero(const struct dt_hist *h)
{
	return dt_llq_nmags(h) * dt_llq_per_mag(h) + 1;
}

int64_t dt_llq_offset(const struct dt_hist *h, int64_t m)
{
	return 1 + (m - h->low) * dt_llq_per_mag(h) - h->nsteps / h->factor;
}

u128 dt_llq_pow(int64_t factor, int64_t e)
{
	u128 r = 1, lim = (u128)1 << 100;

	while (e-- > 0) {
		r *= (u128)factor;
		if (r > lim)
			return lim;
	}
	return r;
}

int dt_hist_nbuckets(const struct dt_hist *h)
{
	switch (h->fn) {
	case F_QUANTIZE:
		return DT_QUANTIZE_NBUCKETS;
	case F_LQUANTIZE:
		return h->levels + 2;
	case F_LLQUANTIZE:
		return 2 * dt_llq_nmags(h) * dt_llq_per_mag(h) + 3;
	default:
		return 0;
	}
}

int64_t dt_quantize_bucketval(int i)
{
	return DTRACE_QUANTIZE_BUCKETVAL(i);
}

static int quantize_bucket(int64_t v)
{
	int k;

	if (v == 0)
		return DT_QUANTIZE_ZERO;
	if (v > 0) {
		k = 64 - __builtin_clzll((uint64_t)v);	/* v in [2^(k-1), 2^k) */
		return DT_QUANTIZE_ZERO + k;
	}
	if (v <= -((int64_t)1 << 62))
		return 0;
	/* v in (-2^k, -2^(k-1)]: k - 1 = floor(log2(-v)) */
	k = 64 - __builtin_clzll((uint64_t)-v);
	return DT_QUANTIZE_ZERO - k;
}

static int lquantize_bucket(const struct dt_hist *h, int64_t v)
{
	if (v < h->base)
		return 0;
	if (v >= h->base + (int64_t)h->levels * h->step)
		return h->levels + 1;
	return (int)((v - h->base) / h->step) + 1;
}

static int llquantize_bucket(const struct dt_hist *h, int64_t v)
{
	int B = dt_llq_per_mag(h), M = dt_llq_nmags(h), Z = dt_llq_zero(h), j, m;
	uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	int64_t f = h->factor, steps = h->nsteps;

	if ((u128)mag < dt_llq_pow(f, h->low))
		return Z;
	if ((u128)mag >= dt_llq_pow(f, h->high + 1)) {
		j = M * B + 1;
	} else {
		for (m = (int)h->low; (u128)mag >= dt_llq_pow(f, m + 1); m++)
			;
		j = (int)dt_llq_offset(h, m) +
		    (int)((u128)mag * (u128)steps / dt_llq_pow(f, m + 1));
	}
	return v < 0 ? Z - j : Z + j;
}

int dt_hist_bucket(const struct dt_hist *h, int64_t value)
{
	switch (h->fn) {
	case F_QUANTIZE:
		return quantize_bucket(value);
	case F_LQUANTIZE:
		return lquantize_bucket(h, value);
	case F_LLQUANTIZE:
		return llquantize_bucket(h, value);
	default:
		return -1;
	}
}
