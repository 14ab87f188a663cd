/*
 * cli.h - the command line, with stress-ng's option names. Parsing fills a
 * cli_config completely, every value in its final form, before anything
 * runs, so an option means the same wherever it stands on the line. The
 * plan (plan.h) is built from it once; nothing after reads it.
 */
#ifndef STRESSKIT_CLI_H
#define STRESSKIT_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <stresskit/stressor.h>

#include "compose.h"
#include "job.h"
#include "run_mode.h"
#include "sampler.h"

enum cli_action {
	CLI_RUN,
	CLI_HELP,
	CLI_HELP_STRESSOR,
	CLI_VERSION,
	CLI_LIST_STRESSORS,
	CLI_LIST_CLASS,		/* --class '?' or 'NAME?' */
	CLI_CLEAN_TEMP,
};

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

/* Where a global option was last given. */
enum cli_given { GIVEN_NOT = 0, GIVEN_LINE, GIVEN_JOB };

/*
 * One global option: a row of the option engine (its value type, offset
 * into struct cli_config, range, help) and what only the command line
 * has: a short name, the word --help shows, an action, an alias.
 */
struct cli_row {
	struct stressor_opt opt;
	char short_name;
	const char *metavar;
	enum cli_action action;		/* not CLI_RUN: the row is an action */
	enum cli_global same_as;	/* alias_of set: the row it spells */
	bool alias_of;
	bool job;			/* --job FILE */
};

extern const struct cli_row cli_rows[G_COUNT];

/* both: each step of a will-it-scale sweep as processes, then as threads */
enum cli_instance_mode { CLI_PROCESSES, CLI_THREADS, CLI_BOTH };

/* --scale-format: stresskit's table, or will-it-scale's runtest.py CSV */
enum cli_scale_format { CLI_SCALE_STRESSKIT, CLI_SCALE_WIS };

/* What the command line says of one registered stressor. */
struct stressor_choice {
	bool selected;
	uint32_t instances;
	uint64_t ops;		/* --NAME-ops: total over instances; 0: none */
	void *opts;		/* the stressor's options struct, defaults filled */
	uint64_t opts_given;	/* bit i: its option row i was given (--settings) */
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

struct cli_config {
	enum cli_action action;
	const struct stressor *help_stressor;
	uint8_t given[G_COUNT];		/* enum cli_given, per global row */
	/* each global value as typed (into argv or the job file's buffer):
	 * quoted by the errors that involve two options, never parsed again */
	const char *typed[G_COUNT];

	/* the global options, each in its final form */
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
	unsigned instance_mode;			/* enum cli_instance_mode */
	struct opt_list scale_steps;		/* n == 0: 1..N */
	uint64_t repeat;			/* runs of the whole plan, >= 1 */
	struct repeat_opts rep;			/* --repeat-until, --confidence */
	uint32_t seq_n, all_n;			/* --sequential N, --all N; 0: none */
	struct opt_list classes;		/* --class: CLASS_* bit numbers */
	struct opt_list with, exclude;		/* registry indices */
	/* each run mode's options struct and the rows given (bit i: row i),
	 * by run_mode_index (run_mode.h) */
	void *mode_opts[RUN_MODES_MAX];
	struct run_mode_given mode_given[RUN_MODES_MAX];

	unsigned ncpus;
	struct stressor_choice *choice;	/* one per registry entry */
	struct compose_opts compose;	/* the resolved selection */
	struct job_file job;		/* -j FILE, or a job file as first argument */
	bool in_job;			/* its lines are being parsed */
	int argc;
	char **argv;
};

#define CLI_REPEAT_MAX 10000

/* Returns 0, or -EINVAL with one line in err naming the bad input. */
int cli_parse(int argc, char **argv, struct cli_config *cfg,
	      char *err, size_t errlen);
void cli_free(struct cli_config *cfg);

/*
 * Applies argv[0..argc) (options only, no program name) to a config that
 * cli_parse set up. An unknown option returns -ENOENT.
 */
int cli_parse_args(int argc, char **argv, struct cli_config *cfg,
		   char *err, size_t errlen);
void cli_usage(FILE *f);
/* True when --name is a global option (a stressor may not take it). */
bool cli_is_global_option(const char *name);

/*
 * A global option's value for an error line that involves two options:
 * 'TEXT' as the user typed it, or "DEFAULT (the default)" when not given.
 */
const char *cli_typed(const struct cli_config *cfg, enum cli_global g,
		      char *buf, size_t len);

/* The row of a global option by long name, or by short name when name is NULL. */
const struct cli_row *cli_find_row(const char *name, char short_name);

#endif
