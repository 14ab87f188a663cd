/*
 * recorder.c - keeps every pass over the plan (--repeat N makes N) in the
 * results document, reads the perf counters after each run, and at the
 * end prints the summary of repeated passes and writes --yaml and --json.
 */
#include "recorder.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "latency_files.h"
#include "log.h"
#include "perf.h"
#include "profile.h"
#include "profile_brief.h"
#include "report.h"
#include "results.h"
#include "sampler.h"
#include "confidence.h"
#include "cost.h"
#include "environment.h"
#include "series.h"
#include "status.h"
#include "timeseries.h"

struct recorder {
	const struct plan *plan;
	struct results_files files;
	json_t *doc;		/* NULL when nothing reads it */
	bool in_pass;		/* a pass is begun in doc */
	/* this pass's counters (each run's are its perf mode's, copied
	 * here), printed under its table with what the machine let them
	 * count */
	struct perf_caps perf_caps;
	const char **perf_names;
	struct perf_counts *perf_counts;
	size_t n_perf;
	/* this pass's summaries and wall time, for its times */
	struct stressor_summary *sums;
	size_t n_sums;
	double wall;
	bool interrupted, oom_told;
	struct latency_files *lat;	/* --latency-csv, --latency-plot */
	/* the time series (each run's sampler is its mode's): --series-csv,
	 * this pass's lines */
	struct atomic_file csv;
	bool has_csv;
	unsigned pass;
	struct timeseries_summary *ts;
	size_t n_ts;
	/* --perf-profile: this pass's profiles and their names */
	json_t **prof;
	const char **prof_names;
	size_t n_prof;
	struct cost *cost;	/* this pass's, printed under its table */
	size_t n_cost;
	bool until_reached;	/* --repeat-until's target was met */
};

struct recorder *recorder_begin(const struct plan *p,
				char *err, size_t errlen)
{
	struct recorder *r = calloc(1, sizeof(*r));
	const char *csv = sampler_mode_opts(&p->base)->csv_path;
	int rc;

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	r->plan = p;
	/* nothing is truncated: each file replaces its target at the end */
	if (csv && (rc = atomic_file_open(&r->csv, csv))) {
		snprintf(err, errlen, "cannot write --series-csv '%s': %s", csv,
			 strerror(-rc));
		free(r);
		return NULL;
	}
	r->has_csv = csv != NULL;
	if (results_open_files(p, &r->files, err, errlen)) {
		if (r->has_csv)
			atomic_file_abort(&r->csv);
		free(r);
		return NULL;
	}
	if (r->has_csv)
		timeseries_csv_start(r->csv.f);
	r->pass = 1;
	if (p->set.yaml_path || p->set.json_path || p->set.kcidb_path || p->repeat > 1)
		r->doc = results_new(p);
	if (r->doc)
		json_object_set_new(r->doc, "environment", environment_capture());
	r->lat = latency_files_new(p);
	return r;
}

/* Keeps this run's profiles (profile_of) for the document and the lines
 * under the table; NULL on no memory. */
static json_t *const *recorder_profile_collect(struct recorder *r,
					       const struct run_result *res)
{
	json_t *const *of = profile_of(res);
	size_t n = r->n_prof + res->n;
	json_t **prof = realloc(r->prof, (n + 1) * sizeof(*prof));
	const char **names;

	if (!prof)
		return NULL;
	r->prof = prof;
	names = realloc(r->prof_names, (n + 1) * sizeof(*names));
	if (!names)
		return NULL;
	r->prof_names = names;
	for (size_t i = 0; i < res->n; i++) {
		r->prof[r->n_prof + i] = json_incref(of[i]);
		r->prof_names[r->n_prof + i] = res->s[i].entry->stressor->name;
	}
	prof = r->prof + r->n_prof;
	r->n_prof = n;
	return prof;
}

static void recorder_profile_clear(struct recorder *r)
{
	for (size_t i = 0; i < r->n_prof; i++)
		json_decref(r->prof[i]);
	r->n_prof = 0;
}



static void recorder_oom(struct recorder *r)
{
	if (!r->oom_told)
		log_warn("out of memory: the results files will be incomplete");
	r->oom_told = true;
}

/* This run's cost per bogo-op, for the lines and the document. */
static void recorder_cost(struct recorder *r, const struct run_result *res,
			  const struct stressor_summary *sums,
			  const struct perf_counts *counts)
{
	struct cost *c = realloc(r->cost, (r->n_cost + res->n + 1) * sizeof(*c));

	if (!c) {
		recorder_oom(r);
		return;
	}
	r->cost = c;
	for (size_t i = 0; i < res->n; i++)
		cost_compute(&res->s[i], &sums[i], counts ? &counts[i] : NULL,
			     &r->cost[r->n_cost++]);
}

/* This run's series: the CSV rows, the lines under this pass's table. */
static void recorder_series(struct recorder *r, const struct run_result *res)
{
	const struct sampler *sm = sampler_of(res);
	struct timeseries_summary *ts;

	if (!sm)
		return;
	if (timeseries_csv_rows(r->has_csv ? r->csv.f : NULL, r->pass, sm, res))
		recorder_oom(r);
	ts = realloc(r->ts, (r->n_ts + res->n + 1) * sizeof(*ts));
	if (!ts) {
		recorder_oom(r);
		return;
	}
	r->ts = ts;
	for (size_t i = 0; i < res->n; i++)
		timeseries_summarize(sm, res, i, &r->ts[r->n_ts++]);
}

/* Keeps this run's counters for the lines under the table. */
static struct perf_counts *recorder_perf_collect(struct recorder *r,
						 const struct run_result *res,
						 const struct perf_run *run)
{
	size_t n = r->n_perf + res->n;
	const char **names = realloc(r->perf_names, (n + 1) * sizeof(*names));
	struct perf_counts *counts;

	if (names)
		r->perf_names = names;
	counts = realloc(r->perf_counts, (n + 1) * sizeof(*counts));
	if (!names || !counts) {
		if (counts)
			r->perf_counts = counts;
		return NULL;
	}
	r->perf_counts = counts;
	counts += r->n_perf;
	memcpy(counts, run->counts, res->n * sizeof(*counts));
	r->perf_caps = run->caps;
	for (size_t i = 0; i < res->n; i++)
		r->perf_names[r->n_perf + i] = res->s[i].entry->stressor->name;
	r->n_perf = n;
	return counts;
}

/* The run's last n costs into its last n entries of the document. */
static int recorder_cost_doc(struct recorder *r, size_t n)
{
	json_t *runs = json_object_get(r->doc, "runs");
	json_t *m = json_object_get(json_array_get(runs, json_array_size(runs) - 1),
				    "metrics");
	size_t have = json_array_size(m);

	if (r->n_cost < n || have < n)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (json_object_set_new(json_array_get(m, have - n + i), "cost-per-op",
					cost_to_json(&r->cost[r->n_cost - n + i])))
			return -ENOMEM;
	return 0;
}

void recorder_run(struct recorder *r, const struct run_result *res,
		  const struct stressor_summary *sums)
{
	const struct perf_run *pr;
	struct perf_counts *counts;
	json_t *const *prof;

	if (!r)
		return;
	pr = perf_of(res);
	counts = pr ? recorder_perf_collect(r, res, pr) : NULL;
	prof = profile_of(res) ? recorder_profile_collect(r, res) : NULL;
	recorder_series(r, res);
	recorder_cost(r, res, sums, counts);
	r->interrupted |= res->interrupted;
	r->wall += res->wall;
	latency_files_add(r->lat, sums, res->n);
	if (res->n) {
		struct stressor_summary *all = realloc(r->sums,
						       (r->n_sums + res->n) * sizeof(*all));

		if (all) {
			memcpy(all + r->n_sums, sums, res->n * sizeof(*all));
			r->sums = all;
			r->n_sums += res->n;
		} else {
			recorder_oom(r);
		}
	}
	if (!r->doc)
		return;
	if (!r->in_pass) {
		if (results_begin_run(r->doc)) {
			recorder_oom(r);
			return;
		}
		r->in_pass = true;
	}
	if (results_add_entries(r->doc, &(struct results_run){
			.res = res, .sums = sums, .perf = counts, .profile = prof }) ||
	    timeseries_to_doc(r->doc, sampler_of(res), res) ||
	    recorder_cost_doc(r, res->n))
		recorder_oom(r);
}

void recorder_report(struct recorder *r)
{
	if (!r)
		return;
	if (r->n_perf)
		perf_report(&r->perf_caps, r->perf_names, r->perf_counts, r->n_perf);
	r->n_perf = 0;
	for (size_t i = 0; i < r->n_prof; i++)
		if (r->prof[i])
			profile_brief_print(r->prof_names[i], r->prof[i]);
	recorder_profile_clear(r);
	for (size_t i = 0; i < r->n_ts; i++)
		timeseries_report(&r->ts[i], r->plan->set.metrics);
	r->n_ts = 0;
	for (size_t i = 0; r->plan->set.metrics && i < r->n_cost; i++)
		cost_report(&r->cost[i]);
	r->n_cost = 0;
}

void recorder_pass_done(struct recorder *r, int status)
{
	struct report_times times;

	if (!r)
		return;
	report_times_compute(r->sums, r->n_sums, r->wall, r->plan->ncpus, &times);
	if (r->doc && r->in_pass &&
	    results_end_run(r->doc, status, r->interrupted, &times))
		recorder_oom(r);
	latency_files_pass_done(r->lat);
	r->in_pass = false;
	r->pass++;
	r->interrupted = false;
	r->n_sums = 0;
	r->wall = 0;
}

void recorder_pass_taken(struct recorder *r, json_t *run, int status, bool interrupted)
{
	json_t *runs = r ? json_object_get(r->doc, "runs") : NULL;

	if (!r || !run || !runs) {
		json_decref(run);
		return;
	}
	/* numbered as this document's; the run's own statuses stand */
	status = status_worse(status, (int)json_integer_value(json_object_get(run, "status")));
	if (json_object_set_new(run, "run", json_integer((json_int_t)json_array_size(runs) + 1)) ||
	    json_object_set_new(run, "status", json_integer(status)) ||
	    (interrupted && json_object_set_new(run, "interrupted", json_true()))) {
		json_decref(run);
		recorder_oom(r);
	} else if (json_array_append_new(runs, run)) {
		recorder_oom(r);
	}
	r->pass++;
}

bool recorder_until_reached(struct recorder *r)
{
	const struct plan *p = r ? r->plan : NULL;

	if (!p || !r->doc || !(p->set.rep.until.pct > 0))
		return false;
	r->until_reached = confidence_reached(r->doc, p->set.rep.confidence, p->set.rep.until.pct);
	return r->until_reached;
}

int recorder_end(struct recorder *r, int status)
{
	size_t passes;
	int rc;

	if (!r)
		return status;
	passes = json_array_size(json_object_get(r->doc, "runs"));
	if (r->doc && passes > 1) {
		struct series_set set;
		char err[256];

		if (series_from_doc(r->doc, &set, err, sizeof(err)) == 0) {
			series_print_summary(&set, r->plan->set.rep.confidence);
			series_free(&set);
		}
		confidence_report(r->doc, r->plan->set.rep.confidence);
	}
	if (r->doc) {
		results_finish(r->doc);
		if ((passes > 1 || r->plan->set.rep.until.pct > 0) &&
		    confidence_to_doc(r->doc, r->plan->set.rep.confidence, r->plan->set.rep.until.pct,
				      r->plan->repeat, r->until_reached))
			recorder_oom(r);
		if (results_write(r->doc, &r->files, r->plan) && status == SK_OK)
			status = SK_USAGE;
	}
	results_close_files(&r->files);
	if (latency_files_finish(r->lat) && status == SK_OK)
		status = SK_USAGE;
	if (r->has_csv && (rc = atomic_file_commit(&r->csv))) {
		log_fail("cannot write --series-csv %s: %s", sampler_mode_opts(&r->plan->base)->csv_path,
			 strerror(-rc));
		if (status == SK_OK)
			status = SK_USAGE;
	}
	free(r->ts);
	free(r->cost);
	json_decref(r->doc);
	recorder_profile_clear(r);
	free(r->prof);
	free(r->prof_names);
	free(r->perf_names);
	free(r->perf_counts);
	free(r->sums);
	free(r);
	return status;
}
