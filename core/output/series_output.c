/*
 * series_output.c - the sampler's series in the output: each stressor's
 * series and steady-state figures in its entry of the results, the
 * --metrics lines under each pass's table, and --series-csv's rows of
 * every run, written once at the end (timeseries.c formats them all).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "log.h"
#include "mode_output.h"
#include "sampler.h"
#include "timeseries.h"

struct series_output {
	const char *csv_path;	/* --series-csv, or NULL */
	struct atomic_file csv;	/* replaces its target at the end */
	struct timeseries_summary *ts;	/* the pass's, for its lines */
	size_t n_ts;
};

static int series_output_open(void *state, const struct plan *p, char *err, size_t errlen)
{
	struct series_output *o = state;
	const char *csv = sampler_mode_opts(&p->base)->csv_path;
	int rc;

	if (!csv)
		return 0;
	if ((rc = atomic_file_open(&o->csv, csv))) {
		snprintf(err, errlen, "cannot write --series-csv '%s': %s", csv, strerror(-rc));
		return rc;
	}
	o->csv_path = csv;
	timeseries_csv_start(o->csv.f);
	return 0;
}

static int series_output_run(void *state, const struct run_result *res, unsigned pass)
{
	struct series_output *o = state;
	const struct sampler *sm = sampler_of(res);
	struct timeseries_summary *ts;
	int rc;

	if (!sm)
		return 0;
	rc = timeseries_csv_rows(o->csv_path ? o->csv.f : NULL, pass, sm, res);
	ts = realloc(o->ts, (o->n_ts + res->n + 1) * sizeof(*ts));
	if (!ts)
		return -ENOMEM;
	o->ts = ts;
	for (size_t i = 0; i < res->n; i++)
		timeseries_summarize(sm, res, i, &o->ts[o->n_ts++]);
	return rc;
}

static int series_output_entry(json_t *e, const struct run_result *res, size_t i,
			       const struct stressor_summary *s)
{
	const struct sampler *sm = sampler_of(res);

	(void)s;
	return sm ? timeseries_entry(e, sm, res, i) : 0;
}

static void series_output_report(void *state, const struct plan *p)
{
	struct series_output *o = state;

	for (size_t i = 0; i < o->n_ts; i++)
		timeseries_report(&o->ts[i], p->set.metrics);
	o->n_ts = 0;
}

static int series_output_close(void *state, bool write)
{
	struct series_output *o = state;
	int rc = 0;

	free(o->ts);
	if (!o->csv_path)
		return 0;
	if (!write) {
		atomic_file_abort(&o->csv);
		return 0;
	}
	if ((rc = atomic_file_commit(&o->csv)))
		log_fail("cannot write --series-csv %s: %s", o->csv_path, strerror(-rc));
	return rc;
}

static const struct mode_output series_output = {
	.mode = "sampler",
	.size = sizeof(struct series_output),
	.open = series_output_open,
	.run = series_output_run,
	.entry = series_output_entry,
	.report = series_output_report,
	.close = series_output_close,
};
MODE_OUTPUT_REGISTER(series_output);
