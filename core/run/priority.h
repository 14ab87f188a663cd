/*
 * priority.h - the controller's CPU priority over its instances for the
 * length of a run (priority.c, a run mode on every run): from before the
 * first fork to the reap, the controller runs under SCHED_FIFO at the
 * lowest real-time priority with SCHED_RESET_ON_FORK, so every process it
 * forks runs under the normal policy as before. Where that is not
 * permitted (no CAP_SYS_NICE, no RLIMIT_RTPRIO), nothing changes and
 * --verbose says so.
 */
#ifndef STRESSKIT_PRIORITY_H
#define STRESSKIT_PRIORITY_H

#include <stdbool.h>

struct controller_priority {
	bool raised;
	int policy;		/* what to restore */
	int rt_priority;
};

#endif
