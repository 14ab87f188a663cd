/*
 * instance.h - the instance side of a run: what a forked instance does
 * between fork and _exit, counting into its slot of the shared mapping
 * (shared.h).
 */
#ifndef STRESSKIT_INSTANCE_H
#define STRESSKIT_INSTANCE_H

#include <signal.h>
#include <sys/types.h>

#include <stresskit/stressor.h>

#include "slot.h"

#include "shared.h"

struct run_state;

/*
 * Adds the signals that stop an instance to set: the controller's SIGALRM
 * and what a terminal or kill sends the run's process group (SIGINT,
 * SIGTERM, SIGHUP).
 */
void instance_stop_signals(sigset_t *set);

/*
 * The process side of an instance (or of a thread-mode worker): dies with
 * the controller, takes the stop signals, names itself, sets affinity.
 */
void instance_setup(const struct run_state *st, const struct stressor_ctx *ctx,
		    pid_t controller);

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
void instance_main(const struct run_state *st, const struct stressor_ctx *ctx,
		   uint32_t index, struct instance_slot *slot, uint64_t max_ops,
		   pid_t controller) __attribute__((noreturn));

struct instance_result;
struct rusage;

/*
 * In the controller, once an instance is reaped: what it left in its slot,
 * its wait status and rusage, into its result (now: the reap time).
 */
void instance_record(struct instance_result *r, const struct instance_slot *s,
		     int wstatus, const struct rusage *ru, double now);

#endif
