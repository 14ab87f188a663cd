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

#include "log.h"
#include "plot_svg.h"
#include "scale_report.h"
#include "session.h"

/* Opens an output file before anything runs, so a bad path forks nothing. */
static FILE *scale_open(const char *path, const char *what)
{
	FILE *f = fopen(path, "w");

	if (!f)
		log_usage_error("cannot write %s '%s': %s", what, path, strerror(errno));
	return f;
}

static int scale_outputs(const struct plan *p, FILE *csv, FILE *svg,
			 const char *name, const struct scale_row *rows, size_t n)
{
	char title[160];
	int status = SK_OK;

	snprintf(title, sizeof(title), "%s: %s instances, %gs per step", name,
		 p->base.threads ? "thread" : "process", p->base.timeout);
	if (p->scale_wis && !csv) {
		/* no file: runtest.py's CSV goes where runtest.py prints it */
		fflush(stdout);
		if (scale_wis_write_csv(stdout, rows, n) || fflush(stdout))
			status = SK_USAGE;
	}
	if (csv && ((p->scale_wis ? scale_wis_write_csv(csv, rows, n) :
		     scale_write_csv(csv, rows, n)) || fclose(csv))) {
		log_fail("cannot write %s: %s", p->scale_csv, strerror(errno));
		status = SK_USAGE;
	}
	if (svg && (plot_svg_scale(svg, title, rows, n) || fclose(svg))) {
		log_fail("cannot write %s: %s", p->scale_plot, strerror(errno));
		status = SK_USAGE;
	}
	return status;
}

/* Runs the steps until one fails or a signal stops the sweep; fills rows. */
static size_t scale_sweep(struct session *s, const char *name, struct scale_row *rows,
			  int *status)
{
	const struct plan *p = s->plan;
	double switch_max = 0, switch_sum = 0;
	size_t done = 0, ran = 0;

	for (size_t i = 0; i < s->n_runs; i++) {
		const struct session_run *r = &s->found[i];
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
		extra = sk_now() - t - p->base.timeout - p->base.warmup;
		if (extra > switch_max)
			switch_max = extra;
		switch_sum += extra;
		ran++;
		if (*status != SK_OK || r->interrupted) {
			log_info("scale: step %zu %s, stopping the sweep", i + 1,
				 r->interrupted ? "interrupted" : "failed");
			break;
		}
		if (p->scale_wis && threads && done) {
			rows[done - 1].thread_total = r->sums[0].ops_per_sec_real;
			rows[done - 1].thread_idle = idle;
			continue;
		}
		rows[done++] = (struct scale_row){
			.instances = instances, .total = r->sums[0].ops_per_sec_real,
			.inst_min = r->sums[0].inst_rate_min,
			.inst_max = r->sums[0].inst_rate_max,
			.thread_total = -1, .proc_idle = idle, .thread_idle = 100,
		};
	}
	if (done) {
		scale_fill(rows, done);
		scale_print(&p->base, name, rows, done);
		/* beyond warmup + timeout: fork, barrier, stop, reap, cleanup */
		if (p->base.timeout > 0)
			log_info("scale: switching steps took %.3fs at most, %.3fs on average",
				 switch_max, switch_sum / (double)ran);
	}
	return done;
}

int scale_main(const struct plan *p)
{
	struct scale_row rows[OPT_LIST_MAX];
	const char *name = p->base.entries[0].stressor->name;
	int status = SK_OK;
	FILE *csv = NULL, *svg = NULL;
	struct session s;
	size_t done;
	char err[512];

	if (p->scale_csv && !(csv = scale_open(p->scale_csv, "--scale-csv")))
		return SK_USAGE;
	if (p->scale_plot && !(svg = scale_open(p->scale_plot, "--scale-plot"))) {
		if (csv)
			fclose(csv);
		return SK_USAGE;
	}
	if (session_init(&s, p, p->runs, p->n_runs)) {
		status = SK_NO_RESOURCE;
		goto out;
	}
	/* --yaml, --json, --perf: every step is an entry of one pass */
	if (!(s.rec = recorder_begin(p, err, sizeof(err)))) {
		log_usage_error("%s", err);
		status = SK_USAGE;
		goto out;
	}
	log_info("scaling %s over %zu steps, %gs each%s", name, p->n_runs,
		 p->base.timeout, p->base.warmup > 0 ? " after a warmup" : "");
	done = scale_sweep(&s, name, rows, &status);
	recorder_report(s.rec);
	recorder_pass_done(s.rec, status);
	if (scale_outputs(p, csv, svg, name, rows, done) && status == SK_OK)
		status = SK_USAGE;
	csv = svg = NULL;
out:
	status = recorder_end(s.rec, status);
	session_free(&s);
	if (csv)
		fclose(csv);
	if (svg)
		fclose(svg);
	return status;
}
