/*
 * test_latency.c - the latency histogram (<stresskit/latency.h>): HdrHistogram's
 * bucket edges, percentiles against a sorted-array reference on known and
 * random data, merge, bounds and overflow, and the instance's sampling.
 */
#include <stdlib.h>
#include <string.h>

#include <stresskit/stressor.h>

#include "latency_summary.h"
#include "slot.h"
#include "unit.h"

static struct sk_latency *lat_new(void)
{
	struct sk_latency *h = malloc(sizeof(*h));

	ck_assert_ptr_nonnull(h);
	sk_latency_reset(h, NULL);
	return h;
}

static int lat_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* What the histogram must answer for p over sorted v[n]: the value at
 * HdrHistogram's rank, as the top of its counter, capped at the max. */
static uint64_t lat_expect(const uint64_t *v, size_t n, double p)
{
	uint64_t rank = (uint64_t)(p / 100.0 * (double)n + 0.5);
	uint64_t x, top;

	if (rank < 1)
		rank = 1;
	x = v[rank - 1];
	if (x > SK_LATENCY_HIGHEST)
		return v[n - 1];
	top = sk_latency_highest(sk_latency_index(x));
	return top < v[n - 1] ? top : v[n - 1];
}

/* xorshift64*: the same data on every run */
static uint64_t lat_rand(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

START_TEST(test_bucket_edges)
{
	uint32_t last = sk_latency_index(SK_LATENCY_HIGHEST);

	/* HdrHistogram(1, 10^11, 3): 28672 counters, 0..2047 one value each */
	ck_assert_uint_eq(SK_LATENCY_COUNTS, 28672);
	ck_assert_uint_lt(last, SK_LATENCY_COUNTS);
	for (uint64_t v = 0; v < 2048; v++) {
		ck_assert_uint_eq(sk_latency_index(v), v);
		ck_assert_uint_eq(sk_latency_lowest((uint32_t)v), v);
		ck_assert_uint_eq(sk_latency_highest((uint32_t)v), v);
	}
	ck_assert_uint_eq(sk_latency_index(2048), 2048);
	ck_assert_uint_eq(sk_latency_index(2049), 2048);
	ck_assert_uint_eq(sk_latency_index(2050), 2049);
	ck_assert_uint_eq(sk_latency_index(4095), 3071);
	ck_assert_uint_eq(sk_latency_index(4096), 3072);
	ck_assert_uint_eq(sk_latency_lowest(3072), 4096);
	ck_assert_uint_eq(sk_latency_highest(3072), 4099);
	/* every counter is contiguous with the next, holds its own edges, and
	 * is at most 1/1024 of its value wide: 3 significant digits */
	for (uint32_t i = 0; i < last; i++) {
		uint64_t lo = sk_latency_lowest(i), hi = sk_latency_highest(i);

		ck_assert_uint_eq(sk_latency_index(lo), i);
		ck_assert_uint_eq(sk_latency_index(hi), i);
		ck_assert_uint_eq(sk_latency_lowest(i + 1), hi + 1);
		if (lo >= 1024)
			ck_assert_uint_le((hi - lo + 1) * 1024, lo);
	}
	ck_assert_uint_le(sk_latency_lowest(last), SK_LATENCY_HIGHEST);
	ck_assert_uint_ge(sk_latency_highest(last), SK_LATENCY_HIGHEST);
}
END_TEST

START_TEST(test_percentiles_known)
{
	struct sk_latency *h = lat_new();

	ck_assert_uint_eq(sk_latency_percentile(h, 50), 0);	/* empty */
	for (uint64_t v = 1000; v >= 1; v--)
		sk_latency_record(h, v);
	ck_assert_uint_eq(h->total, 1000);
	ck_assert_uint_eq(h->min, 1);
	ck_assert_uint_eq(h->max, 1000);
	ck_assert_uint_eq(h->sum, 500500);
	/* below 2048 every value is exact: rank round(p * n) of 1..1000 */
	ck_assert_uint_eq(sk_latency_percentile(h, 0), 1);
	ck_assert_uint_eq(sk_latency_percentile(h, 50), 500);
	ck_assert_uint_eq(sk_latency_percentile(h, 90), 900);
	ck_assert_uint_eq(sk_latency_percentile(h, 99), 990);
	ck_assert_uint_eq(sk_latency_percentile(h, 99.9), 999);
	ck_assert_uint_eq(sk_latency_percentile(h, 100), 1000);
	/* one value of 1 s among them: the top sits at it, not at its counter's top */
	sk_latency_record(h, 1000000000);
	ck_assert_uint_eq(sk_latency_percentile(h, 100), 1000000000);
	ck_assert_uint_eq(sk_latency_percentile(h, 50), 501);
	free(h);
}
END_TEST

START_TEST(test_percentiles_random)
{
	static const double ps[] = { 0, 1, 10, 25, 50, 75, 90, 99, 99.5, 99.9,
				     99.99, 99.999, 100 };
	const size_t n = 200000;
	uint64_t *v = malloc(n * sizeof(*v)), seed = 88172645463325252ULL;
	struct sk_latency *h = lat_new();

	ck_assert_ptr_nonnull(v);
	for (size_t i = 0; i < n; i++) {
		/* log-uniform over 1 ns .. ~100 s, and some above */
		unsigned shift = (unsigned)(lat_rand(&seed) % 38);

		v[i] = 1 + (lat_rand(&seed) >> (63 - shift));
		sk_latency_record(h, v[i]);
	}
	qsort(v, n, sizeof(*v), lat_cmp);
	ck_assert_uint_eq(h->min, v[0]);
	ck_assert_uint_eq(h->max, v[n - 1]);
	for (size_t i = 0; i < sizeof(ps) / sizeof(ps[0]); i++) {
		uint64_t got = sk_latency_percentile(h, ps[i]);
		uint64_t want = lat_expect(v, n, ps[i]);

		ck_assert_msg(got == want, "p%g: %llu, expected %llu", ps[i],
			      (unsigned long long)got, (unsigned long long)want);
	}
	free(v);
	free(h);
}
END_TEST

START_TEST(test_merge)
{
	struct sk_latency *a = lat_new(), *b = lat_new(), *all = lat_new();
	uint64_t seed = 7;

	sk_latency_reset(a, "write");
	for (int i = 0; i < 50000; i++) {
		uint64_t v = lat_rand(&seed) % 5000000000ULL;

		sk_latency_record(i % 3 ? a : b, v);
		sk_latency_record(all, v);
	}
	sk_latency_record(b, SK_LATENCY_HIGHEST + 5);	/* overflow merges too */
	sk_latency_record(all, SK_LATENCY_HIGHEST + 5);
	sk_latency_merge(a, b);
	ck_assert_str_eq(a->name, "write");
	ck_assert_uint_eq(a->total, all->total);
	ck_assert_uint_eq(a->overflow, 1);
	ck_assert_uint_eq(a->sum, all->sum);
	ck_assert_uint_eq(a->min, all->min);
	ck_assert_uint_eq(a->max, all->max);
	ck_assert_int_eq(memcmp(a->counts, all->counts, sizeof(a->counts)), 0);
	/* an empty source changes nothing, min included */
	sk_latency_reset(b, NULL);
	sk_latency_merge(a, b);
	ck_assert_uint_eq(a->min, all->min);
	ck_assert_uint_eq(a->total, all->total);
	free(a);
	free(b);
	free(all);
}
END_TEST

START_TEST(test_bounds_overflow)
{
	struct sk_latency *h = lat_new();

	sk_latency_record(h, 0);
	sk_latency_record(h, 1);
	sk_latency_record(h, SK_LATENCY_HIGHEST);
	sk_latency_record(h, SK_LATENCY_HIGHEST + 1);
	sk_latency_record(h, UINT64_MAX);
	ck_assert_uint_eq(h->total, 5);
	ck_assert_uint_eq(h->overflow, 2);	/* counted, not lost */
	ck_assert_uint_eq(h->min, 0);
	ck_assert_uint_eq(h->max, UINT64_MAX);
	ck_assert_uint_eq(h->counts[0], 1);
	ck_assert_uint_eq(h->counts[1], 1);
	ck_assert_uint_eq(h->counts[sk_latency_index(SK_LATENCY_HIGHEST)], 1);
	ck_assert_uint_eq(sk_latency_percentile(h, 20), 0);
	ck_assert_uint_eq(sk_latency_percentile(h, 40), 1);
	/* rank 3 of 5 is 100 s: its counter's top, within 1/1024 */
	ck_assert_uint_ge(sk_latency_percentile(h, 60), SK_LATENCY_HIGHEST);
	ck_assert_uint_le(sk_latency_percentile(h, 60),
			  SK_LATENCY_HIGHEST + SK_LATENCY_HIGHEST / 1024);
	/* ranks among the overflowed values answer the true max */
	ck_assert_uint_eq(sk_latency_percentile(h, 80), UINT64_MAX);
	ck_assert_uint_eq(sk_latency_percentile(h, 100), UINT64_MAX);
	ck_assert_uint_eq(sk_latency_percentile(h, 250), UINT64_MAX);	/* clamped */
	ck_assert_uint_eq(sk_latency_percentile(h, -5), 0);
	free(h);
}
END_TEST

START_TEST(test_instance_sampling)
{
	struct sk_latency *h = calloc(SK_LATENCY_SERIES, sizeof(*h));
	struct instance_slot slot = { 0 };
	struct instance in = { .counter = &slot.counter, .timing = NULL, .time_every = 4,
			       .time_left = 1 };
	unsigned timed = 0;

	ck_assert_ptr_nonnull(h);
	/* off: never timed, nothing recorded */
	for (int i = 0; i < 100; i++)
		ck_assert_uint_eq(instance_latency_begin(&in), 0);
	instance_latency_record(&in, 1, 10, 15);
	for (unsigned s = 0; s < SK_LATENCY_SERIES; s++)
		sk_latency_reset(&h[s], NULL);
	in.timing = h;
	for (int i = 0; i < 100; i++) {
		uint64_t t0 = instance_latency_begin(&in);

		timed += t0 != 0;
		instance_latency_end(&in, t0);
	}
	/* the first op, then one in four */
	ck_assert_uint_eq(timed, 25);
	ck_assert_uint_eq(h[0].total, 25);
	instance_latency_record(&in, 1, 10, 15);
	instance_latency_record(&in, SK_LATENCY_SERIES, 10, 15);	/* ignored */
	ck_assert_uint_eq(h[1].total, 1);
	ck_assert_uint_eq(h[1].max, 5);
	instance_latency_name(&in, 1, "delivery");
	ck_assert_str_eq(h[1].name, "delivery");
	free(h);
}
END_TEST

/*
 * --warmup: while the flag is up nothing is timed; the first count that
 * sees it down closes the warmup (its ops included), and from the next op
 * on every op is both counted and timed: the same boundary for both.
 */
START_TEST(test_instance_warmup)
{
	struct sk_latency *h = calloc(SK_LATENCY_SERIES, sizeof(*h));
	struct instance_slot slot = { .window_from = UINT64_MAX };
	uint32_t warming = 1;
	struct instance in = {
		.counter = &slot.counter, .timing = h, .time_every = 1, .time_left = 1,
		.window_from = UINT64_MAX, .window_shut = &warming,
	};
	struct instance_loop l = instance_loop_begin(&in);
	uint64_t now = sk_clock_ns(), from;

	ck_assert_ptr_nonnull(h);
	for (unsigned s = 0; s < SK_LATENCY_SERIES; s++)
		sk_latency_reset(&h[s], NULL);
	for (int i = 0; i < 10; i++) {
		uint64_t t0 = instance_latency_begin(&in);

		ck_assert_uint_eq(t0, 0);
		instance_latency_end(&in, t0);
		instance_loop_inc(&l);
	}
	instance_latency_record(&in, 1, now, now + 7);
	ck_assert_uint_eq(h[0].total, 0);
	ck_assert_uint_eq(h[1].total, 0);
	ck_assert_uint_eq(slot.window_from, UINT64_MAX);
	/* the flag goes down mid-op: that op is still the warmup's */
	instance_latency_end(&in, instance_latency_begin(&in));
	warming = 0;
	instance_loop_add(&l, 2);
	ck_assert(in.window_shut == NULL);
	ck_assert_uint_eq(slot.window_ops, 12);
	ck_assert_uint_eq(h[0].total, 0);
	from = slot.window_from;
	ck_assert_uint_eq(from, in.window_from);
	ck_assert_uint_ge(from, now);
	/* past it: both count, from the op's start, not its end */
	instance_latency_record(&in, 1, from, from + 7);
	instance_latency_record(&in, 1, from - 1, from + 7);
	ck_assert_uint_eq(h[1].total, 1);
	for (int i = 0; i < 5; i++) {
		instance_latency_end(&in, instance_latency_begin(&in));
		instance_loop_inc(&l);
	}
	ck_assert_uint_eq(h[0].total, slot.ops - slot.window_ops);
	ck_assert_uint_eq(slot.window_ops, 12);
	free(h);
}
END_TEST

/*
 * The same boundary through instance_loop: the count that first sees the
 * flag down closes the warmup, for the instance and the loop alike; the
 * ops limit does not bind the warmup, and counts exactly that many ops
 * after it.
 */
START_TEST(test_instance_loop_warmup)
{
	struct instance_slot slot = { .window_from = UINT64_MAX };
	uint32_t warming = 1, stop = 0;
	struct instance in = {
		.counter = &slot.counter, .stop = &stop, .max_ops = 20,
		.window_from = UINT64_MAX, .window_shut = &warming,
	};
	struct instance_loop l = instance_loop_begin(&in);
	uint64_t now = sk_clock_ns();

	for (int i = 0; i < 25; i++)
		instance_loop_inc(&l);
	ck_assert_uint_eq(slot.ops, 25);
	ck_assert_uint_eq(slot.busy, 0);
	ck_assert_uint_eq(slot.window_from, UINT64_MAX);
	/* past --NAME-ops, still warming: no limit yet */
	ck_assert(instance_loop_continue(&l));
	ck_assert_uint_eq(instance_loop_batch(&l, 64), 64);
	warming = 0;
	instance_loop_add(&l, 2);
	ck_assert(in.window_shut == NULL);
	ck_assert(l.window_shut == NULL);
	ck_assert_uint_eq(slot.window_ops, 27);
	ck_assert_uint_eq(in.max_ops, 47);
	ck_assert_uint_ge(slot.window_from, now);
	ck_assert_uint_eq(slot.window_from, in.window_from);
	/* closed once: a later count moves neither */
	now = slot.window_from;
	instance_loop_inc(&l);
	ck_assert_uint_eq(slot.window_ops, 27);
	ck_assert_uint_eq(slot.window_from, now);
	while (instance_loop_continue(&l))
		instance_loop_inc(&l);
	ck_assert_uint_eq(slot.ops - slot.window_ops, 20);
	ck_assert_uint_eq(instance_loop_ops(&l), 47);
	ck_assert_uint_eq(instance_loop_batch(&l, 64), 0);
	/* a new loop starts where the instance is */
	in.max_ops = 52;
	l = instance_loop_begin(&in);
	ck_assert(instance_loop_continue(&l));
	ck_assert_uint_eq(instance_loop_batch(&l, 64), 5);
	ck_assert_uint_eq(instance_loop_batch(&l, 3), 3);
	stop = 1;
	ck_assert_uint_eq(instance_loop_batch(&l, 64), 0);
	ck_assert(!instance_loop_continue(&l));
	ck_assert(instance_loop_stopping(&l));
}
END_TEST

static Suite *latency_suite(void)
{
	Suite *s = suite_create("latency");
	TCase *tc = tcase_create("histogram");

	tcase_add_test(tc, test_bucket_edges);
	tcase_add_test(tc, test_percentiles_known);
	tcase_add_test(tc, test_percentiles_random);
	tcase_add_test(tc, test_instance_warmup);
	tcase_add_test(tc, test_instance_loop_warmup);
	tcase_add_test(tc, test_merge);
	tcase_add_test(tc, test_bounds_overflow);
	tcase_add_test(tc, test_instance_sampling);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_SUITE(latency_suite);
