/*
 * start_check.h - whether every requested instance can start, said before
 * the forks where a kernel limit allows it to be computed, and after a
 * failed fork with the limit that most likely bit (start_check.c).
 */
#ifndef STRESSKIT_START_CHECK_H
#define STRESSKIT_START_CHECK_H

#include <stddef.h>

/* Warns once per limit that processes (the run's instances or thread
 * workers, without their helpers) already exceed. */
void start_check_limits(size_t processes);

/* The limit behind a fork that failed with err, as " (RLIMIT_NPROC 3200)";
 * "" when none can be named. */
void start_fork_limit(int err, char *buf, size_t len);

#endif
