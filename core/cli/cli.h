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

#include "ng_skip.h"
#include "compose.h"
#include "job.h"
#include "run_mode.h"
#include "settings.h"

enum cli_action {
	CLI_RUN,
	CLI_HELP,
	CLI_HELP_STRESSOR,
	CLI_VERSION,
	CLI_LIST_STRESSORS,
	CLI_LIST_CLASS,		/* --class '?' or 'NAME?' */
	CLI_CLEAN_TEMP,
	CLI_SKIPPED_ONLY,	/* called as stress-ng, every stressor skipped */
};

/* Where a global option was last given. */
enum cli_given { GIVEN_NOT = 0, GIVEN_LINE, GIVEN_JOB };

/* How the results' configuration records a global option, under its name. */
enum cli_record {
	CLI_RECORD_NOT,		/* not at all */
	CLI_RECORD_VALUE,	/* its value, as its type reads (results_context.c) */
	CLI_RECORD_PLAN,	/* what the plan made of it (results_plan_value) */
};

/*
 * One global option: a row of the option engine (its value type, offset
 * into struct settings, range, help); what only the command line has: a
 * short name, the word --help shows, an action, an alias; and how the
 * results record it and compare weighs two records that differ (a row
 * that says nothing refuses the comparison: a new option is assumed to
 * change the workload until its row says otherwise).
 */
struct cli_row {
	struct stressor_opt opt;
	char short_name;
	const char *metavar;
	enum cli_action action;		/* not CLI_RUN: the row is an action */
	enum cli_global same_as;	/* alias_of set: the row it spells */
	bool alias_of;
	bool job;			/* --job FILE */
	enum cli_record record;
	enum option_weight weight;	/* recorded rows only */
};

extern const struct cli_row cli_rows[G_COUNT];

/* both: each step of a will-it-scale sweep as processes, then as threads */
enum cli_instance_kind { CLI_PROCESSES, CLI_THREADS, CLI_BOTH };

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

struct cli_config {
	enum cli_action action;
	const struct stressor *help_stressor;
	uint8_t given[G_COUNT];		/* enum cli_given, per global row */
	/* each global value as typed (into argv or the job file's buffer):
	 * quoted by the errors that involve two options, never parsed again */
	const char *typed[G_COUNT];

	struct settings set;		/* the global options, through cli_rows */
	/* each run mode's options struct and the rows given (bit i: row i),
	 * by run_mode_index (run_mode.h) */
	void *mode_opts[RUN_MODES_MAX];
	struct run_mode_given mode_given[RUN_MODES_MAX];

	unsigned ncpus;
	struct stressor_choice *choice;	/* one per registry entry */
	struct compose_opts compose;	/* the resolved selection */
	struct job_file job;		/* -j FILE, or a job file as first argument */
	struct ng_skipped ng_skipped;	/* called as stress-ng: stressors it lacks */
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
