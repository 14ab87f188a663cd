/*
 * compare_judge.c - the verdict of every row of every NEW against BASE:
 * the rows grouped in families for the method's multiple-test rule, the
 * rows of the run's conditions and bookkeeping set apart, and the drift
 * allowed between invocations (--drift, --noise, or a side's own files).
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_kpi.h"
#include "compare_noise.h"
#include "estimator.h"
#include "lkp_keys.h"
#include "run_mode.h"
#include "stats.h"

/*
 * Settles one comparison's rows family by family: the stressors' rows,
 * then each run mode's section alone, so that a mode's hundreds of
 * machine-wide rows (--monitor) do not weaken holm on the stressors'.
 */
static void compare_families(const struct series_set *set, const struct compare_opts *o,
			     struct compare_verdict *vi, size_t rows)
{
	struct compare_verdict *fam = malloc((rows ? rows : 1) * sizeof(*fam));
	size_t *at = malloc((rows ? rows : 1) * sizeof(*at));

	if (!fam || !at) {	/* out of memory: one family, as before */
		compare_method_family(o->p.method, o->p.alpha, vi, rows);
		goto out;
	}
	for (size_t f = 0; f <= run_modes_count(); f++) {
		size_t m = 0;

		for (size_t k = 0; k < rows; k++)
			if (lkp_mode_section(set->s[k].key, NULL) == f) {
				fam[m] = vi[k];
				at[m++] = k;
			}
		compare_method_family(o->p.method, o->p.alpha, fam, m);
		for (size_t j = 0; j < m; j++)
			vi[at[j]] = fam[j];
	}
out:
	free(fam);
	free(at);
}

/*
 * For a row that counts events per bogo-op (NAME.cost.* but the CPU time
 * and IPC): the mean bogo-ops of a pass on its side (NAME.ops), which
 * turns the row back into the events a pass counted; 0 for other rows.
 */
static double compare_ops_per_pass(const struct series_set *set, const char *key)
{
	const char *c = strstr(key, ".cost.");
	char name[512];
	double ops;

	if (!c || !strcmp(c, ".cost.cpu-usec") || !strcmp(c, ".cost.insn-per-cycle"))
		return 0;
	snprintf(name, sizeof(name), "%.*s.ops", (int)(c - key), key);
	ops = series_mean(set, name);
	return isnan(ops) ? 0 : ops;
}

/* Whether key is a figure of the conditions the run ran in (a run mode's
 * of them, as others.cpu-percent): listed, never judged. */
static bool compare_condition(const char *key)
{
	size_t m = lkp_mode_section(key, NULL);

	return m && run_modes_at(m - 1)->conditions;
}

/*
 * Whether key is a figure of the run's own bookkeeping, or of the rest of
 * the machine, rather than of the work: the RSS of an instance, a fork of
 * the controller, which is the controller's more than the stressor's; the
 * CPU and wall times a --timeout sets, whose user/system split follows
 * where the ticks fell; and the involuntary context switches an op, the
 * preemptions by whatever else runs (beside builds, redis's were 0.0004
 * in one invocation and 0.12 in the next). Judged only under --all
 * (docs/compare.md): the work's own figures are the KPIs and the costs.
 */
static bool compare_bookkeeping(const char *key)
{
	static const char *const tails[] = { ".max-rss", ".user-time", ".system-time",
					     ".wall-clock-time",
					     ".cost.involuntary-context-switches" };
	size_t n = strlen(key);

	/* where the tasks ran is the condition a verdict is read under
	 * (compare_kpi.c), not a figure of the work */
	if (!strncmp(key, "times.", 6) || strstr(key, ".placement."))
		return true;
	for (size_t i = 0; i < sizeof(tails) / sizeof(*tails); i++) {
		size_t t = strlen(tails[i]);

		if (n > t && !strcmp(key + n - t, tails[i]) && !memchr(key, '.', n - t))
			return true;
	}
	return false;
}

/*
 * Judges every row of BASE against each NEW: v[(i - 1) * rows + k] is row
 * k against NEW i (STATS_TOO_FEW where NEW i has no such figure), settled
 * per comparison, as holm's correction needs every row's p first; then
 * each KPI row's word. *sources gets a bit per compare_noise_source used.
 */
void compare_judge(const struct compare_side *sides, size_t n,
		   const struct compare_opts *o, struct compare_verdict *v,
		   unsigned *sources)
{
	size_t rows = sides[0].set.n;
	char key[512];

	for (size_t i = 1; i < n; i++) {
		struct compare_verdict *vi = v + (i - 1) * rows;

		for (size_t k = 0; k < rows; k++) {
			const struct series *b = &sides[0].set.s[k];
			const struct series *s = series_find(&sides[i].set, b->key);
			double fast_a[b->n ? b->n : 1], fast_b[s && s->n ? s->n : 1];
			struct compare_sample sa = {
				.v = b->v, .n = b->n, .runs = sides[0].set.runs,
				.integer = b->integer, .files = sides[0].files,
				.per_pass = compare_ops_per_pass(&sides[0].set, b->key),
				.others_pct = sides[0].others_pct
			};
			/* lkp-tests fills a stat NEW lacks with zeros */
			struct compare_sample sb = { .runs = sides[i].set.runs, .integer = true,
						     .files = sides[i].files, .others_pct = NAN };

			if (s)
				sb = (struct compare_sample){
					.v = s->v, .n = s->n, .runs = sides[i].set.runs,
					.integer = s->integer, .files = sides[i].files,
					.per_pass = compare_ops_per_pass(&sides[i].set, b->key),
					.others_pct = sides[i].others_pct
				};
			lkp_key(b->key, key, sizeof(key));
			/* an envelope is read from the passes out of the machine's
			 * slow stretches (compare_kpi.c says how many were left out) */
			if (compare_envelope(key) && s) {
				sa.n = estimator_fast_passes(b->v, b->n, fast_a);
				sa.v = fast_a;
				sb.n = estimator_fast_passes(s->v, s->n, fast_b);
				sb.v = fast_b;
			}
			*sources |= 1u << compare_noise_between(&sides[0], o->noise, b->key, &sa);
			*sources |= 1u << compare_noise_between(&sides[i], o->noise, b->key, &sb);
			if (compare_condition(b->key) || (!o->all && compare_bookkeeping(b->key)))
				vi[k] = (struct compare_verdict){ .verdict = STATS_TOO_FEW,
								  .p = NAN };
			else if (s || o->p.method->flags & COMPARE_M_LKP)
				compare_method_judge(&o->p, key, &sa, &sb, &vi[k]);
			else
				vi[k] = (struct compare_verdict){ .verdict = STATS_TOO_FEW,
								  .p = NAN };
		}
		compare_families(&sides[0].set, o, vi, rows);
		for (size_t k = 0; k < rows; k++)
			compare_word_settle(&o->p, &vi[k]);
	}
}
