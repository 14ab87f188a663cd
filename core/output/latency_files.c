/*
 * latency_files.c - collects each stressor series' percentile ladder as
 * the runs end and writes --latency-csv (one row per rung, with
 * HdrHistogram's 1/(1-p) column) and --latency-plot (plot_latency.c).
 */
#include "latency_files.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "latency_area.h"
#include "log.h"
#include "plot_latency.h"

struct latency_files {
	const char *csv, *plot;
	unsigned pass, repeat;
	struct latency_curve *c;
	size_t n;
};

struct latency_files *latency_files_new(const struct plan *p)
{
	const struct latency_opts *o = latency_opts_of(&p->base);
	struct latency_files *lf;

	if (!o || (!o->csv && !o->plot))
		return NULL;
	lf = calloc(1, sizeof(*lf));
	if (!lf) {
		log_warn("out of memory: no --latency-csv or --latency-plot");
		return NULL;
	}
	lf->csv = o->csv;
	lf->plot = o->plot;
	lf->pass = 1;
	lf->repeat = p->repeat;
	return lf;
}

void latency_files_add(struct latency_files *lf, const struct stressor_summary *sums,
		       size_t n)
{
	for (size_t i = 0; lf && i < n; i++) {
		for (size_t k = 0; k < sums[i].n_latency; k++) {
			struct latency_curve *c = realloc(lf->c, (lf->n + 1) * sizeof(*c));

			if (!c)
				return;
			lf->c = c;
			c += lf->n++;
			c->fig = sums[i].latency[k];
			if (lf->repeat > 1)
				snprintf(c->label, sizeof(c->label), "%s %s #%u",
					 sums[i].name, c->fig.name, lf->pass);
			else
				snprintf(c->label, sizeof(c->label), "%s %s",
					 sums[i].name, c->fig.name);
		}
	}
}

void latency_files_pass_done(struct latency_files *lf)
{
	if (lf)
		lf->pass++;
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

int latency_files_finish(struct latency_files *lf)
{
	int rc = 0;

	if (!lf)
		return 0;
	if (lf->csv)
		rc = latency_files_write(lf, lf->csv, "--latency-csv", latency_files_csv);
	if (lf->plot && latency_files_write(lf, lf->plot, "--latency-plot",
					    latency_files_svg))
		rc = -EIO;
	free(lf->c);
	free(lf);
	return rc;
}
