/*
 * lkp_rule.h - lkp-tests' decision that a stat changed (lib/stats.rb's
 * StatCompare and lib/changed_stat.rb, as `lkp compare` calls them:
 * perf-profile threshold 5, no gap, no --more), written from its
 * behaviour for compare --method lkp. NEW is lkp's "a", BASE its "b".
 *
 * Each side is a matrix column per run, the runs without the stat filled
 * with zeros; sorted and trimmed (size >> 5 per end, at most 3, at most 1
 * for NEW when BASE has 3 runs or fewer); its "mean" is sorted[n / 2].
 * A row is judged when either side has 3 runs; it changed when the
 * ranges are near-disjoint (NEW's min above BASE's mean and NEW's mean
 * above BASE's max, or the mirror) or, with a distance, apart by more
 * than the distance allows; and the ratio of the means (at most 5) is
 * above 1.01 and, unless the stat is a perf metric, above 1.05, and the
 * stat's own threshold (etc/perf-metrics-threshold.yaml) is passed.
 */
#ifndef STRESSKIT_LKP_RULE_H
#define STRESSKIT_LKP_RULE_H

#include <stdbool.h>
#include <stddef.h>

/* One side of a row: its values, and the runs of its document. */
struct lkp_side {
	const double *v;
	size_t n;
	size_t runs;		/* runs - n zeros are added, as lkp fills a matrix */
	bool integer;		/* the values were integers (Ruby's Integer, not Float) */
};

struct lkp_options {
	double distance;	/* lkp compare -D N; 0 for the default test */
};

struct lkp_result {
	bool judged;		/* the samples were compared (not skipped first) */
	bool changed;
	double min_a, mean_a, max_a;	/* NEW, trimmed */
	double min_b, mean_b, max_b;	/* BASE, trimmed */
	double ratio, delta, max;	/* as lkp-tests reports a changed stat */
};

/* lkp's perf_metric?: the stats whose change counts from 1% (else 5%). */
bool lkp_perf_metric(const char *key);

/* A KPI of etc/index-perf-all.yaml: stress-ng's *_per_sec and the like. */
bool lkp_kpi(const char *key);

/* Judges stat key (as lkp names it) of new against base into *r; r->judged
 * is false for the stats lkp compare leaves out (interrupts.*, softirqs.* ...). */
void lkp_judge(const char *key, const struct lkp_side *new, const struct lkp_side *base,
	       const struct lkp_options *o, struct lkp_result *r);

#endif
