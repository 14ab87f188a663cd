/*
 * scheduler.h - one run of a plan, from the controller's side (scheduler.c).
 */
#ifndef STRESSKIT_SCHEDULER_H
#define STRESSKIT_SCHEDULER_H

#include "run.h"

/* Runs the plan once. Returns 0 when it ran (see res->status), or -errno. */
int scheduler_run(const struct run_plan *plan, struct run_result *res);
void scheduler_result_free(struct run_result *res);

#endif
