/*
 * compare_kpi.h - the last word of a comparison: a verdict line for
 * every KPI row against every NEW (changed, unchanged or inconclusive,
 * with the interval of the change), the notes that say what moved a
 * stressor's rate (its CPU share, or the work an op costs), and the exit
 * status those verdicts give.
 */
#ifndef STRESSKIT_COMPARE_KPI_H
#define STRESSKIT_COMPARE_KPI_H

#include "compare.h"

/* compare's exit: no regression, but a KPI row undecided */
#define COMPARE_EXIT_INCONCLUSIVE 8
/* --bisect: git bisect run's good, bad, skip, and abort (bad input) */
#define COMPARE_BISECT_GOOD 0
#define COMPARE_BISECT_BAD 1
#define COMPARE_BISECT_SKIP 125
#define COMPARE_BISECT_ABORT 128

/* What the verdicts of one comparison add up to. */
struct compare_tally {
	size_t kpis;		/* KPI rows judged, over every NEW */
	size_t changed, regressed, unchanged, inconclusive;
	size_t changed_beyond;	/* changed by the equivalence margin or more */
};

/*
 * Prints "verdict: KEY WORD CHANGE% [LO%, HI%] ..." for each KPI row of
 * BASE against each NEW (v strided by BASE's rows, as compare_judge
 * leaves them), then each stressor's notes; fills t.
 */
void compare_kpi_print(const struct compare_side *sides, size_t n, const struct compare_opts *o,
		       const struct compare_verdict *v, struct compare_tally *t);

/*
 * The exit status of a comparison: COMPARE_EXIT_REGRESSION when a KPI row
 * regressed (or, with --fail-on-regression, any row; --fail-on-change,
 * any change), else COMPARE_EXIT_INCONCLUSIVE when a KPI row is
 * inconclusive, else 0.
 */
int compare_kpi_exit(const struct compare_opts *o, const struct compare_tally *t,
		     int regressions, int changes);

/*
 * --bisect: git bisect run's code for the verdicts against the good
 * commit's runs: bad when a KPI row changed by the equivalence margin or
 * more (either way: whatever the bisect looks for, this commit has it),
 * skip when one could not tell, else good: a change smaller than what
 * --equivalence calls the same is not the one looked for (invocations
 * minutes apart on a quiet machine differ by 3-4% now and then).
 */
int compare_kpi_bisect(const struct compare_tally *t);

#endif
