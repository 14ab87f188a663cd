/*
 * settings.h - the values of the global options, each in its final form,
 * and the index of each option's row: both made from global_options.def,
 * where each option is written once.
 */
#ifndef STRESSKIT_SETTINGS_H
#define STRESSKIT_SETTINGS_H

#include <stdbool.h>
#include <stdint.h>

#include <stresskit/opts.h>

/* --repeat-until PCT[,MAX] (repeat_opts.h) */
struct repeat_until {
	double pct;		/* the half-width target, percent; 0: none */
	uint64_t max;		/* the most passes; 0: not given */
};

/* --repeat's statistics */
struct repeat_opts {
	struct repeat_until until;
	double confidence;	/* the intervals' level, percent */
	double target;		/* --confidence-target: --repeat auto's half-width, percent */
	bool automatic;		/* --repeat auto: until becomes the target, 30 passes at most */
};

/* The global options, in --help order: the index of each one's row. */
enum cli_global {
#define SETTING(type, name)
#define OPTION(id, ...) G_##id,
#include "global_options.def"
#undef OPTION
#undef SETTING
	G_COUNT
};

struct settings {
#define SETTING(type, name) type name;
#define OPTION(id, ...)
#include "global_options.def"
#undef OPTION
#undef SETTING
};

#endif
