/*
 * latency.c - the histogram's slow side (<stresskit/latency.h>): reset,
 * merge, a counter's value range and percentiles. Recording is inline in
 * the header, so an instance's loop never calls in here.
 */
#include <stresskit/latency.h>

#include <string.h>

void sk_latency_reset(struct sk_latency *h, const char *name)
{
	memset(h, 0, sizeof(*h));
	h->name = name;
	h->min = UINT64_MAX;
}

void sk_latency_merge(struct sk_latency *dst, const struct sk_latency *src)
{
	/* skipping empty sources keeps an untouched mapping's pages unread */
	if (!src->total)
		return;
	for (uint32_t i = 0; i < SK_LATENCY_COUNTS; i++)
		dst->counts[i] += src->counts[i];
	dst->total += src->total;
	dst->overflow += src->overflow;
	dst->sum += src->sum;
	if (src->max > dst->max)
		dst->max = src->max;
	if (src->min < dst->min)
		dst->min = src->min;
}

uint64_t sk_latency_lowest(uint32_t index)
{
	int bucket = (int)(index >> SK_LATENCY_HALF_MAG) - 1;
	uint64_t sub = (index & ((1u << SK_LATENCY_HALF_MAG) - 1)) +
		       (1u << SK_LATENCY_HALF_MAG);

	/* bucket 0's first half holds 0..1023, one value per counter */
	if (bucket < 0) {
		sub -= 1u << SK_LATENCY_HALF_MAG;
		bucket = 0;
	}
	return sub << bucket;
}

uint64_t sk_latency_highest(uint32_t index)
{
	int bucket = (int)(index >> SK_LATENCY_HALF_MAG) - 1;

	return sk_latency_lowest(index) + (1ULL << (bucket > 0 ? bucket : 0)) - 1;
}

uint64_t sk_latency_percentile(const struct sk_latency *h, double p)
{
	uint64_t in_range = 0, want, seen = 0;

	/* counted from the counters, so a torn total cannot mislead */
	for (uint32_t i = 0; i < SK_LATENCY_COUNTS; i++)
		in_range += h->counts[i];
	if (!in_range && !h->overflow)
		return 0;
	if (p < 0)
		p = 0;
	if (p > 100)
		p = 100;
	want = (uint64_t)(p / 100.0 * (double)(in_range + h->overflow) + 0.5);
	if (want < 1)
		want = 1;
	if (want > in_range)	/* the rank lies among the overflowed values */
		return h->max;
	for (uint32_t i = 0; i < SK_LATENCY_COUNTS; i++) {
		seen += h->counts[i];
		if (seen >= want) {
			uint64_t v = sk_latency_highest(i);

			return v < h->max ? v : h->max;
		}
	}
	return h->max;
}
