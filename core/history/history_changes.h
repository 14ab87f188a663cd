/*
 * history_changes.h - the points where a series changed: E-Divisive
 * means (Matteson and James, "A Nonparametric Approach for Multiple
 * Change Point Analysis of Multivariate Data", JASA 2014) to place each
 * candidate, and, as Apache Otava (formerly Hunter, ICPE 2023) does in
 * place of the paper's permutation test, Student's t-test between the
 * segments on either side of it to accept it. Our own code, from the
 * papers.
 *
 * A series here is one value per run (the mean of its passes) with the
 * variance that mean has from its passes alone: a segment's runs are not
 * taken to agree more closely than their passes say they can, so a
 * short quiet stretch does not make a small step "significant".
 */
#ifndef STRESSKIT_HISTORY_CHANGES_H
#define STRESSKIT_HISTORY_CHANGES_H

#include <stddef.h>

/* Otava's default significance: a change point's t-test p below this. */
#define HISTORY_DEFAULT_MAX_P 0.001
/*
 * The fewest runs on either side of a change point: a step within the
 * last few runs waits for this many to be told from a one-off. Chromium's
 * dashboard takes 6; 5 finds a step half a week sooner in a nightly job,
 * and the t-test's threshold still holds the flat series' false points
 * (docs/history.md's table).
 */
#define HISTORY_DEFAULT_MIN_RUNS 5
/* --min-runs' least: compare's STATS_MIN_RUNS a side */
#define HISTORY_MIN_RUNS_LEAST 3

struct history_changes_params {
	double max_p;		/* accept a candidate whose p is below this */
	size_t min_runs;	/* runs on either side, at least */
	double floor_pct;	/* the least |change| accepted; 0: STATS_MIN_CHANGE_PCT */
};

/* One change point: the series moved between runs at - 1 and at. */
struct history_change {
	size_t at;		/* the index of the first run after the change */
	double p;		/* the t-test of the segments either side */
	double change_pct;	/* of the segments' means, against the one before */
	double q;		/* the energy statistic that placed it */
};

/*
 * The change points of mean[0..n-1] (each run's mean; var[i] the
 * variance of mean[i] from its passes, 0 when unknown), in order, into
 * *out (malloc'd, *nout of them; NULL when none). A candidate is kept
 * when its t-test p is below max_p and its change at least floor_pct
 * (compare's floor of the line's row), and stays kept only while that
 * holds against its neighbours once all are found. Returns 0 or -ENOMEM.
 */
int history_changes_find(const double *mean, const double *var, size_t n,
			 const struct history_changes_params *p,
			 struct history_change **out, size_t *nout);

#endif
