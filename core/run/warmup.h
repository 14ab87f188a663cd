/*
 * warmup.h - --warmup TIME: the measured window (window.h) opens TIME
 * after the start barrier instead of at it.
 */
#ifndef STRESSKIT_WARMUP_H
#define STRESSKIT_WARMUP_H

/* --warmup TIME, the mode's options (warmup_mode.c's rows). */
struct warmup_opts {
	double seconds;		/* run before counting starts; 0: none */
};

#endif
