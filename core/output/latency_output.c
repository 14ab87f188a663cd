/*
 * latency_output.c - the latency mode's output: each stressor's
 * percentile lines among its miscellaneous metrics under the table and
 * its figures in its entry of the results (latency_report.c formats
 * both), and --latency-csv (one row per rung, with HdrHistogram's
 * 1/(1-p) column) and --latency-plot (plot_latency.c) of every run's
 * series, written once at the end.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "latency_area.h"
#include "latency_report.h"
#include "log.h"
#include "mode_output.h"
#include "plot_latency.h"

/* One stressor of the pass's table: its series' figures. */
struct latency_row {
	const char *name;
	size_t n;
	struct latency_figures f[SK_LATENCY_SERIES];
};

/* The mode's output over a session. */
struct latency_output {
	const char *csv, *plot;
	unsigned repeat;
	struct latency_curve *c;	/* every run's series, for the files */
	size_t n;
	struct latency_row *rows;	/* the pass's stressors, as its table lists them */
	size_t n_rows;
	size_t run_rows;		/* the first of the last run's rows */
};

static int latency_output_open(void *state, const struct plan *p, char *err, size_t errlen)
{
	const struct latency_opts *o = latency_opts_of(&p->base);
	struct latency_output *lf = state;

	(void)err;
	(void)errlen;
	if (o) {
		lf->csv = o->csv;
		lf->plot = o->plot;
	}
	lf->repeat = p->repeat;
	return 0;
}

/* The files' curves of one stressor's series. */
static int latency_output_curves(struct latency_output *lf, const struct latency_row *r,
				unsigned pass)
{
	for (size_t k = 0; k < r->n; k++) {
		struct latency_curve *c = realloc(lf->c, (lf->n + 1) * sizeof(*c));

		if (!c)
			return -ENOMEM;
		lf->c = c;
		c += lf->n++;
		c->fig = r->f[k];
		if (lf->repeat > 1)
			snprintf(c->label, sizeof(c->label), "%s %s #%u", r->name,
				 c->fig.name, pass);
		else
			snprintf(c->label, sizeof(c->label), "%s %s", r->name, c->fig.name);
	}
	return 0;
}

/*
 * Stressor i's instances' histograms in res (latency_of), for the
 * summary, which reads no run's result; false: the run timed nothing,
 * or no memory. li->inst is the caller's to free.
 */
static bool latency_output_instances(const struct run_result *res, size_t i,
				     struct latency_instances *li)
{
	const struct stressor_result *sr = &res->s[i];
	const struct sk_latency **inst;

	*li = (struct latency_instances){ 0 };
	if (!sr->n || !latency_of(res, &sr->inst[0]) ||
	    !(inst = malloc(sr->n * sizeof(*inst))))
		return false;
	for (uint32_t k = 0; k < sr->n; k++)
		inst[k] = latency_of(res, &sr->inst[k]);
	li->inst = inst;
	li->n = sr->n;
	return true;
}

/* Keeps each stressor's figures for the table, and for the files. */
static int latency_output_add(void *state, const struct run_result *res, unsigned pass)
{
	struct latency_output *lf = state;
	struct latency_row *rows;
	struct latency_instances li;

	/* first: a run not kept has no rows, not the last run's */
	lf->run_rows = lf->n_rows;
	rows = realloc(lf->rows, (lf->n_rows + res->n + 1) * sizeof(*rows));
	if (!rows)
		return -ENOMEM;
	lf->rows = rows;
	for (size_t i = 0; i < res->n; i++) {
		struct latency_row *r = &lf->rows[lf->n_rows++];

		r->name = res->s[i].entry->stressor->name;
		r->n = latency_output_instances(res, i, &li) ? latency_summarize(&li, r->f) : 0;
		free(li.inst);
		if ((lf->csv || lf->plot) && latency_output_curves(lf, r, pass))
			return -ENOMEM;
	}
	return 0;
}

/* The entry's figures: the ones run kept of stressor i. */
static int latency_output_metrics(void *state, json_t *e, json_t *extra,
				  const struct run_result *res, size_t i)
{
	const struct latency_output *lf = state;
	const struct latency_row *r;
	struct latency_instances li;
	int rc;

	if (lf->run_rows + i >= lf->n_rows)
		return 0;	/* run could not keep it: said as out of memory */
	r = &lf->rows[lf->run_rows + i];
	if (!r->n)
		return 0;
	if (!latency_output_instances(res, i, &li))
		return -ENOMEM;	/* run found them: only memory is short */
	rc = latency_report_json(e, extra, r->f, r->n, &li);
	free(li.inst);
	return rc;
}

static size_t latency_output_lines(void *state, size_t k, bool print)
{
	const struct latency_output *lf = state;
	const struct latency_row *r = k < lf->n_rows ? &lf->rows[k] : NULL;

	if (r && print)
		latency_report_lines(r->name, r->f, r->n);
	return r ? r->n : 0;
}

static void latency_output_report(void *state, const struct plan *p)
{
	(void)p;
	((struct latency_output *)state)->n_rows = 0;
}

static int latency_output_csv(const struct latency_output *lf, FILE *f)
{
	fprintf(f, "series,timed_ops,percentile,usecs,inverse_tail\n");
	for (size_t i = 0; i < lf->n; i++) {
		const struct latency_curve *c = &lf->c[i];

		for (int r = 0; r < LATENCY_LADDER_N; r++) {
			double p = latency_ladder_pct[r];

			/* the label is a stressor and a series name: no comma or quote */
			fprintf(f, "%s,%llu,%g,%.3f,", c->label,
				(unsigned long long)c->fig.count, p,
				c->fig.ladder[r] / 1e3);
			if (p < 100)
				fprintf(f, "%.2f\n", 100.0 / (100.0 - p));
			else
				fprintf(f, "inf\n");
		}
	}
	return ferror(f) ? -EIO : 0;
}

/* Writes one file with fn; says why it failed. */
static int latency_output_write(const struct latency_output *lf, const char *path,
			       const char *opt,
			       int (*fn)(const struct latency_output *, FILE *))
{
	struct atomic_file af;
	int rc = atomic_file_open(&af, path);

	if (!rc)
		rc = atomic_file_finish(&af, fn(lf, af.f));
	if (rc)
		log_fail("cannot write %s %s: %s", opt, path, strerror(-rc));
	return rc;
}

static int latency_output_svg(const struct latency_output *lf, FILE *f)
{
	return plot_latency_svg(f, lf->c, lf->n);
}

/* Writes both files, each whole or not at all; frees the curves. */
static int latency_output_close(void *state, bool write)
{
	struct latency_output *lf = state;
	int rc = 0;

	if (write && lf->csv)
		rc = latency_output_write(lf, lf->csv, "--latency-csv", latency_output_csv);
	if (write && lf->plot && latency_output_write(lf, lf->plot, "--latency-plot",
						     latency_output_svg))
		rc = -EIO;
	free(lf->c);
	free(lf->rows);
	return rc;
}

static const struct mode_output latency_output = {
	.mode = "latency",
	.size = sizeof(struct latency_output),
	.open = latency_output_open,
	.run = latency_output_add,
	.metrics = latency_output_metrics,
	.lines = latency_output_lines,
	.report = latency_output_report,
	.close = latency_output_close,
};
MODE_OUTPUT_REGISTER(latency_output);
