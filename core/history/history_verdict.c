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
 * A segment as one side of compare: every pass of its runs kept (keep
 * NULL: all) in one series of the line's key, and each run's passes as
 * the runs of one joined file. The sample points into the side's values.
 */
static int history_side(const struct history_line *l, size_t s, size_t e, const bool *keep,
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
	side->files = 0;
	for (size_t i = s; i < e; i++) {
		size_t k;

		if (keep && !keep[i])
			continue;
		k = history_run_passes(l, i, row->v + row->n);
		row->n += k;
		side->file_runs[side->files++] = k;
	}
	side->set = (struct series_set){ .s = row, .n = 1, .runs = row->n };
	side->others_pct = NAN;
	*sm = (struct compare_sample){ .v = row->v, .n = row->n, .runs = row->n,
				       .files = side->files, .others_pct = NAN };
	compare_noise_between(side, NULL, l->key, sm);
	return 0;
}

int history_verdict_judge(const struct history_line *l, size_t s, size_t t, size_t e,
			  const bool *keep, struct compare_verdict *v)
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

	if (!history_side(l, s, t, keep, &a, &ra, &sa) &&
	    !history_side(l, t, e, keep, &b, &rb, &sb)) {
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

/* The median of v[0..n-1] (n >= 1). */
static double history_median(const double *v, size_t n)
{
	struct stats st;

	stats_compute(v, n, &st);
	return st.median;
}

/*
 * Whether run i of the n runs' means ran in a slow stretch of the machine
 * from its start to its end: ESTIMATOR_FAST_PCT or more below both the
 * median of the HISTORY_SLOW_AROUND runs before it and that of those
 * after it. Interference only slows a run, and a stretch that holds a
 * whole invocation reads as a step of one run; a real step moves the
 * runs after it too, so the median on that side follows it and no run
 * of it is left out. A run with fewer neighbours on a side is kept.
 */
static bool history_run_slow(const double *mean, size_t n, size_t i)
{
	const double cut = 1 - ESTIMATOR_FAST_PCT / 100;
	double before, after;

	if (i < HISTORY_SLOW_AROUND || i + HISTORY_SLOW_AROUND >= n)
		return false;
	before = history_median(mean + i - HISTORY_SLOW_AROUND, HISTORY_SLOW_AROUND);
	after = history_median(mean + i + 1, HISTORY_SLOW_AROUND);
	return mean[i] <= before * cut && mean[i] <= after * cut;
}

int history_line_changes(const struct history_line *l, const struct history_changes_params *p,
			 struct history_found **out, size_t *n)
{
	size_t room = l->n ? l->n : 1, nk = 0, nc = 0;
	double *mean = malloc(room * sizeof(*mean)), *var = malloc(room * sizeof(*var));
	double *km = malloc(room * sizeof(*km)), *kv = malloc(room * sizeof(*kv));
	size_t *at = malloc((room + 1) * sizeof(*at));	/* kept run j is run at[j] */
	bool *keep = malloc(room * sizeof(*keep)), env = compare_envelope(l->key);
	struct history_changes_params lp = *p;
	struct history_change *c = NULL;
	char lkp[320];
	int rc = mean && var && km && kv && at && keep ? 0 : -ENOMEM;

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
	/* an envelope line leaves out the runs of slow stretches, as a run's
	 * envelope leaves out such passes */
	for (size_t i = 0; !rc && i < l->n; i++) {
		keep[i] = !env || !history_run_slow(mean, l->n, i);
		if (keep[i]) {
			km[nk] = mean[i];
			kv[nk] = var[i];
			at[nk++] = i;
		}
	}
	if (!rc) {
		at[nk] = l->n;
		lkp_key(l->key, lkp, sizeof(lkp));
		lp.floor_pct = compare_floor_pct(lkp);
		rc = history_changes_find(km, kv, nk, &lp, &c, &nc);
	}
	if (!rc && nc && !(*out = calloc(nc, sizeof(**out))))
		rc = -ENOMEM;
	for (size_t i = 0; !rc && i < nc; i++) {
		struct history_found *f = &(*out)[i];

		f->c = c[i];
		f->c.at = at[c[i].at];
		f->from = i ? at[c[i - 1].at] : 0;
		f->to = at[i + 1 < nc ? c[i + 1].at : nk];
		rc = history_verdict_judge(l, f->from, f->c.at, f->to, keep, &f->v);
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
	free(km);
	free(kv);
	free(at);
	free(keep);
	return rc;
}
