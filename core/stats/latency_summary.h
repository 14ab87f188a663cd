/*
 * latency_summary.h - one stressor's --latency histograms merged over its
 * instances and reduced to the figures reports show: a percentile ladder
 * per series (p50, p90, p99, p99.9 and max among its rungs).
 */
#ifndef STRESSKIT_LATENCY_SUMMARY_H
#define STRESSKIT_LATENCY_SUMMARY_H

#include <stddef.h>
#include <stdint.h>

#include <stresskit/latency.h>

/* The rungs, percent: min, ..., max (100). */
#define LATENCY_LADDER_N 26
extern const double latency_ladder_pct[LATENCY_LADDER_N];

/* The rungs the text report prints, as misc-metric lines. */
enum { LAT_P50 = 5, LAT_P90 = 11, LAT_P99 = 15, LAT_P999 = 19, LAT_MAX = 25 };

struct latency_figures {
	const char *name;	/* the series': "write", "op" */
	unsigned series;	/* its index in the instances' histograms */
	uint32_t instances;	/* that recorded into it */
	uint64_t count;		/* timed ops, overflow included */
	uint64_t overflow;	/* above 100 s */
	double mean;		/* ns */
	double ladder[LATENCY_LADDER_N];	/* ns at latency_ladder_pct[] */
};

/*
 * One stressor's histograms: inst[k] is its instance k's
 * SK_LATENCY_SERIES of them, as the latency mode's output found them
 * (the summary reads no run's result).
 */
struct latency_instances {
	const struct sk_latency **inst;
	uint32_t n;
};

/*
 * Merges series of the instances' histograms into h (emptied first);
 * returns how many instances recorded into it.
 */
uint32_t latency_merge_series(const struct latency_instances *li, unsigned series,
			      struct sk_latency *h);

/* Fills out[] with each series that holds values; returns how many. */
size_t latency_summarize(const struct latency_instances *li,
			 struct latency_figures out[SK_LATENCY_SERIES]);

#endif
