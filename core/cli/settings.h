/*
 * settings.h - the values of the global options, each in its final form.
 * A global option is its index and field here and its row in cli_table.c
 * (name, type, offset into this struct, range, help, how the results
 * record it, how compare weighs two records of it): the command line
 * fills the struct through the rows, the plan keeps one copy of it, and
 * the results and compare iterate the rows.
 */
#ifndef STRESSKIT_SETTINGS_H
#define STRESSKIT_SETTINGS_H

#include <stdbool.h>
#include <stdint.h>

#include <stresskit/opts.h>

/* The global options, in --help order: the index of each one's row. */
enum cli_global {
	G_TIMEOUT, G_METRICS, G_METRICS_BRIEF, G_TIMES, G_VERIFY, G_QUIET,
	G_VERBOSE, G_TEMP_PATH, G_TASKSET, G_LOG_PREFIX, G_INSTANCE_MODE,
	G_SCALE, G_SCALE_STEPS, G_SCALE_CSV, G_SCALE_PLOT, G_SCALE_FORMAT, G_YAML,
	G_JSON, G_KCIDB, G_KTAP, G_REPEAT, G_REPEAT_UNTIL, G_CONFIDENCE, G_CONFIDENCE_TARGET,
	G_SANDBOX,
	G_NO_RAND_SEED, G_PATHOLOGICAL, G_OOM_AVOID, G_TIMESTAMP, G_SETTINGS, G_CLASS,
	G_SEQUENTIAL, G_SEQ, G_ALL, G_PARALLEL, G_WITH, G_EXCLUDE, G_PLUGIN, G_JOB,
	G_PROGRESS, G_DRY_RUN, G_CLEAN_TEMP, G_STRESSORS, G_HELP, G_VERSION,
	G_COUNT
};

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

struct settings {
	double timeout;			/* given[G_TIMEOUT] says if it was */
	bool metrics, metrics_brief, times, verify, quiet, verbose, no_rand_seed;
	bool pathological;
	bool oom_avoid, timestamp, settings;
	bool sandbox, scale, progress, dry_run;
	bool ktap;				/* --ktap: the report on stdout */
	const char *temp_path, *log_prefix;
	const char *plugin;		/* the last --plugin, loaded before parsing */
	const char *yaml_path, *json_path;	/* --yaml, --json: results files */
	const char *kcidb_path;			/* --kcidb: KernelCI's KCIDB I/O JSON */
	const char *scale_csv, *scale_plot;
	unsigned scale_format;	/* enum cli_scale_format */
	struct opt_cpus taskset;		/* given[G_TASKSET] */
	unsigned instance_kind;			/* enum cli_instance_kind */
	struct opt_list scale_steps;		/* n == 0: 1..N */
	uint64_t repeat;			/* runs of the whole plan, >= 1 */
	struct repeat_opts rep;			/* --repeat-until, --confidence */
	uint32_t seq_n, all_n;			/* --sequential N, --all N; 0: none */
	struct opt_list classes;		/* --class: CLASS_* bit numbers */
	struct opt_list with, exclude;		/* registry indices */
};

#endif
