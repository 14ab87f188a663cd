/*
 * compose.h - which stressors one command line selects and how they run:
 * --class, --sequential N, --all N (--parallel N), --with, --exclude, a job
 * file's "run sequential|parallel", --progress and --dry-run.
 */
#ifndef STRESSKIT_COMPOSE_H
#define STRESSKIT_COMPOSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum compose_mode {
	COMPOSE_TOGETHER = 0,	/* no mode: the --NAME N stressors at once */
	COMPOSE_SEQUENTIAL,	/* each stressor in turn */
	COMPOSE_PARALLEL,	/* every selected stressor at once */
};

struct compose_opts {
	/* as given, resolved by compose_resolve() after the whole line */
	const char *class_str;
	const char *with_str, *exclude_str;
	const char *seq_str;		/* --sequential N */
	const char *all_str;		/* --all N, --parallel N */
	enum compose_mode job_mode;	/* a job file's "run ..." line */
	bool progress, dry_run;

	/* resolved */
	enum compose_mode mode;
	unsigned class_mask;
	const char *list_class;		/* --class 'NAME?': the NAME; "" for '?' */

	/* the job file: its text, tokenised in place, outlives parsing */
	char *job_buf;
	size_t job_len;
	const char *job_path;
	bool in_job;
};

struct cli_config;

/*
 * Turns the compose options into the choice of stressors: selects the
 * class (or every stressor) with N instances for --sequential/--all N,
 * restricted by --with and reduced by --exclude. Returns 0, or -EINVAL
 * with one line in err.
 */
int compose_resolve(struct cli_config *cfg, char *err, size_t errlen);

/* --class '?' or --class 'NAME?'. */
void compose_list_classes(FILE *f, const struct compose_opts *co);

#endif
