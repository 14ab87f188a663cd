/*
 * cli.h - the command line, with stress-ng's option names. Parsing fills a
 * cli_config completely before anything runs, so an option means the same
 * wherever it stands on the line.
 */
#ifndef STRESSKIT_CLI_H
#define STRESSKIT_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "compose.h"
#include "run.h"

enum cli_action {
	CLI_RUN,
	CLI_HELP,
	CLI_HELP_STRESSOR,
	CLI_VERSION,
	CLI_LIST_STRESSORS,
	CLI_LIST_CLASS,		/* --class '?' or 'NAME?' */
};

/* What the command line says of one registered stressor. */
struct stressor_choice {
	bool selected;
	uint32_t instances;
	uint64_t ops;		/* --NAME-ops: total over instances; 0: none */
	void *opts;		/* the stressor's options struct, defaults filled */
};

struct cli_config {
	enum cli_action action;
	const struct stressor *help_stressor;
	double timeout;
	bool timeout_set;
	bool metrics, metrics_brief, times, verify, quiet, verbose, no_rand_seed;
	bool sandbox;
	const char *temp_path;
	const char *log_prefix;
	const char *taskset_str;
	const char *instance_mode;	/* --instance-mode, checked by threads.c */
	bool threads;
	bool scale;			/* --scale, checked by scale.c */
	const char *scale_steps, *scale_csv, *scale_plot;
	double warmup;
	bool have_taskset;
	uint64_t taskset[16];
	unsigned ncpus;
	const char *yaml_path, *json_path;	/* --yaml, --json: results files */
	const char *repeat_str;
	unsigned repeat;	/* --repeat: runs of the whole plan, >= 1 */
	bool perf;		/* --perf: perf_event_open counters */
	struct stressor_choice *choice;	/* one per registry entry */
	struct compose_opts compose;	/* modes, classes, job file */
	int argc;
	char **argv;
};

/* The run length when no --timeout is given, and --NAME-ops is not either. */
#define CLI_DEFAULT_TIMEOUT 60.0
#define CLI_REPEAT_MAX 10000

/* Returns 0, or -EINVAL with one line in err naming the bad input. */
int cli_parse(int argc, char **argv, struct cli_config *cfg,
	      char *err, size_t errlen);
void cli_free(struct cli_config *cfg);

/*
 * Applies argv[0..argc) (options only, no program name) to a config that
 * cli_parse set up: how a job file's lines reach the same parser. An
 * unknown option returns -ENOENT.
 */
int cli_parse_args(int argc, char **argv, struct cli_config *cfg,
		   char *err, size_t errlen);
void cli_usage(FILE *f);
/* True when --name is a global option (a stressor may not take it). */
bool cli_is_global_option(const char *name);

/* Builds the plan of the selected stressors, in name order. */
int cli_plan(const struct cli_config *cfg, struct run_plan *plan);
void cli_plan_free(struct run_plan *plan);

#endif
