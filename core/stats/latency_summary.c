/*
 * latency_summary.c - from the instances' histograms to a stressor's
 * latency figures. Merging adds counters, so the percentiles are those of
 * every timed op of the stressor, not a mean of per-instance percentiles.
 */
#include "latency_summary.h"

#include <stdlib.h>
#include <string.h>

const double latency_ladder_pct[LATENCY_LADDER_N] = {
	0, 10, 20, 30, 40, 50, 60, 70, 75, 80, 85, 90, 92.5, 95, 97.5,
	99, 99.25, 99.5, 99.75, 99.9, 99.95, 99.975, 99.99, 99.995, 99.999, 100,
};

uint32_t latency_merge_series(const struct latency_instances *li, unsigned series,
			      struct sk_latency *h)
{
	uint32_t n = 0;

	sk_latency_reset(h, NULL);
	for (uint32_t k = 0; k < li->n; k++) {
		const struct sk_latency *src = li->inst[k];

		if (!src || !src[series].total)
			continue;
		if (!h->name)
			h->name = src[series].name;
		sk_latency_merge(h, &src[series]);
		n++;
	}
	return n;
}

size_t latency_summarize(const struct latency_instances *li,
			 struct latency_figures out[SK_LATENCY_SERIES])
{
	struct sk_latency *h;
	size_t n = 0;

	if (!li->n || !(h = malloc(sizeof(*h))))
		return 0;
	for (unsigned s = 0; s < SK_LATENCY_SERIES; s++) {
		struct latency_figures *f = &out[n];
		uint32_t inst = latency_merge_series(li, s, h);

		if (!inst)
			continue;
		memset(f, 0, sizeof(*f));
		/* the name is a literal in the stressor: the same address here */
		f->name = h->name ? h->name : s ? "series-1" : "op";
		f->series = s;
		f->instances = inst;
		f->count = h->total;
		f->overflow = h->overflow;
		f->mean = (double)h->sum / (double)h->total;
		for (int r = 0; r < LATENCY_LADDER_N; r++)
			f->ladder[r] = (double)sk_latency_percentile(h, latency_ladder_pct[r]);
		f->ladder[0] = (double)h->min;	/* p0 is the bucket's top: say the min */
		n++;
	}
	free(h);
	return n;
}
