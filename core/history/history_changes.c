/*
 * history_changes.c - E-Divisive means with a t-test (history_changes.h).
 *
 * The energy statistic of Matteson and James with alpha = 1: for a
 * segment X of m runs and the Y of n runs after it,
 *
 *     q(X, Y) = mn/(m+n) * ( 2/(mn) sum|x-y| - 2/(m(m-1)) sum_{i<k}|x_i-x_k|
 *                            - 2/(n(n-1)) sum_{j<l}|y_j-y_l| ),
 *
 * large when the two differ in distribution. Within a segment [s, e) of
 * the series cut so far, the candidate is the tau (and the end kappa of
 * Y, as in the paper) maximising q(Z[s, tau), Z[tau, kappa)); the
 * segment whose candidate has the largest q is tested first. The sums
 * are read off a prefix-sum table of |z_i - z_j| in O(1) each.
 *
 * The test (Otava's, instead of the paper's permutations): Welch's
 * t-test of the runs of [s, tau) against those of [tau, e). A candidate
 * that fails closes its segment; the search ends when every segment is
 * closed or too short. Then each change point is tested again against
 * its final neighbours and the weakest that fails is dropped, until all
 * pass: a point found early against a long segment must still stand
 * once the points after it are known.
 */
#include "history_changes.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "student.h"

/* The prefix sums: sum[r * (n + 1) + c] = sum of |z_a - z_b|, a < r, b < c. */
struct history_energy {
	double *sum;
	size_t n;
};

static int history_energy_init(struct history_energy *e, const double *z, size_t n)
{
	size_t w = n + 1;

	e->n = n;
	e->sum = calloc(w * w, sizeof(*e->sum));
	if (!e->sum)
		return -ENOMEM;
	for (size_t r = 1; r <= n; r++)
		for (size_t c = 1; c <= n; c++)
			e->sum[r * w + c] = fabs(z[r - 1] - z[c - 1]) + e->sum[(r - 1) * w + c] +
					    e->sum[r * w + c - 1] - e->sum[(r - 1) * w + c - 1];
	return 0;
}

/* The sum of |z_a - z_b| over a in [r0, r1), b in [c0, c1). */
static double history_block(const struct history_energy *e, size_t r0, size_t r1, size_t c0,
			    size_t c1)
{
	size_t w = e->n + 1;

	return e->sum[r1 * w + c1] - e->sum[r0 * w + c1] - e->sum[r1 * w + c0] +
	       e->sum[r0 * w + c0];
}

/* q(Z[s, t), Z[t, k)); both sides of 2 runs or more. */
static double history_q(const struct history_energy *e, size_t s, size_t t, size_t k)
{
	double m = (double)(t - s), n = (double)(k - t);
	double xy = history_block(e, s, t, t, k);
	/* each within-pair counted twice in the block, the diagonal 0 */
	double xx = history_block(e, s, t, s, t) / 2, yy = history_block(e, t, k, t, k) / 2;

	return m * n / (m + n) * (2 * xy / (m * n) - xx / (m * (m - 1) / 2) -
				  yy / (n * (n - 1) / 2));
}

/* The best split of [s, e) with min runs a side: its tau, and q in *q. */
static size_t history_best_split(const struct history_energy *e, size_t s, size_t end,
				 size_t min, double *q)
{
	size_t best = 0;

	*q = -INFINITY;
	for (size_t t = s + min; t + min <= end; t++)
		for (size_t k = t + min; k <= end; k++) {
			double v = history_q(e, s, t, k);

			if (v > *q) {
				*q = v;
				best = t;
			}
		}
	return best;
}

/*
 * A segment's runs as a sample for Welch's test: their mean, and the
 * variance of one run's mean, no less than what its passes alone give
 * (the mean of var[] over the segment).
 */
static void history_segment(const double *mean, const double *var, size_t s, size_t e,
			    double *m, double *v)
{
	double within = 0;
	struct stats st;

	stats_compute(mean + s, e - s, &st);
	for (size_t i = s; i < e; i++)
		within += var[i];
	*m = st.mean;
	*v = fmax(stats_sample_var(mean + s, e - s), within / (double)(e - s));
}

/* Welch's test of [s, t) against [t, e): p, and the change in % of [s, t)'s mean. */
static double history_test(const double *mean, const double *var, size_t s, size_t t, size_t e,
			   double *change_pct)
{
	double ma, va, mb, vb;
	struct welch w;

	history_segment(mean, var, s, t, &ma, &va);
	history_segment(mean, var, t, e, &mb, &vb);
	student_welch(ma, va, (double)(t - s), mb, vb, (double)(e - t), &w);
	*change_pct = ma != 0 ? 100 * (mb - ma) / fabs(ma) : 0;
	return w.p;
}

static bool history_accepts(const struct history_changes_params *p, double pv, double change)
{
	return pv < p->max_p &&
	       fabs(change) >= (p->floor_pct > 0 ? p->floor_pct : STATS_MIN_CHANGE_PCT);
}

/* Inserts at into the sorted cut list (0 and n at its ends). */
static void history_cut(size_t *cut, size_t *ncut, size_t at)
{
	size_t i = *ncut;

	while (i > 0 && cut[i - 1] > at) {
		cut[i] = cut[i - 1];
		i--;
	}
	cut[i] = at;
	(*ncut)++;
}

/* Each change point against its neighbours; the weakest failing one
 * dropped, until none fails. cut[0] = 0 and cut[ncut - 1] = n. */
static void history_prune(const double *mean, const double *var,
			  const struct history_changes_params *p, size_t *cut, size_t *ncut)
{
	for (;;) {
		size_t worst = 0;
		double worst_p = -1, change;

		for (size_t i = 1; i + 1 < *ncut; i++) {
			double pv = history_test(mean, var, cut[i - 1], cut[i], cut[i + 1], &change);

			if (!history_accepts(p, pv, change) && (isnan(pv) ? 2 : pv) > worst_p) {
				worst_p = isnan(pv) ? 2 : pv;
				worst = i;
			}
		}
		if (!worst)
			return;
		memmove(cut + worst, cut + worst + 1, (*ncut - worst - 1) * sizeof(*cut));
		(*ncut)--;
	}
}

int history_changes_find(const double *mean, const double *var, size_t n,
			 const struct history_changes_params *p,
			 struct history_change **out, size_t *nout)
{
	size_t min = p->min_runs < 2 ? 2 : p->min_runs, ncut = 2;
	struct history_energy e;
	size_t *cut = calloc(n + 2, sizeof(*cut));
	/* closed[i]: the segment starting at run i failed its test */
	bool *closed = calloc(n + 1, sizeof(*closed));
	struct history_change *c;

	*out = NULL;
	*nout = 0;
	if (!cut || !closed || history_energy_init(&e, mean, n)) {
		free(cut);
		free(closed);
		return -ENOMEM;
	}
	cut[0] = 0;
	cut[1] = n;
	for (;;) {
		size_t seg = 0, at = 0;
		double best = -INFINITY, q, pv, change;

		for (size_t i = 0; i + 1 < ncut; i++) {
			size_t t;

			if (closed[cut[i]] || cut[i + 1] - cut[i] < 2 * min)
				continue;
			t = history_best_split(&e, cut[i], cut[i + 1], min, &q);
			if (q > best) {
				best = q;
				seg = i;
				at = t;
			}
		}
		if (!at)
			break;
		pv = history_test(mean, var, cut[seg], at, cut[seg + 1], &change);
		if (history_accepts(p, pv, change))
			history_cut(cut, &ncut, at);	/* both halves open */
		else
			closed[cut[seg]] = true;
	}
	history_prune(mean, var, p, cut, &ncut);
	c = ncut > 2 ? calloc(ncut - 2, sizeof(*c)) : NULL;
	for (size_t i = 1; c && i + 1 < ncut; i++) {
		struct history_change *h = &c[i - 1];

		h->at = cut[i];
		h->p = history_test(mean, var, cut[i - 1], cut[i], cut[i + 1], &h->change_pct);
		h->q = history_q(&e, cut[i - 1], cut[i], cut[i + 1]);
	}
	free(e.sum);
	free(cut);
	free(closed);
	if (ncut > 2 && !c)
		return -ENOMEM;
	*out = c;
	*nout = ncut > 2 ? ncut - 2 : 0;
	return 0;
}
