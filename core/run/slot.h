/*
 * slot.h - one instance's slot in the run's shared counter mapping: the
 * instance writes it, the controller reads it. Its head is the public
 * struct instance_counter (<stresskit/instance.h>) that the inline loop
 * writes; the rest is the core's and no plugin sees it.
 */
#ifndef STRESSKIT_SLOT_H
#define STRESSKIT_SLOT_H

#include <stddef.h>
#include <stdint.h>

#include <stresskit/stressor.h>

#define INSTANCE_METRICS_MAX 8

struct instance_metric_slot {
	const char *desc;	/* string literal: same address in every fork */
	double value;
	int mean;		/* enum metric_mean */
	int higher_is_better;
};

/*
 * busy is 1 only while ops is being updated, so an instance killed in the
 * middle of an update leaves a slot the controller can tell from a good
 * one. The union names the counter's fields for the core (slot->ops) and
 * gives the instance its head (&slot->counter) with one layout.
 */
struct instance_slot {
	union {
		struct instance_counter counter;
		struct {
			volatile uint64_t ops;
			volatile uint32_t busy;
			/*
			 * the measured window's opening as this instance
			 * saw it (ns, sk_clock_ns()): UINT64_MAX until
			 * then, 0 when it opened at the barrier; in the
			 * slot because a helper the instance forked times
			 * ops with its own copy of the instance, which never
			 * sees the opening
			 */
			volatile uint64_t window_from;
		};
	};
	volatile uint32_t state;	/* enum slot_state */
	volatile uint32_t status;	/* run()'s enum sk_status */
	uint32_t n_metrics;
	double start, stop;		/* CLOCK_MONOTONIC, seconds */
	double utime, stime;		/* this thread's CPU time at stop, seconds */
	volatile int32_t tid;		/* the instance's thread id */
	struct instance_metric_slot metrics[INSTANCE_METRICS_MAX];
	/* the ops counted when the measured window opened for this
	 * instance (instance_warmup_over; window.h) */
	volatile uint64_t window_ops;
	/* a helper's fork failed with EAGAIN (instance_error): said once
	 * for the stressor after the run (status_judge), not here */
	volatile uint32_t helper_no_process;
} __attribute__((aligned(64)));

_Static_assert(offsetof(struct instance_slot, ops) ==
	       offsetof(struct instance_counter, ops) &&
	       offsetof(struct instance_slot, busy) ==
	       offsetof(struct instance_counter, busy) &&
	       offsetof(struct instance_slot, window_from) ==
	       offsetof(struct instance_counter, window_from),
	       "the slot's counter fields are the public counter's");

enum slot_state {
	SLOT_FORKED = 0,	/* not yet past the start barrier */
	SLOT_RUNNING,
	SLOT_DONE,		/* run() returned and stop time is set */
};

/* The slot whose head the instance counts into. */
static inline struct instance_slot *instance_slot_of(const struct instance *in)
{
	return (struct instance_slot *)(void *)in->counter;
}

#endif
