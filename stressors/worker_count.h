/*
 * worker_count.h - bogo-ops counted by an instance's workers (threads, or
 * helper processes sharing a mapping), for the stressors whose stress-ng
 * peer counts from several tasks (fiemap's readers, metamix's workers).
 * The loop's count has one writer, the instance: workers claim each op
 * from a budget (what --NAME-ops leaves, so the total stays exact) and
 * add it to an atomic, which the instance moves into its count as it
 * goes and once the workers are done.
 * Header-only: every file in stressors/ is one stressor unit.
 */
#ifndef STRESSKIT_WORKER_COUNT_H
#define STRESSKIT_WORKER_COUNT_H

#include <stdbool.h>
#include <stdint.h>

#include <stresskit/stressor.h>

struct worker_count {
	uint64_t budget;	/* ops the workers may still claim */
	uint64_t done;		/* claimed, not yet in the instance's count */
};

/* After instance_ready(): the budget is what --NAME-ops leaves, or none;
 * during --warmup none (the limit is set when it ends). */
static inline void worker_count_init(struct worker_count *w, const struct instance *in)
{
	w->budget = in->window_shut || in->max_ops == UINT64_MAX ? UINT64_MAX :
		    in->max_ops - in->counter->ops;
	w->done = 0;
}

/* A worker's op, done: false when the budget was already spent (the op
 * is not counted and the worker should stop). */
static inline bool worker_count_claim(struct worker_count *w)
{
	uint64_t left = __atomic_load_n(&w->budget, __ATOMIC_RELAXED);

	do {
		if (!left)
			return false;
	} while (!__atomic_compare_exchange_n(&w->budget, &left, left - 1, true,
					      __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	__atomic_add_fetch(&w->done, 1, __ATOMIC_RELAXED);
	return true;
}

/* True once the budget is spent. */
static inline bool worker_count_spent(const struct worker_count *w)
{
	return !__atomic_load_n(&w->budget, __ATOMIC_RELAXED);
}

/* The instance moves the workers' ops into its loop's count. */
static inline void worker_count_drain(struct worker_count *w, struct instance_loop *l)
{
	uint64_t n = __atomic_exchange_n(&w->done, 0, __ATOMIC_RELAXED);

	if (n)
		instance_loop_add(l, n);
}

#endif
