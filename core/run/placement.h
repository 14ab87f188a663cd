/*
 * placement.h - where the tasks of each instance ran (placement_mode.c):
 * per stressor, the samples in which an instance had more than one task,
 * those in which its tasks were all on one CPU, and the moves of its
 * tasks between CPUs, for the results and compare.
 */
#ifndef STRESSKIT_PLACEMENT_H
#define STRESSKIT_PLACEMENT_H

#include <stddef.h>
#include <stdint.h>

#include "run.h"

struct placement_stressor {
	uint64_t samples;	/* (instance, sample) pairs with two tasks or more */
	uint64_t one_cpu;	/* of those, the ones with every task on one CPU */
	uint64_t migrations;	/* a task seen on another CPU than at its last sample */
	unsigned tasks;		/* the most tasks an instance had */
};

struct placement_figures {
	enum run_placement policy;
	struct placement_stressor *s;	/* n: by the run's stressors */
	size_t n;
};

/* A run's placement figures, or NULL: not looked at (threads, too many). */
const struct placement_figures *placement_of(const struct run_result *res);

#endif
