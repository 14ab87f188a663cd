/*
 * history_verdict.c - compare's verdict on the runs either side of a
 * change point (history_verdict.h).
 */
#include "history_verdict.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_noise.h"
#include "estimator.h"
#include "lkp_keys.h"

/*
 * Run i's passes of line l into out (l->p[i].n of room): all of them, or,
 * on an envelope line, those out of the machine's slow stretches, as
 * compare reads an envelope (estimator_fast_passes). Returns how many.
 */
static size_t history_run_passes(const struct history_line *l, size_t i, double *out)
{
	if (compare_envelope(l->key))
		return estimator_fast_passes(l->p[i].v, l->p[i].n, out);
	memcpy(out, l->p[i].v, l->p[i].n * sizeof(double));
	return l->p[i].n;
}

/*
 * A segment as one side of compare: every pass of its runs in one series
 * of the line's key, and each run's passes as the runs of one joined
 * file. The sample points into the side's values.
 */
static int history_side(const struct history_line *l, size_t s, size_t e,
			struct compare_side *side, struct series *row, struct compare_sample *sm)
{
	size_t total = 0;

	for (size_t i = s; i < e; i++)
		total += l->p[i].n;
	*row = (struct series){ .key = l->key, .direction = l->direction,
				.v = malloc((total ? total : 1) * sizeof(double)) };
	side->file_runs = malloc((e - s) * sizeof(*side->file_runs));
	if (!row->v || !side->file_runs)
		return -ENOMEM;
	for (size_t i = s; i < e; i++) {
		size_t k = history_run_passes(l, i, row->v + row->n);

		row->n += k;
		side->file_runs[i - s] = k;
	}
	side->set = (struct series_set){ .s = row, .n = 1, .runs = row->n };
	side->files = e - s;
	side->others_pct = NAN;
	*sm = (struct compare_sample){ .v = row->v, .n = row->n, .runs = row->n,
				       .files = side->files, .others_pct = NAN };
	compare_noise_between(side, NULL, l->key, sm);
	return 0;
}

int history_verdict_judge(const struct history_line *l, size_t s, size_t t, size_t e,
			  struct compare_verdict *v)
{
	const struct compare_params p = {
		.method = compare_method_parse(COMPARE_DEFAULT_METHOD),
		.alpha = COMPARE_DEFAULT_ALPHA, .drift_pct = COMPARE_DEFAULT_DRIFT_PCT,
		.equivalence_pct = COMPARE_DEFAULT_EQUIVALENCE_PCT,
	};
	struct compare_side a = { .files = 0 }, b = { .files = 0 };
	struct series ra = { .n = 0 }, rb = { .n = 0 };
	struct compare_sample sa, sb;
	char lkp[320];
	int rc = -ENOMEM;

	if (!history_side(l, s, t, &a, &ra, &sa) && !history_side(l, t, e, &b, &rb, &sb)) {
		lkp_key(l->key, lkp, sizeof(lkp));
		compare_method_judge(&p, lkp, &sa, &sb, v);
		compare_word_settle(&p, v);
		rc = 0;
	}
	free(ra.v);
	free(a.file_runs);
	free(rb.v);
	free(b.file_runs);
	return rc;
}

const char *history_verdict_direction(const struct history_line *l, double change_pct)
{
	if (!l->direction || change_pct == 0)
		return "change";
	return (change_pct > 0) == (l->direction > 0) ? "improvement" : "regression";
}

int history_line_changes(const struct history_line *l, const struct history_changes_params *p,
			 struct history_found **out, size_t *n)
{
	double *mean = malloc((l->n ? l->n : 1) * sizeof(*mean));
	double *var = malloc((l->n ? l->n : 1) * sizeof(*var));
	struct history_change *c = NULL;
	size_t nc = 0;
	int rc = mean && var ? 0 : -ENOMEM;

	*out = NULL;
	*n = 0;
	for (size_t i = 0; !rc && i < l->n; i++) {
		double v[l->p[i].n ? l->p[i].n : 1];
		size_t k = history_run_passes(l, i, v);
		struct stats st;

		stats_compute(v, k, &st);
		mean[i] = st.mean;
		/* the variance of the mean of its passes; one pass tells none */
		var[i] = k > 1 ? stats_sample_var(v, k) / (double)k : 0;
	}
	if (!rc)
		rc = history_changes_find(mean, var, l->n, p, &c, &nc);
	if (!rc && nc && !(*out = calloc(nc, sizeof(**out))))
		rc = -ENOMEM;
	for (size_t i = 0; !rc && i < nc; i++) {
		struct history_found *f = &(*out)[i];

		f->c = c[i];
		f->from = i ? c[i - 1].at : 0;
		f->to = i + 1 < nc ? c[i + 1].at : l->n;
		rc = history_verdict_judge(l, f->from, f->c.at, f->to, &f->v);
	}
	if (rc) {
		free(*out);
		*out = NULL;
	} else {
		*n = nc;
	}
	free(c);
	free(mean);
	free(var);
	return rc;
}
