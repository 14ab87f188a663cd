/*
 * instance.h - one running instance as its run() sees it, and the inline
 * functions of its loop: count bogo-ops, see the stop, time ops for
 * --latency. None costs a syscall or a lock: the count is two plain
 * stores into the instance's slot in the run's shared mapping, and the
 * controller tells a count torn by a kill from a good one.
 */
#ifndef STRESSKIT_INSTANCE_API_H
#define STRESSKIT_INSTANCE_API_H

#include <stdbool.h>
#include <stdint.h>

#include <stresskit/latency.h>
#include <stresskit/version.h>

struct stressor_ctx;

/* The head of the instance's slot in the run's shared mapping, which the
 * inline functions below use; the controller reads it. */
struct instance_counter {
	volatile uint64_t ops;		/* bogo-ops counted */
	volatile uint32_t busy;		/* 1 while ops is written: torn if killed */
	volatile uint64_t window_from;	/* ns: the measured window opened then (the
					 * --warmup's end); ops started before it
					 * are outside it, and untimed */
};

/* One running instance, as run() sees it. The fields after index are the
 * inline functions' state: read them through those functions. */
struct instance {
	const struct stressor_ctx *ctx;
	const void *opts;		/* == ctx->opts */
	uint32_t index;			/* 0 .. ctx->instances - 1 */
	struct instance_counter *counter;
	const volatile uint32_t *stop;	/* the run's stop flag */
	uint64_t max_ops;		/* --NAME-ops, and --warmup's ops once it
					 * ended; UINT64_MAX: no limit */
	struct sk_latency *timing;	/* timed ops' histograms [SK_LATENCY_SERIES],
					 * or NULL: no op is timed */
	uint32_t time_every, time_left;	/* the sampling countdown */
	uint64_t window_from;		/* counter->window_from, as this instance saw it */
	const volatile uint32_t *window_shut;	/* 1 until the window opens; NULL:
						 * open from the start */
};

/* The loop's, never a stressor's: the count that ends --warmup calls it. */
SK_API void instance_warmup_over(struct instance *in);

/*
 * The loop, the one way to count bogo-ops: the stop flag, counter, limit
 * and count are read once and kept in registers, so the check and count
 * cost what a bare loop's do.
 *	struct instance_loop l = instance_loop_begin(in);
 *
 *	while (instance_loop_continue(&l)) {
 *		one op;
 *		instance_loop_inc(&l);
 *	}
 * Begin it after instance_ready() (STRESSOR_OWN_START). Count only
 * through l until the loop ends; another loop may begin after it. The
 * loop ends at the stop (timeout, signal), at --NAME-ops, and, under
 * --sandbox, through the failed call (EPERM): check each op's result.
 */
struct instance_loop {
	struct instance *in;
	const volatile uint32_t *stop;
	struct instance_counter *counter;
	uint64_t ops;			/* counter->ops: this instance alone writes it */
	uint64_t limit;			/* in->max_ops; none while the window is shut */
	const volatile uint32_t *window_shut;	/* in->window_shut */
};

static inline struct instance_loop instance_loop_begin(struct instance *in)
{
	struct instance_loop l = {
		.in = in, .stop = in->stop, .counter = in->counter,
		.ops = in->counter->ops, .window_shut = in->window_shut,
		/* --NAME-ops counts after --warmup: its limit is set when the
		 * warmup ends (instance_loop_add) */
		.limit = in->window_shut ? UINT64_MAX : in->max_ops,
	};

	return l;
}

/* True while the instance should do more work. */
static inline bool instance_loop_continue(const struct instance_loop *l)
{
	return !__atomic_load_n(l->stop, __ATOMIC_RELAXED) && l->ops < l->limit;
}

/* Counts n ops: plain stores bracketed by busy (a torn count is seen);
 * the count that first sees --warmup over is the warmup's last, and
 * --NAME-ops counts from the next op. */
static inline void instance_loop_add(struct instance_loop *l, uint64_t n)
{
	struct instance_counter *c = l->counter;

	l->ops += n;
	c->busy = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	c->ops = l->ops;
	__atomic_store_n(&c->busy, 0, __ATOMIC_RELEASE);
	if (__builtin_expect(l->window_shut != NULL, 0) &&
	    !__atomic_load_n(l->window_shut, __ATOMIC_ACQUIRE)) {
		instance_warmup_over(l->in);
		l->window_shut = NULL;
		l->limit = l->in->max_ops;
	}
}

static inline void instance_loop_inc(struct instance_loop *l)
{
	instance_loop_add(l, 1);
}

/* The ops counted so far. */
static inline uint64_t instance_loop_ops(const struct instance_loop *l)
{
	return l->ops;
}

/*
 * The batch form, for ops of a few ns: how many to do before the next
 * check and count, at most max, fewer near --NAME-ops, 0 when the loop
 * ends. An op that fails in a batch counts the ones done before it:
 *	while ((n = instance_loop_batch(&l, 64))) {
 *		for (i = 0; i < n; i++)
 *			if (op fails) { instance_loop_add(&l, i); return ...; }
 *		instance_loop_add(&l, n);
 *	}
 */
static inline uint64_t instance_loop_batch(const struct instance_loop *l, uint64_t max)
{
	uint64_t left = l->ops < l->limit ? l->limit - l->ops : 0;

	if (__atomic_load_n(l->stop, __ATOMIC_RELAXED))
		return 0;
	return left < max ? left : max;
}

/* True while --warmup runs: the ops counted now are the warmup's, and
 * the --NAME-ops limit is set by the first count after it ends. */
static inline bool instance_loop_warming(const struct instance_loop *l)
{
	return l->window_shut && __atomic_load_n(l->window_shut, __ATOMIC_ACQUIRE);
}

/* True once the stop flag is set: for a wait inside one op. */
static inline bool instance_loop_stopping(const struct instance_loop *l)
{
	return __atomic_load_n(l->stop, __ATOMIC_RELAXED);
}

static inline bool instance_stopping(const struct instance *in)
{
	return __atomic_load_n(in->stop, __ATOMIC_RELAXED);
}

/*
 * --latency: times one op in --latency-sample into series 0. begin returns
 * the start in ns when this op is sampled, else 0 (always 0 without
 * --latency or in the --warmup); end records the time since. Wrap the op:
 *	uint64_t t0 = instance_latency_begin(in);
 *	write(fd, buf, n);
 *	instance_latency_end(in, t0);
 */
static inline uint64_t instance_latency_begin(struct instance *in)
{
	uint64_t t;

	if (!in->timing || --in->time_left)
		return 0;
	in->time_left = in->time_every;
	t = sk_clock_ns();
	return t >= in->window_from ? t : 0;
}

static inline void instance_latency_end(struct instance *in, uint64_t t0)
{
	if (t0)
		sk_latency_record(&in->timing[0], sk_clock_ns() - t0);
}

/* True with --latency: a stressor that stamps its own times checks it. */
static inline bool instance_latency_on(const struct instance *in)
{
	return in->timing != NULL;
}

/* Records end - start (sk_clock_ns() times) into a series below
 * SK_LATENCY_SERIES, unless start is in the --warmup; one writer per
 * series (a helper the instance forked may own series 1). */
static inline void instance_latency_record(struct instance *in, unsigned series,
					   uint64_t start, uint64_t end)
{
	if (in->timing && series < SK_LATENCY_SERIES &&
	    start >= __atomic_load_n(&in->counter->window_from, __ATOMIC_RELAXED))
		sk_latency_record(&in->timing[series], end - start);
}

/* Names a series in the report (a string literal); series 0 is "op"
 * unless named. Call it before the loop. */
SK_API void instance_latency_name(struct instance *in, unsigned series,
				  const char *name);

#endif
