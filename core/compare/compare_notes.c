/*
 * compare_notes.c - the lines before the table that say how to read it:
 * the noise the verdicts rest on, a rate that is CPU share times work per
 * op, sides too small to judge, and other programs' share of the CPUs.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_kpi.h"
#include "compare_noise.h"
#include "series_figures.h"
#include "stats.h"

/*
 * The header's warning when the runs are too few for the method's
 * promise (alpha, of any row for holm, of each row for the others): the
 * rate an A/A comparison of this many runs is flagged at, when it is
 * above alpha by more than the simulation's error.
 */
void compare_rate_note(const struct compare_side *sides, size_t n,
		       const struct compare_opts *o, const struct compare_verdict *v)
{
	size_t rows = sides[0].set.n, judged = 0, nb = 0;
	double rate, err;

	for (size_t i = 1; i < n; i++) {
		size_t c = 0;

		for (size_t k = 0; k < rows; k++)
			c += v[(i - 1) * rows + k].verdict != STATS_TOO_FEW;
		judged = c > judged ? c : judged;
		if (!nb || sides[i].set.runs < nb)
			nb = sides[i].set.runs;
	}
	rate = compare_method_aa_rate(o->p.method, o->p.alpha, sides[0].set.runs, nb, judged, &err);
	if (!(rate - 2 * err > o->p.alpha))
		return;
	if (o->p.method->flags & COMPARE_M_FAMILY)
		printf("note: %zu and %zu runs are too few for holm's promise: an A/A comparison "
		       "flags one of its %zu rows %.1f%% of the time (\u00b1%.1f%%, simulated on "
		       "normal runs), above alpha %g; use --repeat %d\n", sides[0].set.runs, nb,
		       judged, 100 * rate, 100 * err, o->p.alpha, COMPARE_RECOMMENDED_RUNS);
	else
		printf("note: %zu and %zu runs are too few for %s's promise: an A/A comparison "
		       "flags each row %.1f%% of the time (\u00b1%.1f%%, simulated on normal runs; "
		       "%.1f of its %zu rows), above alpha %g; use the default method or more runs\n",
		       sides[0].set.runs, nb, compare_method_name(o->p.method), 100 * rate,
		       100 * err, rate * (double)judged, judged, o->p.alpha);
}

/*
 * One line when the files have fewer runs than the method judges a row
 * with: which method, what it needs, and the --repeat that gives it.
 */
void compare_few_note(const struct compare_side *sides, size_t n,
		      const struct compare_opts *o)
{
	bool either, few = false;
	size_t need = compare_method_min_runs(o->p.method, &either), r0 = sides[0].set.runs;

	for (size_t i = 1; i < n; i++) {
		size_t ri = sides[i].set.runs;

		few |= either ? r0 < need && ri < need : r0 < need || ri < need;
	}
	if (!few)
		return;
	printf("note: %s judges a row with %zu runs %s, and these files have", 
	       compare_method_name(o->p.method), need, either ? "on either side" : "a side");
	for (size_t i = 0; i < n; i++)
		printf("%s %zu", i ? (i + 1 == n ? " and" : ",") : "", sides[i].set.runs);
	printf(": rows against a file with fewer are not judged; use --repeat %zu%s\n", need,
	       o->p.method->flags & COMPARE_M_FAMILY ?
	       " (5 for holm's promise)" : "");
}

/*
 * One line per NEW whose runs met a machine other programs took another
 * share of than BASE's did: the figures move with it, whatever the
 * kernel does.
 */
void compare_others_note(const struct compare_side *sides, size_t n,
			 const struct compare_opts *o)
{
	double base = sides[0].others_pct;

	for (size_t i = 1; i < n; i++) {
		double other = sides[i].others_pct;

		if (!(fabs(other - base) >= COMPARE_OTHERS_NOTE_PCT))
			continue;
		printf("note: other programs took %.0f%% of the CPUs during %s's runs and %.0f%% "
		       "during %s's: its figures move with that%s%s%s\n", other, sides[i].path,
		       base, sides[0].path, o->p.method->flags & COMPARE_M_DRIFT ? " (" : "",
		       o->p.method->flags & COMPARE_M_DRIFT ? o->p.method->name : "",
		       o->p.method->flags & COMPARE_M_DRIFT ? " allows it as drift)" : "");
	}
}

/*
 * "noise:": what each side's invocations were allowed to drift by, which
 * the verdicts rest on: the side's own documents, a measured profile, or
 * the --drift allowance.
 */
void compare_noise_line(const struct compare_opts *o, unsigned sources)
{
	const char *sep = "";

	printf("noise:");
	if (sources & (1u << COMPARE_NOISE_DOCUMENTS)) {
		printf(" the spread of a side's own invocations (%d or more joined)",
		       COMPARE_NOISE_MIN_FILES);
		sep = ";";
	}
	if (sources & (1u << COMPARE_NOISE_PROFILE)) {
		printf("%s measured by stresskit calibrate (--noise %s)", sep, o->noise_path);
		sep = ";";
	}
	if (sources & (1u << COMPARE_NOISE_DRIFT) || !sources)
		printf("%s %g%% drift of an invocation's mean (--drift%s)", sep, o->p.drift_pct,
		       o->noise ? "; rows the profile lacks" :
		       "; stresskit calibrate measures this machine's: --noise");
	printf("; a KPI row is unchanged within \u00b1%g%% (--equivalence)\n",
	       o->p.equivalence_pct);
}
