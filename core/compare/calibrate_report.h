/*
 * calibrate_report.h - what calibrate makes of its invocations: the
 * one-way random-effects model (anova.h) of every row the invocations'
 * documents hold, written as the noise profile (the format compare
 * reads, docs/compare.md) and printed as a table of the KPI rows.
 */
#ifndef STRESSKIT_CALIBRATE_REPORT_H
#define STRESSKIT_CALIBRATE_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "anova.h"
#include "series.h"

#define CALIBRATE_PROFILE_VERSION 1
/* the F test's level, as compare's default --alpha */
#define CALIBRATE_ALPHA 0.05

struct calibrate_row {
	const char *key;	/* the series' key, owned by the first set holding it */
	struct anova fit;
	/* passes per invocation: n, or n0 when the invocations' counts differ */
	double passes;
};

struct calibrate_report {
	struct calibrate_row *rows;
	size_t n;
	unsigned invocations, passes;	/* as asked: K and N */
	double gap;
};

/*
 * Fits every key of the k sets (one per invocation) that at least two
 * invocations hold with a spread measurable within one; a key the model
 * does not fit is left out. 0 or -ENOMEM.
 */
int calibrate_report_fit(const struct series_set *sets, size_t k,
			 struct calibrate_report *rep);
void calibrate_report_free(struct calibrate_report *rep);

/* Whether key is a KPI row: NAME.ops_per_sec or NAME.bogo-ops-per-second-usr-sys-time. */
bool calibrate_report_kpi(const char *key);

/*
 * The profile document: first's configuration and environment, verbatim,
 * and rep's rows. NULL when out of memory.
 */
json_t *calibrate_report_profile(const struct calibrate_report *rep, const json_t *first);

/* The KPI rows' table, its smallest detectable changes and the F's reading. */
void calibrate_report_print(const struct calibrate_report *rep, FILE *f);

#endif
