/*
 * compare.h - what the parts of "stresskit compare" share: a side (one
 * results file, or several joined) and the command line. compare.c reads
 * the files and prints the robot's table; compare_noise.c knows how much
 * an invocation of a side drifts; compare_kpi.c prints each KPI row's
 * verdict and settles the exit status.
 */
#ifndef STRESSKIT_COMPARE_H
#define STRESSKIT_COMPARE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

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

#endif
