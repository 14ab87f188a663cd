/*
 * compare.h - what the parts of "stresskit compare" share: a side (one
 * results file, or several joined), the command line, and each part's
 * entry (compare.c says which part does what); compare_noise.c knows how
 * much an invocation of a side drifts; compare_kpi.c prints each KPI
 * row's verdict and settles the exit status.
 */
#ifndef STRESSKIT_COMPARE_H
#define STRESSKIT_COMPARE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "compare_method.h"
#include "series.h"

struct compare_side {
	const char *path;
	struct series_set set;
	struct series_set profile;	/* perf-profile rows (compare_profile.h) */
	json_t *doc;
	size_t files;		/* the invocations joined (A1.json,A2.json: 2) */
	size_t *file_runs;	/* the runs of each, in order */
	double others_pct;	/* the others' mean CPU share (compare_others_pct) */
};

/* The command line of compare. */
struct compare_opts {
	struct compare_params p;
	uint64_t top;		/* --perf-profile-top: rows per family */
	bool force, fail_on_regression, fail_on_change;
	bool all;		/* every row, not only the flagged ones */
	bool verbose;		/* each row's statistics */
	bool lkp_keys;		/* --keys lkp: the robot's row names */
	bool drift_given;	/* --drift, which only holm+range takes */
	bool bisect;		/* --bisect: git bisect run's exit codes */
	const char *noise_path;	/* --noise PROFILE */
	json_t *noise;		/* its rows, once read */
};

/* compare_args.c: the command line into o and the sides' paths; SK_OK,
 * SK_USAGE after one line, or COMPARE_ARGS_HELP for --help (compare_usage). */
#define COMPARE_ARGS_HELP (-1)
int compare_args(int argc, char **argv, struct compare_opts *o,
		 struct compare_side *sides, size_t *n);
/* Its synopsis from the same rows ("usage: stresskit compare ..."). */
void compare_synopsis(FILE *f);
/* Whether the command line asks --bisect, whether or not it parses: its
 * usage errors then exit with git bisect run's abort. */
bool compare_args_bisect(int argc, char **argv);

/* compare_side.c: reads side->path (one file or several joined by commas)
 * into its rows; 0, or nonzero after one line. */
int compare_load(struct compare_side *side, bool force);
void compare_free(struct compare_side *sides, size_t n);

/* compare_judge.c: the verdict of every row of BASE against each NEW, in
 * v[(j - 1) * rows + k]; sources gets the kinds of noise used
 * (1 << COMPARE_NOISE_*). */
void compare_judge(const struct compare_side *sides, size_t n,
		   const struct compare_opts *o, struct compare_verdict *v,
		   unsigned *sources);

/* compare_notes.c: the lines before the table. */
void compare_noise_line(const struct compare_opts *o, unsigned sources);
void compare_rate_note(const struct compare_side *sides, size_t n,
		       const struct compare_opts *o, const struct compare_verdict *v);
void compare_few_note(const struct compare_side *sides, size_t n,
		      const struct compare_opts *o);
void compare_others_note(const struct compare_side *sides, size_t n,
			 const struct compare_opts *o);

/* compare_table.c: the table; returns the rows printed and counts the
 * flagged regressions and changes. */
size_t compare_table(const struct compare_side *sides, size_t n,
		     const struct compare_opts *o, const struct compare_verdict *v,
		     int *regressions, int *changes);

#endif
