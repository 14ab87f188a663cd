/*
 * timeseries.h - a run's time series (sampler.h) in the results: the
 * series of every stressor and instance and the steady-state and
 * fairness figures in the results document, --series-csv's flat rows,
 * and the lines --metrics prints under the table.
 */
#ifndef STRESSKIT_TIMESERIES_H
#define STRESSKIT_TIMESERIES_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "run.h"
#include "sampler.h"

/* One stressor's figures over a run's series, for the --metrics lines. */
struct timeseries_summary {
	const char *name;
	uint32_t instances;
	double inst_cv_pct;		/* CV of per-instance bogo-ops/s */
	size_t n_intervals;		/* full intervals */
	double interval_cv_pct;		/* CV of the stressor's rate over them */
	double window;			/* --steady-state-window, seconds */
	bool have_series;
	struct sampler_series win;	/* its window figures (no arrays) */
	struct steady_spec spec;	/* the check judged */
	bool requested, reached;
	double reached_at;
};

void timeseries_summarize(const struct sampler *sm, const struct run_result *res,
			  size_t i, struct timeseries_summary *out);

/*
 * Adds "sample-interval", "series", "steady-state" and "fairness" to
 * stressor i's entry e of the results document, and a "series" to each
 * of its instances. Returns 0 or -ENOMEM.
 */
int timeseries_entry(json_t *e, const struct sampler *sm,
		     const struct run_result *res, size_t i);

/*
 * --series-csv (an atomic_file's stream): _start writes the header;
 * _rows writes one row per interval of each stressor ("all") and
 * instance, with the run's number.
 */
void timeseries_csv_start(FILE *f);
int timeseries_csv_rows(FILE *f, unsigned run, const struct sampler *sm,
			const struct run_result *res);

/* The --metrics lines of one stressor; the steady-state info line. */
void timeseries_report(const struct timeseries_summary *t, bool metrics);

#endif
