/*
 * latency_files.c - collects each stressor series' percentile ladder as
 * the runs end and writes --latency-csv (one row per rung, with
 * HdrHistogram's 1/(1-p) column) and --latency-plot (plot_latency.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "latency_area.h"
#include "log.h"
#include "mode_output.h"
#include "plot_latency.h"

/* The curves of every run so far; the state of the latency mode's output. */
struct latency_files {
	const char *csv, *plot;
	unsigned repeat;
	struct latency_curve *c;
	size_t n;
};

static int latency_files_open(void *state, const struct plan *p, char *err, size_t errlen)
{
	const struct latency_opts *o = latency_opts_of(&p->base);
	struct latency_files *lf = state;

	(void)err;
	(void)errlen;
	if (o) {
		lf->csv = o->csv;
		lf->plot = o->plot;
	}
	lf->repeat = p->repeat;
	return 0;
}

/* Keeps every latency series of the run's stressors. */
static int latency_files_add(void *state, const struct run_result *res,
			     const struct stressor_summary *sums, unsigned pass)
{
	struct latency_files *lf = state;

	for (size_t i = 0; (lf->csv || lf->plot) && i < res->n; i++) {
		for (size_t k = 0; k < sums[i].n_latency; k++) {
			struct latency_curve *c = realloc(lf->c, (lf->n + 1) * sizeof(*c));

			if (!c)
				return -ENOMEM;
			lf->c = c;
			c += lf->n++;
			c->fig = sums[i].latency[k];
			if (lf->repeat > 1)
				snprintf(c->label, sizeof(c->label), "%s %s #%u",
					 sums[i].name, c->fig.name, pass);
			else
				snprintf(c->label, sizeof(c->label), "%s %s",
					 sums[i].name, c->fig.name);
		}
	}
	return 0;
}

static int latency_files_csv(const struct latency_files *lf, FILE *f)
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
static int latency_files_write(const struct latency_files *lf, const char *path,
			       const char *opt,
			       int (*fn)(const struct latency_files *, FILE *))
{
	struct atomic_file af;
	int rc = atomic_file_open(&af, path);

	if (!rc)
		rc = atomic_file_finish(&af, fn(lf, af.f));
	if (rc)
		log_fail("cannot write %s %s: %s", opt, path, strerror(-rc));
	return rc;
}

static int latency_files_svg(const struct latency_files *lf, FILE *f)
{
	return plot_latency_svg(f, lf->c, lf->n);
}

/* Writes both files, each whole or not at all; frees the curves. */
static int latency_files_close(void *state, bool write)
{
	struct latency_files *lf = state;
	int rc = 0;

	if (write && lf->csv)
		rc = latency_files_write(lf, lf->csv, "--latency-csv", latency_files_csv);
	if (write && lf->plot && latency_files_write(lf, lf->plot, "--latency-plot",
						     latency_files_svg))
		rc = -EIO;
	free(lf->c);
	return rc;
}

static const struct mode_output latency_files_output = {
	.mode = "latency",
	.size = sizeof(struct latency_files),
	.open = latency_files_open,
	.run = latency_files_add,
	.close = latency_files_close,
};
MODE_OUTPUT_REGISTER(latency_files_output);
