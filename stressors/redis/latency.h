/*
 * latency.h - a latency histogram in microseconds: log-linear buckets
 * (32 per power of two, ~3% wide), so adding a sample is a few shifts and
 * a percentile is a walk over ~1000 counters.
 */
#ifndef STRESSKIT_REDIS_LATENCY_H
#define STRESSKIT_REDIS_LATENCY_H

#include <stdint.h>

#define LATENCY_SUB_BITS	5
#define LATENCY_BUCKETS		((64 - LATENCY_SUB_BITS) << LATENCY_SUB_BITS)

struct latency {
	uint64_t n;
	uint64_t count[LATENCY_BUCKETS];
};

/* Adds n samples of us microseconds. */
void latency_add(struct latency *l, uint64_t us, uint64_t n);

/* The value below which a fraction q (0..1) of the samples lie; 0 when empty. */
double latency_quantile(const struct latency *l, double q);

#endif
