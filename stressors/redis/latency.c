/*
 * latency.c - the histogram: values below 32 have a bucket each; above,
 * a value's bucket is its power of two and its next 5 bits.
 */
#include "latency.h"

static unsigned latency_bucket(uint64_t v)
{
	unsigned msb;

	if (v < (1u << LATENCY_SUB_BITS))
		return (unsigned)v;
	msb = 63u - (unsigned)__builtin_clzll(v);
	return ((msb - LATENCY_SUB_BITS + 1) << LATENCY_SUB_BITS) +
	       (unsigned)((v >> (msb - LATENCY_SUB_BITS)) & ((1u << LATENCY_SUB_BITS) - 1));
}

/* The middle of a bucket's range, as the value it stands for. */
static double latency_value(unsigned b)
{
	unsigned shift, sub;

	if (b < (1u << LATENCY_SUB_BITS))
		return b;
	shift = (b >> LATENCY_SUB_BITS) - 1;
	sub = b & ((1u << LATENCY_SUB_BITS) - 1);
	return (double)(((uint64_t)(sub | (1u << LATENCY_SUB_BITS)) << shift)) +
	       (double)((1ULL << shift) >> 1);
}

void latency_add(struct latency *l, uint64_t us, uint64_t n)
{
	unsigned b = latency_bucket(us);

	if (b >= LATENCY_BUCKETS)
		b = LATENCY_BUCKETS - 1;
	l->count[b] += n;
	l->n += n;
}

double latency_quantile(const struct latency *l, double q)
{
	uint64_t want, seen = 0;

	if (!l->n)
		return 0;
	want = (uint64_t)(q * (double)l->n);
	if (want >= l->n)
		want = l->n - 1;
	for (unsigned b = 0; b < LATENCY_BUCKETS; b++) {
		seen += l->count[b];
		if (seen > want)
			return latency_value(b);
	}
	return latency_value(LATENCY_BUCKETS - 1);
}
