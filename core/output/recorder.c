/*
 * recorder.c - keeps every pass over the plan (--repeat N makes N) in the
 * results document, hands each run to the modes' outputs (mode_output.h)
 * and the cost of an op, and at the end prints the summary of repeated
 * passes and writes the document's formats (doc_writers.h).
 */
#include "recorder.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "confidence.h"
#include "cost.h"
#include "doc_writers.h"
#include "environment.h"
#include "log.h"
#include "mode_output.h"
#include "report.h"
#include "results.h"
#include "series.h"
#include "status.h"

struct recorder {
	const struct plan *plan;
	struct doc_files files;	/* the results document's formats */
	json_t *doc;		/* NULL when nothing reads it */
	bool in_pass;		/* a pass is begun in doc */
	/* this pass's summaries and wall time, for its times */
	struct stressor_summary *sums;
	size_t n_sums;
	double wall;
	bool interrupted, oom_told;
	unsigned pass;
	void **out;		/* each mode output's state (mode_outputs_at) */
	struct cost *cost;	/* this pass's, printed under its table */
	size_t n_cost;
	bool until_reached;	/* --repeat-until's target was met */
};

/* Closes the first n outputs: their files written, or dropped. */
static int recorder_outputs_close(struct recorder *r, size_t n, bool write)
{
	int rc = 0;

	for (size_t i = 0; r->out && i < n; i++) {
		const struct mode_output *o = mode_outputs_at(i);

		if (o->close && o->close(r->out[i], write))
			rc = -EIO;
		free(r->out[i]);
	}
	free(r->out);
	r->out = NULL;
	return rc;
}

/* Each output's zeroed state, opened; 0, or -errno with one line in err. */
static int recorder_outputs_open(struct recorder *r, char *err, size_t errlen)
{
	size_t n = mode_outputs_count();
	int rc = 0;

	if (!(r->out = calloc(n + 1, sizeof(*r->out))))
		goto oom;
	for (size_t i = 0; i < n; i++) {
		const struct mode_output *o = mode_outputs_at(i);

		if (!(r->out[i] = calloc(1, o->size ? o->size : 1))) {
			recorder_outputs_close(r, i, false);
			goto oom;
		}
		if (o->open && (rc = o->open(r->out[i], r->plan, err, errlen))) {
			recorder_outputs_close(r, i + 1, false);
			return rc;
		}
	}
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
	return -ENOMEM;
}

struct recorder *recorder_begin(const struct plan *p,
				char *err, size_t errlen)
{
	struct recorder *r = calloc(1, sizeof(*r));

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	r->plan = p;
	/* nothing is truncated: each file replaces its target at the end */
	if (recorder_outputs_open(r, err, errlen)) {
		free(r);
		return NULL;
	}
	if (doc_files_open(&r->files, &p->set, DOC_FROM_RESULTS, err, errlen)) {
		recorder_outputs_close(r, mode_outputs_count(), false);
		free(r);
		return NULL;
	}
	r->pass = 1;
	if (doc_writers_asked(&p->set, DOC_FROM_RESULTS) || p->repeat > 1)
		r->doc = results_new(p);
	if (r->doc)
		json_object_set_new(r->doc, "environment", environment_capture());
	return r;
}

static void recorder_oom(struct recorder *r)
{
	if (!r->oom_told)
		log_warn("out of memory: the results files will be incomplete");
	r->oom_told = true;
}

/* This run's cost per bogo-op, for the lines and the document. */
static void recorder_cost(struct recorder *r, const struct run_result *res,
			  const struct stressor_summary *sums)
{
	struct cost *c = realloc(r->cost, (r->n_cost + res->n + 1) * sizeof(*c));

	if (!c) {
		recorder_oom(r);
		return;
	}
	r->cost = c;
	for (size_t i = 0; i < res->n; i++)
		cost_of_run(res, i, &sums[i], &r->cost[r->n_cost++]);
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
	if (!r)
		return;
	for (size_t i = 0; i < mode_outputs_count(); i++) {
		const struct mode_output *o = mode_outputs_at(i);

		if (o->run && o->run(r->out[i], res, r->pass))
			recorder_oom(r);
	}
	recorder_cost(r, res, sums);
	r->interrupted |= res->interrupted;
	r->wall += res->wall;
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
	if (results_add_entries(r->doc, &(struct results_run){ .res = res, .sums = sums,
									 .out = r->out }) ||
	    recorder_cost_doc(r, res->n))
		recorder_oom(r);
}

size_t recorder_more_lines(void *ctx, size_t k, bool print)
{
	struct recorder *r = ctx;
	size_t n = 0;

	for (size_t i = 0; r && i < mode_outputs_count(); i++) {
		const struct mode_output *o = mode_outputs_at(i);

		if (o->lines)
			n += o->lines(r->out[i], k, print);
	}
	return n;
}

void recorder_report(struct recorder *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < mode_outputs_count(); i++) {
		const struct mode_output *o = mode_outputs_at(i);

		if (o->report)
			o->report(r->out[i], r->plan);
	}
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
		if (doc_files_write(&r->files, &r->plan->set, &(struct doc_data){ .doc = r->doc }) &&
		    status == SK_OK)
			status = SK_USAGE;
	}
	doc_files_abort(&r->files);
	if (recorder_outputs_close(r, mode_outputs_count(), true) && status == SK_OK)
		status = SK_USAGE;
	free(r->cost);
	json_decref(r->doc);
	free(r->sums);
	free(r);
	return status;
}
