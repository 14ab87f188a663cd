/*
 * latency.h - a latency histogram with HdrHistogram's bucket layout:
 * values from 1 ns to 100 s at 3 significant digits (lowest discernible
 * value 1, highest trackable 10^11, 2048 sub-buckets: 28672 counters), so
 * an export reads into HdrHistogram's tools. Memory is fixed per
 * histogram; recording is a few shifts and four stores, no syscall, no
 * allocation, no lock (one writer per histogram). Values above 100 s are
 * counted in .overflow and still move .max, so nothing recorded is lost.
 *
 * A stressor times an op with instance_latency_begin()/_end() (stressor.h),
 * which sample one op in --latency-sample; the histograms live beside the
 * run's shared slots and the controller merges them after the reap.
 */
#ifndef STRESSKIT_LATENCY_H
#define STRESSKIT_LATENCY_H

#include <stdint.h>

/* sk_clock_ns(), which the latency API's callers time with: included
 * here too, so that plugins written against 1.0 build unchanged */
#include <stresskit/clock.h>
#include <stresskit/version.h>

/* HdrHistogram's parameters for (1, 10^11, 3 significant digits). */
#define SK_LATENCY_HIGHEST	100000000000ULL	/* 100 s in ns */
#define SK_LATENCY_SUB_MAG	11		/* 2048 sub-buckets >= 2 * 10^3 */
#define SK_LATENCY_HALF_MAG	(SK_LATENCY_SUB_MAG - 1)
#define SK_LATENCY_BUCKETS	27		/* 2048 << 26 > 10^11 */
#define SK_LATENCY_COUNTS	((SK_LATENCY_BUCKETS + 1) << SK_LATENCY_HALF_MAG)

/* Histogram series an instance may fill (pipe: write, write-to-read). */
#define SK_LATENCY_SERIES	2

struct sk_latency {
	const char *name;	/* string literal (same address in every fork), or NULL */
	uint64_t total;		/* values recorded, overflow included */
	uint64_t overflow;	/* values above SK_LATENCY_HIGHEST */
	uint64_t min, max;	/* ns; min is UINT64_MAX while empty */
	uint64_t sum;		/* ns, for the mean */
	uint64_t counts[SK_LATENCY_COUNTS];
};

/* The counter a value (ns, <= SK_LATENCY_HIGHEST) falls in: HdrHistogram's. */
static inline uint32_t sk_latency_index(uint64_t v)
{
	/* the power of two above v, at least the sub-bucket count */
	unsigned pow2 = 64u - (unsigned)__builtin_clzll(v | ((1u << SK_LATENCY_SUB_MAG) - 1));
	unsigned bucket = pow2 - SK_LATENCY_SUB_MAG;
	uint32_t sub = (uint32_t)(v >> bucket);

	return ((bucket + 1) << SK_LATENCY_HALF_MAG) + sub - (1u << SK_LATENCY_HALF_MAG);
}

/* Adds one value in nanoseconds. */
static inline void sk_latency_record(struct sk_latency *h, uint64_t ns)
{
	if (__builtin_expect(ns > SK_LATENCY_HIGHEST, 0))
		h->overflow++;
	else
		h->counts[sk_latency_index(ns)]++;
	h->total++;
	h->sum += ns;
	if (ns > h->max)
		h->max = ns;
	if (ns < h->min)
		h->min = ns;
}

/* Empties h and names it (name: a string literal, or NULL). */
SK_API void sk_latency_reset(struct sk_latency *h, const char *name);

/* Adds every value of src to dst (dst keeps its name). */
SK_API void sk_latency_merge(struct sk_latency *dst, const struct sk_latency *src);

/* The smallest and largest value a counter stands for, ns. */
SK_API uint64_t sk_latency_lowest(uint32_t index);
SK_API uint64_t sk_latency_highest(uint32_t index);

/*
 * The value at percentile p (0..100), ns, as HdrHistogram computes it: the
 * largest value equivalent to the one at rank round(p/100 * total), at
 * least 1, never above the recorded max. 0 when empty.
 */
SK_API uint64_t sk_latency_percentile(const struct sk_latency *h, double p);

#endif
