/*
 * composition.h - how a run's stressors are put together: the --NAME N
 * stressors at once, each selected stressor in turn (--sequential, a job's
 * "run sequential"), or every selected one at once (--all, "run parallel").
 * The command line and job files choose it (compose.c), the plan keeps it
 * (plan.h), which is built from the command line.
 */
#ifndef STRESSKIT_COMPOSITION_H
#define STRESSKIT_COMPOSITION_H

enum composition {
	COMPOSE_TOGETHER = 0,	/* none chosen: the --NAME N stressors at once */
	COMPOSE_SEQUENTIAL,	/* each stressor in turn */
	COMPOSE_PARALLEL,	/* every selected stressor at once */
};

#endif
