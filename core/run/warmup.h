/*
 * warmup.h - --warmup: what an instance did before the warmup ended (its
 * ops, run time and CPU time) is noted at that moment and taken off its
 * result once it is reaped, so the figures cover the counted part only.
 */
#ifndef STRESSKIT_WARMUP_H
#define STRESSKIT_WARMUP_H

#include <stdbool.h>
#include <sys/types.h>

#include "run.h"

/* At the warmup's end: notes slot s of the instance in process pid
 * (thread: the thread recorded in the slot) into r. */
void warmup_snapshot(struct instance_result *r, const struct instance_slot *s,
		     pid_t pid, bool thread);

/* After the reap: takes what warmup_snapshot noted off r's figures. */
void warmup_discount(struct instance_result *r);

#endif
