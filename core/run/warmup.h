/*
 * warmup.h - --warmup: what an instance did before the warmup ended (its
 * ops, run time and CPU time) is taken off its result once it is reaped,
 * so the figures cover the counted part only. The controller ends the
 * warmup by lowering run_shared.warming; each instance notes its own ops
 * and time at its first count after that (instance_warmup_over), the op
 * boundary its latency histograms start at too; the controller notes the
 * CPU time, and the ops of an instance that counted nothing after it.
 */
#ifndef STRESSKIT_WARMUP_H
#define STRESSKIT_WARMUP_H

#include <stdbool.h>
#include <sys/types.h>

#include "run.h"

/* --warmup TIME, the mode's options (warmup.c's rows). */
struct warmup_opts {
	double seconds;		/* run before counting starts; 0: none */
};

/* The --warmup of a plan's run, in seconds; 0: none. */
double warmup_seconds(const struct run_plan *plan);

/* Right after lowering the flag: notes slot s of the instance in process
 * pid (thread: the thread recorded in the slot) into r. */
void warmup_snapshot(struct instance_result *r, const struct instance_slot *s,
		     pid_t pid, bool thread);

/* True, with the ops it had counted, once the instance of slot s noted the
 * warmup's end (or had none: it started after it, or there was none). */
bool warmup_noted(const struct instance_slot *s, uint64_t *ops);

/* After the reap: takes the warmup off r's figures, by the instance's
 * own note in s where it made one, else by warmup_snapshot's. */
void warmup_discount(struct instance_result *r, const struct instance_slot *s);

#endif
