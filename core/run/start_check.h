/*
 * start_check.h - whether every requested instance can start, said before
 * the forks where a kernel limit allows it to be computed, and after a
 * failed fork with the limit that most likely bit (start_check.c).
 */
#ifndef STRESSKIT_START_CHECK_H
#define STRESSKIT_START_CHECK_H

#include <stddef.h>

#include "run.h"

/* The tasks a run starts besides the controller: its instances (threads
 * or processes), a worker per stressor in thread mode, and each
 * instance's helpers (STRESSOR_HELPERS). */
size_t start_tasks(const struct run_plan *run);

/*
 * Before anything of the plan starts: -EAGAIN, said in one line, when
 * the user's RLIMIT_NPROC cannot hold the largest of runs[0..n) with the
 * controller and the tasks this user already has; else 0.
 */
int start_check_nproc(const struct run_plan *runs, size_t n);

/* Warns once per system limit (kernel.threads-max, kernel.pid_max) that
 * the run's tasks (start_tasks) already exceed. */
void start_check_limits(const struct run_plan *run);

/* The limit behind a fork that failed with err, as " (RLIMIT_NPROC 3200)";
 * "" when none can be named. */
void start_fork_limit(int err, char *buf, size_t len);

#endif
