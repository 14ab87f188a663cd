/*
 * plan.h - what one command line asks for, built once from the parsed
 * options (plan_build) and read-only after: the global options' values
 * (one copy of the command line's struct settings), what the plan makes
 * of them (the run length, the composition, a sweep's modes), and the
 * list of runs in order
 * (one for the stressors together, one per stressor in --sequential mode,
 * one per instance count of a --scale sweep). The run engine and the
 * output read the plan; nothing after plan_build reads the command line.
 */
#ifndef STRESSKIT_PLAN_H
#define STRESSKIT_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "composition.h"
#include "settings.h"
#include "run.h"

/* The run length when neither --timeout nor --NAME-ops is given. */
#define PLAN_DEFAULT_TIMEOUT 60.0
/* Seconds of one stop grace window; another follows while instances keep
 * finishing, up to GRACE_WINDOWS_MAX (grace.h, stop.c). */
#define PLAN_GRACE 1.0

/* What the results document records of the command line, as given. */
struct plan_record {
	int argc;
	char *const *argv;
	const char *taskset, *class_list, *with, *exclude, *job;	/* NULL: none */
	char text[4][256];	/* the storage of the first four */
};

/* One option given a value, for --settings: name, value as used, C type. */
struct plan_setting {
	char name[96];
	char value[256];
	const char *type;
};

struct plan {
	/* every selected stressor, name order, with the settings of each run */
	struct run_plan base;
	/* the runs in order; each one's entries are its own */
	struct run_plan *runs;
	size_t n_runs;

	/* every global option as the command line left it (settings.h) */
	struct settings set;
	enum composition composition;
	bool scale;		/* runs are the steps of one stressor's sweep */
	unsigned repeat;	/* passes over the runs, >= 1 (--repeat-until: the most) */
	bool scale_wis;		/* --scale-format will-it-scale: runtest.py's CSV */
	/* the kinds each step of a sweep runs in (one, or both for will-it-scale);
	 * base.threads is true when threads alone run */
	bool scale_procs, scale_threads;
	unsigned ncpus;
	struct plan_record record;
	struct plan_setting *settings;	/* sorted by name */
	size_t n_settings;
};

struct cli_config;

/*
 * Builds the plan of a parsed command line. The plan must stay where it is
 * built (its runs point into it), and the options structs its entries point
 * at are the command line's: free the plan first. Returns 0 or -ENOMEM.
 */
int plan_build(const struct cli_config *cfg, struct plan *p);
/* Fills r from the command line (plan_record.c). */
void plan_record_fill(struct plan_record *r, const struct cli_config *cfg);
/* A global option the plan records as text (plan_record): --taskset,
 * --class, --with, --exclude, --job as given; NULL: not given, or
 * another option. */
const char *plan_record_text(const struct plan *p, enum cli_global g);
/* Fills p->settings from the options given (plan_settings.c). */
int plan_settings_build(struct plan *p, const struct cli_config *cfg);
void plan_free(struct plan *p);

#endif
