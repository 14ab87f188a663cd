/*
 * children.h - the controller's table of the processes it forked for one
 * run (children.c): found by pid, reaped, signalled, counted by state.
 */
#ifndef STRESSKIT_CHILDREN_H
#define STRESSKIT_CHILDREN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "run.h"

/*
 * What the controller tracks of each forked process, sorted by pid: one
 * instance, or (thread mode) a worker running n_inst instances, whose
 * results and slots follow res and slot.
 */
struct child {
	pid_t pid;
	struct instance_result *res;
	struct instance_slot *slot;
	uint32_t n_inst;
	bool threads;
	bool reaped;
	bool alarmed;		/* sent the stop signal */
};

struct children {
	struct child *c;	/* n of them, sorted by pid once all are forked */
	size_t n, n_live;
};

/* Sorts the table by pid; every child is live. */
void children_sort(struct children *cs);

/* Reaps every child that has exited (block: waits for each); returns how many. */
size_t children_reap(struct children *cs, bool block);

/* Sends sig to every child not yet reaped; SIGALRM marks them alarmed. */
void children_signal(struct children *cs, int sig);

/* Fills t's bogo-ops and instance counts from the counters and the table. */
void children_count(const struct children *cs, struct run_tick *t);

#endif
