/*
 * instance.h - the instance side of a run: what a forked instance does
 * between fork and _exit, and the shared mapping it counts into.
 */
#ifndef STRESSKIT_INSTANCE_H
#define STRESSKIT_INSTANCE_H

#include <sys/types.h>

#include <stresskit/stressor.h>

/*
 * The run's shared mapping: this header on its own cache line, read by
 * every instance's loop and written once, then one slot per instance.
 */
struct run_shared {
	uint32_t start;		/* futex: 0 until the start barrier opens */
	uint32_t stop;		/* 1 once the run should stop */
	uint32_t warming;	/* --warmup: 1 until the controller ends it */
} __attribute__((aligned(64)));

/* Maps the header, n slots and n pids, shared across fork. NULL on failure. */
struct run_shared *shared_map(size_t n_slots, size_t *len);
void shared_unmap(struct run_shared *sh, size_t len);
struct instance_slot *shared_slot(struct run_shared *sh, size_t i);
/*
 * The controller's note of each slot's pid while it forks, after the n
 * slots: a shared page, which fork neither copies nor write-protects, so
 * noting a pid costs the next fork nothing (scheduler.c).
 */
pid_t *shared_pids(struct run_shared *sh, size_t n_slots);

/* Opens the start barrier, or (stop) tells waiting instances to give up. */
void shared_release(struct run_shared *sh);

/* Waits until the start barrier opens (or the run is stopped first). */
void instance_wait_start(struct run_shared *sh);

/*
 * The process side of an instance (or of a thread-mode worker): dies with
 * the controller, takes the stop signals, names itself, sets affinity.
 */
void instance_setup(const struct stressor_ctx *ctx, struct run_shared *sh,
		    pid_t controller, const uint64_t *taskset);

/*
 * One instance from the start barrier to run()'s return, in the calling
 * process or thread: records start, stop, CPU time and status in the slot
 * and returns the status.
 */
int instance_body(const struct stressor_ctx *ctx, uint32_t index,
		  struct run_shared *sh, struct instance_slot *slot,
		  uint64_t max_ops);

/*
 * Runs one instance in a freshly forked child and never returns: sets up
 * signals and the process name, waits at the barrier, calls run(), records
 * the times and exits with run()'s status.
 */
void instance_main(const struct stressor_ctx *ctx, uint32_t index,
		   struct run_shared *sh, struct instance_slot *slot,
		   uint64_t max_ops, pid_t controller,
		   const uint64_t *taskset) __attribute__((noreturn));

struct instance_result;
struct rusage;

/*
 * In the controller, once an instance is reaped: what it left in its slot,
 * its wait status and rusage, into its result (now: the reap time).
 */
void instance_record(struct instance_result *r, const struct instance_slot *s,
		     int wstatus, const struct rusage *ru, double now);

#endif
