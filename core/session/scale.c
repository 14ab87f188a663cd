/*
 * scale.c - the --scale sweep. Each step is one whole run of the engine
 * (prepare, fork, barrier, timeout, reap, cleanup) at that instance count,
 * so a step measures exactly what a plain run would; the time a step takes
 * beyond its warmup and timeout is the cost of switching steps, reported.
 */
#include "scale.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "doc_writers.h"
#include "log.h"
#include "run_mode.h"
#include "scale_report.h"
#include "session.h"

/*
 * A sweep's rows by step, one array per instance kind: [0] its process
 * runs, [1] its thread runs. Both arrays have every step's instances; ran
 * says which kind ran there. A kind's runs are a prefix of the steps:
 * the sweep stops at the first that fails.
 */
struct scale_rows {
	struct scale_row kind[2][OPT_LIST_MAX];
	size_t steps;
};

/* The steps kind m ran (a prefix of them). */
static size_t scale_ran(const struct scale_rows *r, int m)
{
	size_t n = 0;

	while (n < r->steps && r->kind[m][n].ran)
		n++;
	return n;
}

/* The kind the table and plot of the stresskit format show: the one run,
 * or processes when both ran (will-it-scale's CSV has both). */
static int scale_main_kind(const struct scale_rows *r)
{
	return scale_ran(r, 0) ? 0 : 1;
}

/* The sweep's formats (doc_writers.h: --scale-csv, --scale-plot), and
 * runtest.py's CSV on stdout when it has no file. */
static int scale_outputs(const struct plan *p, struct doc_files *files, const char *name,
			 const struct scale_rows *r)
{
	int m = scale_main_kind(r), status = SK_OK;
	char title[160];
	struct doc_sweep w = {
		.kind = { r->kind[0], r->kind[1] }, .steps = r->steps, .ran = scale_ran(r, m),
		.main = m, .wis = p->scale_wis, .title = title,
	};

	snprintf(title, sizeof(title), "%s: %s instances, %gs per step", name,
		 m ? "thread" : "process", p->base.timeout);
	if (p->scale_wis && !p->set.scale_csv) {
		/* no file: runtest.py's CSV goes where runtest.py prints it */
		fflush(stdout);
		if (scale_wis_write_csv(stdout, r->kind[0], r->kind[1], r->steps) ||
		    fflush(stdout))
			status = SK_USAGE;
	}
	if (doc_files_write(files, &p->set, &(struct doc_data){ .sweep = &w }))
		status = SK_USAGE;
	return status;
}

/* Each kind's table, under a title saying which kind its figures are. */
static void scale_tables(const struct plan *p, const char *name, struct scale_rows *r)
{
	for (int m = 0; m < 2; m++) {
		size_t n = scale_ran(r, m);

		if (!n)
			continue;
		scale_fill(r->kind[m], n);
		scale_print(&p->base, name, m, r->kind[m], n);
	}
}

/* Runs the steps until one fails or a signal stops the sweep; fills r. */
static void scale_sweep(struct session *s, const char *name, struct scale_rows *r,
			int *status)
{
	const struct plan *p = s->plan;
	double switch_max = 0, switch_sum = 0;
	size_t ran = 0;

	r->steps = 0;
	for (size_t i = 0; i < s->n_runs; i++) {
		const struct session_run *sr = &s->found[i];
		uint32_t instances = s->runs[i].entries[0].instances;
		bool threads = s->runs[i].threads;
		double t = sk_now(), extra, idle;
		struct cpu_jiffies j0, j1;

		log_info("scale: step %zu of %zu: %u %s%s", i + 1, s->n_runs, instances, name,
			 !p->scale_wis ? "" : threads ? " (threads)" : " (processes)");
		scale_wis_jiffies(&j0);
		*status = session_run(s, i);
		scale_wis_jiffies(&j1);
		idle = scale_wis_idle_percent(&j0, &j1);
		extra = sk_now() - t - p->base.timeout - run_modes_held(&p->base);
		if (extra > switch_max)
			switch_max = extra;
		switch_sum += extra;
		ran++;
		if (*status != SK_OK || sr->interrupted) {
			log_info("scale: step %zu %s, stopping the sweep", i + 1,
				 sr->interrupted ? "interrupted" : "failed");
			break;
		}
		/* the steps' counts increase: a new count is a new step */
		if (!r->steps || r->kind[0][r->steps - 1].instances != instances) {
			r->kind[0][r->steps] = (struct scale_row){ .instances = instances };
			r->kind[1][r->steps] = (struct scale_row){ .instances = instances };
			r->steps++;
		}
		r->kind[threads][r->steps - 1] = (struct scale_row){
			.instances = instances, .ran = true,
			.total = sr->sums[0].ops_per_sec_real,
			.inst_min = sr->sums[0].inst_rate_min,
			.inst_max = sr->sums[0].inst_rate_max, .idle = idle,
		};
	}
	if (r->steps) {
		scale_tables(p, name, r);
		/* beyond warmup + timeout: fork, barrier, stop, reap, cleanup */
		if (p->base.timeout > 0)
			log_info("scale: switching steps took %.3fs at most, %.3fs on average",
				 switch_max, switch_sum / (double)ran);
	}
}

int scale_main(const struct plan *p)
{
	struct scale_rows rows;
	const char *name = p->base.entries[0].stressor->name;
	int status = SK_OK;
	struct doc_files files;
	struct session s;
	char err[512];

	/* opened before anything runs, so a bad path forks nothing */
	if (doc_files_open(&files, &p->set, DOC_FROM_SWEEP, err, sizeof(err))) {
		log_usage_error("%s", err);
		return SK_USAGE;
	}
	if (session_init(&s, p, p->runs, p->n_runs)) {
		status = SK_NO_RESOURCE;
		goto out;
	}
	/* --yaml, --json, --perf: every step is an entry of one pass */
	if ((status = session_open(&s)))
		goto out;
	log_info("scaling %s over %zu steps, %gs each%s", name, p->n_runs,
		 p->base.timeout, run_modes_held(&p->base) > 0 ? " after a warmup" : "");
	scale_sweep(&s, name, &rows, &status);
	recorder_report(s.rec);
	recorder_pass_done(s.rec, status);
	if (scale_outputs(p, &files, name, &rows) && status == SK_OK)
		status = SK_USAGE;
out:
	status = session_close(&s, status);
	session_free(&s);
	doc_files_abort(&files);
	return status;
}
