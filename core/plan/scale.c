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

#include "cli.h"
#include "instance.h"
#include "log.h"
#include "metrics.h"
#include "plot_svg.h"
#include "parse.h"
#include "recorder.h"
#include "registry.h"

int scale_parse_steps(const char *s, uint32_t max_instances,
		      uint32_t *steps, size_t max_steps)
{
	size_t n = 0;

	if (!s || !*s)
		return -EINVAL;
	while (*s) {
		char num[32];
		size_t len = strcspn(s, ",");
		uint64_t v;
		int rc;

		if (len == 0 || len >= sizeof(num))
			return -EINVAL;
		memcpy(num, s, len);
		num[len] = '\0';
		rc = parse_u64(num, &v);
		if (rc)
			return rc;
		if (v == 0 || v > max_instances)
			return -ERANGE;
		if (n == max_steps || (n && v <= steps[n - 1]))
			return -EINVAL;
		steps[n++] = (uint32_t)v;
		s += len;
		if (*s == ',' && !*++s)
			return -EINVAL;		/* trailing comma */
	}
	return (int)n;
}

double scale_linear(double base_total, uint32_t base_n, uint32_t n)
{
	return base_n ? base_total / base_n * n : 0;
}

double scale_efficiency(double total, double linear)
{
	return linear > 0 ? 100.0 * total / linear : 0;
}

void scale_fill(struct scale_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct scale_row *r = &rows[i];

		r->per_instance = r->instances ? r->total / r->instances : 0;
		r->linear = scale_linear(rows[0].total, rows[0].instances,
					 r->instances);
		r->efficiency = scale_efficiency(r->total, r->linear);
	}
}

int scale_write_csv(FILE *f, const struct scale_row *rows, size_t n)
{
	fprintf(f, "instances,total_ops_per_sec,per_instance_ops_per_sec,"
		   "linear_ops_per_sec,efficiency_percent,"
		   "instance_min_ops_per_sec,instance_max_ops_per_sec\n");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%u,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f\n", rows[i].instances,
			rows[i].total, rows[i].per_instance, rows[i].linear,
			rows[i].efficiency, rows[i].inst_min, rows[i].inst_max);
	return ferror(f) ? -EIO : 0;
}

/* The one stressor a sweep runs: its index, or -1 when not exactly one. */
static int scale_selected(const struct cli_config *cfg)
{
	int found = -1;

	for (size_t i = 0; i < registry_count(); i++) {
		if (!cfg->choice[i].selected)
			continue;
		if (found >= 0)
			return -1;
		found = (int)i;
	}
	return found;
}

/* The steps of the sweep: --scale-steps, or 1..N of --NAME N. */
static int scale_steps(const struct cli_config *cfg, uint32_t *steps)
{
	uint32_t top = cfg->choice[scale_selected(cfg)].instances;

	if (cfg->scale_steps)
		return scale_parse_steps(cfg->scale_steps, INSTANCES_MAX, steps,
					 SCALE_STEPS_MAX);
	if (top > SCALE_STEPS_MAX)
		return -ERANGE;
	for (uint32_t i = 0; i < top; i++)
		steps[i] = i + 1;
	return (int)top;
}

int scale_cli_check(struct cli_config *cfg, char *err, size_t errlen)
{
	uint32_t steps[SCALE_STEPS_MAX];
	int n;

	if (cfg->scale_steps || cfg->scale_csv || cfg->scale_plot)
		cfg->scale = true;
	if (!cfg->scale || cfg->action != CLI_RUN)
		return 0;
	/* a sweep is one pass of its own: --json, --yaml and --perf keep its steps */
	if (cfg->repeat > 1 || cfg->compose.dry_run) {
		snprintf(err, errlen, "--scale does not combine with --repeat or --dry-run: "
			 "run the sweep again to repeat it");
		return -EINVAL;
	}
	if (scale_selected(cfg) < 0) {
		snprintf(err, errlen, "--scale sweeps one stressor: select exactly one with --NAME N");
		return -EINVAL;
	}
	if (cfg->timeout_set && cfg->timeout <= 0) {
		snprintf(err, errlen, "--scale needs a --timeout above 0 for each step");
		return -EINVAL;
	}
	n = scale_steps(cfg, steps);
	if (n < 0 && cfg->scale_steps) {
		snprintf(err, errlen, "invalid --scale-steps '%s': expected increasing "
			 "instance counts from 1 to %d, like 1,2,4,8 (at most %d)",
			 cfg->scale_steps, INSTANCES_MAX, SCALE_STEPS_MAX);
		return n;
	}
	if (n < 0) {
		snprintf(err, errlen, "--scale: at most %d steps; choose them with --scale-steps",
			 SCALE_STEPS_MAX);
		return n;
	}
	return 0;
}

/* Opens an output file before anything runs, so a bad path forks nothing. */
static FILE *scale_open(const char *path, const char *what)
{
	FILE *f = fopen(path, "w");

	if (!f)
		log_usage_error("cannot write %s '%s': %s", what, path, strerror(errno));
	return f;
}

static void scale_print(const struct cli_config *cfg, const char *name,
			const struct scale_row *rows, size_t n)
{
	log_metric("scale: %s, %s instances, %gs per step%s", name,
		   cfg->threads ? "thread" : "process", cfg->timeout,
		   cfg->warmup > 0 ? " after the warmup" : "");
	log_metric("%9s %14s %14s %14s %10s %14s %14s", "instances",
		   "total ops/s", "per-instance", "linear ops/s", "efficiency",
		   "min instance", "max instance");
	for (size_t i = 0; i < n; i++)
		log_metric("%9u %14.2f %14.2f %14.2f %9.1f%% %14.2f %14.2f",
			   rows[i].instances, rows[i].total, rows[i].per_instance,
			   rows[i].linear, rows[i].efficiency, rows[i].inst_min,
			   rows[i].inst_max);
}

/* Runs one step; fills row, returns the run's status. */
static int scale_step(struct run_plan *plan, uint32_t instances,
		      struct scale_row *row, bool *interrupted,
		      struct recorder *rec)
{
	struct stressor_summary sum;
	struct run_result res;
	int rc;

	plan->entries[0].instances = instances;
	rc = run_execute(plan, &res);
	if (rc) {
		log_fail("cannot run: %s", strerror(-rc));
		return rc == -ENOMEM ? SK_NO_RESOURCE : SK_USAGE;
	}
	metrics_summarize(&res.s[0], &sum);
	recorder_run(rec, &res, &sum);
	*row = (struct scale_row){
		.instances = instances, .total = sum.ops_per_sec_real,
		.inst_min = sum.inst_rate_min, .inst_max = sum.inst_rate_max,
	};
	*interrupted = res.interrupted;
	rc = res.status;
	run_result_free(&res);
	return rc;
}

static int scale_outputs(const struct cli_config *cfg, FILE *csv, FILE *svg,
			 const char *name, const struct scale_row *rows, size_t n)
{
	char title[160];
	int status = SK_OK;

	snprintf(title, sizeof(title), "%s: %s instances, %gs per step", name,
		 cfg->threads ? "thread" : "process", cfg->timeout);
	if (csv && (scale_write_csv(csv, rows, n) || fclose(csv))) {
		log_fail("cannot write %s: %s", cfg->scale_csv, strerror(errno));
		status = SK_USAGE;
	}
	if (svg && (plot_svg_scale(svg, title, rows, n) || fclose(svg))) {
		log_fail("cannot write %s: %s", cfg->scale_plot, strerror(errno));
		status = SK_USAGE;
	}
	return status;
}

int scale_main(const struct cli_config *cfg)
{
	uint32_t steps[SCALE_STEPS_MAX];
	struct scale_row rows[SCALE_STEPS_MAX];
	const char *name = registry_at((size_t)scale_selected(cfg))->name;
	int n = scale_steps(cfg, steps), status = SK_OK;
	FILE *csv = NULL, *svg = NULL;
	double switch_max = 0, switch_sum = 0;
	struct run_plan plan;
	size_t done = 0, ran = 0;
	struct recorder *rec = NULL;
	char err[512];

	if (cfg->scale_csv && !(csv = scale_open(cfg->scale_csv, "--scale-csv")))
		return SK_USAGE;
	if (cfg->scale_plot && !(svg = scale_open(cfg->scale_plot, "--scale-plot"))) {
		if (csv)
			fclose(csv);
		return SK_USAGE;
	}
	/* --yaml, --json, --perf: every step is an entry of one pass */
	if (!(rec = recorder_begin(cfg, err, sizeof(err)))) {
		log_usage_error("%s", err);
		status = SK_USAGE;
		goto out;
	}
	if (cli_plan(cfg, &plan)) {
		status = SK_NO_RESOURCE;
		goto out;
	}
	plan.perf = recorder_perf(rec);
	plan.sampler = recorder_sampler(rec);
	log_info("scaling %s over %d steps, %gs each%s", name, n, cfg->timeout,
		 cfg->warmup > 0 ? " after a warmup" : "");
	for (int i = 0; i < n; i++) {
		bool interrupted = false;
		double t = sk_now(), extra;

		log_info("scale: step %d of %d: %u %s", i + 1, n, steps[i], name);
		status = scale_step(&plan, steps[i], &rows[done], &interrupted, rec);
		extra = sk_now() - t - cfg->timeout - cfg->warmup;
		if (extra > switch_max)
			switch_max = extra;
		switch_sum += extra;
		ran++;
		if (status != SK_OK || interrupted) {
			log_info("scale: step %d %s, stopping the sweep", i + 1,
				 interrupted ? "interrupted" : "failed");
			break;
		}
		done++;
	}
	if (done) {
		scale_fill(rows, done);
		scale_print(cfg, name, rows, done);
		/* beyond warmup + timeout: fork, barrier, stop, reap, cleanup */
		if (cfg->timeout > 0)
			log_info("scale: switching steps took %.3fs at most, %.3fs on average",
				 switch_max, switch_sum / (double)ran);
	}
	recorder_report(rec);
	recorder_pass_done(rec, status);
	if (scale_outputs(cfg, csv, svg, name, rows, done) && status == SK_OK)
		status = SK_USAGE;
	csv = svg = NULL;
	cli_plan_free(&plan);
out:
	status = recorder_end(rec, status);
	if (csv)
		fclose(csv);
	if (svg)
		fclose(svg);
	return status;
}
