/*
 * warmup.h - --warmup TIME: the measured window (window.h) opens TIME
 * after the start barrier instead of at it.
 */
#ifndef STRESSKIT_WARMUP_H
#define STRESSKIT_WARMUP_H

#include "run.h"

/* --warmup TIME, the mode's options (warmup_mode.c's rows). */
struct warmup_opts {
	double seconds;		/* run before counting starts; 0: none */
};

/* The --warmup of a plan's run, in seconds; 0: none. */
double warmup_seconds(const struct run_plan *plan);

#endif
