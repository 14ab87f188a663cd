/*
 * compare_kpi.c - every KPI row's verdict, and the exit status they give
 * (see compare_kpi.h). A stressor has two KPI rows: its ops/s, what the
 * robot reports, and its ops per CPU-second (usr+sys of its instances),
 * the work an op costs. Real-time ops/s is the CPU share its instances
 * got times their ops per CPU-second: beside other programs the first
 * moves with the share, and only the second says what the kernel did.
 */
#include "compare_kpi.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare_help.h"
#include "estimator.h"
#include "lkp_keys.h"
#include "stats.h"

#define COMPARE_OPS_SUFFIX ".ops_per_sec"
/* A move of the slow windows' share (points) that is noted on its own. */
#define COMPARE_SLOW_NOTE_PTS 5.0
/* Below this CPU use per instance (percent), a stressor's ops block. */
#define COMPARE_BLOCKING_CPU_PCT 90.0

static const char *compare_kpi_direction(const struct series *base, double change)
{
	if (base->direction == SERIES_NEUTRAL)
		return "changed";
	return (change > 0) == (base->direction == SERIES_HIGHER_BETTER) ?
	       "improvement" : "regression";
}

/*
 * One KPI row's verdict line. A row that is not decisive (a mean, where
 * the stressor has an envelope) is judged and printed on its own noise,
 * and a change of it counts, but its being undecided does not make the
 * comparison inconclusive: the envelope is what decides the work of an op.
 * Passes whose tasks ran apart from each other's (apart) are not pooled.
 */
static void compare_kpi_line(size_t n, size_t i,
			     const struct compare_opts *o, const struct series *base,
			     const struct compare_verdict *v, bool decisive, bool apart,
			     struct compare_tally *t)
{
	char key[512], in[64] = "";

	if (o->lkp_keys)
		lkp_key(base->key, key, sizeof(key));
	else
		snprintf(key, sizeof(key), "%s", base->key);
	if (n > 2)
		snprintf(in, sizeof(in), " (in %zu)", i);
	t->kpis++;
	if (apart) {
		t->inconclusive += decisive;
		printf("verdict: %s inconclusive: its passes ran their tasks on one CPU and on "
		       "several (--placement; note above): not pooled%s\n", key, in);
		return;
	}
	switch (v->word) {
	case COMPARE_CHANGED: {
		const char *dir = compare_kpi_direction(base, v->change_pct);

		t->changed++;
		t->changed_beyond += fabs(v->change_pct) >= o->p.equivalence_pct;
		t->regressed += !strcmp(dir, "regression");
		printf("verdict: %s changed %+.1f%% [%+.1f%%, %+.1f%%] %s%s\n", key,
		       v->change_pct, v->ci_lo_pct, v->ci_hi_pct, dir, in);
		return;
	}
	case COMPARE_UNCHANGED:
		t->unchanged++;
		printf("verdict: %s unchanged %+.1f%% [%+.1f%%, %+.1f%%] within \u00b1%g%%%s\n",
		       key, v->change_pct, v->ci_lo_pct, v->ci_hi_pct, o->p.equivalence_pct, in);
		return;
	default:
		break;
	}
	t->inconclusive += decisive;
	if (v->verdict == STATS_TOO_FEW || isnan(v->ci_lo_pct)) {
		printf("verdict: %s inconclusive: %zu and %zu runs, %zu a side needed%s\n", key,
		       v->base.n, v->new.n, compare_row_min_passes(key), in);
		return;
	}
	printf("verdict: %s inconclusive %+.1f%% [%+.1f%%, %+.1f%%] neither within \u00b1%g%% "
	       "nor a change: ", key, v->change_pct, v->ci_lo_pct, v->ci_hi_pct,
	       o->p.equivalence_pct);
	if (isfinite(v->need))
		printf("about %.0f invocations of %.0f passes a side would decide at this noise%s\n",
		       v->need, fmax(v->passes_a, v->passes_b), in);
	else
		printf("more than %d invocations a side would be needed at this noise%s\n",
		       COMPARE_NEED_MAX, in);
}

/*
 * The notes of the stressor whose ops/s row is key: why it is judged on
 * both rows when its ops block, and how much of its rate's change its
 * CPU share explains when the others' share moved or the rows disagree.
 */
static void compare_kpi_notes(const struct compare_side *sides, size_t n, const char *key,
			      const struct compare_verdict *v, size_t rows, size_t k_ops,
			      size_t k_eff)
{
	size_t len = strlen(key) - strlen(COMPARE_OPS_SUFFIX);
	char row[512];
	double cpu = INFINITY;

	snprintf(row, sizeof(row), "%.*s.cpu-usage-per-instance", (int)len, key);
	for (size_t i = 0; i < n; i++)
		cpu = fmin(cpu, series_mean(&sides[i].set, row));
	if (cpu < COMPARE_BLOCKING_CPU_PCT)
		printf("note: %.*s: its instances used %.0f%% of a CPU (their ops block): judged "
		       "on both ops/s and ops per CPU-second\n", (int)len, key, cpu);
	if (k_eff == (size_t)-1)
		return;
	for (size_t i = 1; i < n; i++) {
		const struct compare_verdict *o = &v[(i - 1) * rows + k_ops];
		const struct compare_verdict *e = &v[(i - 1) * rows + k_eff];
		double others = fabs(sides[i].others_pct - sides[0].others_pct);
		double share = (1 + o->change_pct / 100) / (1 + e->change_pct / 100) - 1;

		if (!(others >= COMPARE_OTHERS_NOTE_PCT) && o->word == e->word)
			continue;
		if (!isfinite(share))
			continue;
		printf("note: %.*s: ops/s %+.1f%% = CPU share %+.1f%% x ops per CPU-second "
		       "%+.1f%%", (int)len, key, o->change_pct, 100 * share, e->change_pct);
		if (isfinite(sides[i].others_pct) && isfinite(sides[0].others_pct))
			printf(" (other programs took %.0f%% of the CPUs, then %.0f%%)",
			       sides[0].others_pct, sides[i].others_pct);
		printf(n > 2 ? " (in %zu)\n" : "\n", i);
	}
}

/* A side's row of the stressor named by key's first len chars, its
 * key ending in suffix; NULL when the side has none. */
static const struct series *compare_kpi_side_row(const struct compare_side *side,
						 const char *key, size_t len,
						 const char *suffix)
{
	char row[512];

	snprintf(row, sizeof(row), "%.*s%s", (int)len, key, suffix);
	return series_find(&side->set, row);
}

/* The mean of a side's row (compare_kpi_side_row) into st; NAN: none. */
static double compare_kpi_side_mean(const struct compare_side *side, const char *key,
				    size_t len, const char *suffix, struct stats *st)
{
	const struct series *s = compare_kpi_side_row(side, key, len, suffix);

	if (!s || !s->n)
		return NAN;
	stats_compute(s->v, s->n, st);
	return st->mean;
}

/*
 * The slow windows' note: the envelope never hides a slowdown. When the
 * mean changed and the envelope did not, or the share of windows well below the
 * envelope moved clearly (the sides' passes apart, by COMPARE_SLOW_NOTE_PTS
 * or more), the shares are said with both changes: a stall of the kernel
 * or of the machine that leaves the fastest windows as they were.
 */
static void compare_kpi_slow(const struct compare_side *sides, size_t n, const char *key,
			     const struct compare_verdict *v, size_t rows, size_t k_ops,
			     size_t k_env)
{
	size_t len = strlen(key) - strlen(COMPARE_OPS_SUFFIX);
	struct stats a, b;

	if (k_env == (size_t)-1 ||
	    isnan(compare_kpi_side_mean(&sides[0], key, len, COMPARE_SLOW_SUFFIX, &a)))
		return;
	for (size_t i = 1; i < n; i++) {
		const struct compare_verdict *m = &v[(i - 1) * rows + k_ops];
		const struct compare_verdict *e = &v[(i - 1) * rows + k_env];

		if (isnan(compare_kpi_side_mean(&sides[i], key, len, COMPARE_SLOW_SUFFIX, &b)))
			continue;
		if (!(m->word == COMPARE_CHANGED && e->word != COMPARE_CHANGED) &&
		    !(fabs(b.mean - a.mean) >= COMPARE_SLOW_NOTE_PTS && stats_medians_apart(&a, &b)))
			continue;
		printf("note: %.*s: slow windows %.0f%% -> %.0f%% (%g%% or more below the "
		       "envelope): the mean %+.1f%% (%s), the envelope %+.1f%% (%s)%s\n",
		       (int)len, key, a.mean, b.mean, ESTIMATOR_SLOW_PCT, m->change_pct,
		       compare_word_name(m->word), e->change_pct, compare_word_name(e->word),
		       n > 2 ? " (in NEW)" : "");
	}
}

/*
 * Whether the passes of every side ran the tasks of an instance alike:
 * all on one CPU (in most samples), or all split. When not, one note
 * says how each side's passes ran, and the stressor's verdicts are not
 * read from them: a writer and its reader on one CPU and on two are
 * different workloads, whatever the rates say.
 */
static bool compare_kpi_placed_apart(const struct compare_side *sides, size_t n, const char *key)
{
	size_t len = strlen(key) - strlen(COMPARE_OPS_SUFFIX), one[n], all[n];
	bool mixed = false;

	for (size_t i = 0; i < n; i++) {
		const struct series *s = compare_kpi_side_row(&sides[i], key, len,
							      ".placement.one-cpu-pct");

		one[i] = all[i] = 0;
		for (size_t k = 0; s && k < s->n; k++) {
			all[i]++;
			one[i] += s->v[k] >= 50;
		}
		mixed |= (one[i] && one[i] < all[i]) || (i && all[i] && all[0] &&
							 !one[i] != !one[0]);
	}
	if (!mixed)
		return false;
	printf("note: %.*s: placements differ:", (int)len, key);
	for (size_t i = 0; i < n; i++)
		printf("%s %zu of %zu passes ran an instance's tasks on one CPU in %s", i ? ";" : "",
		       one[i], all[i], sides[i].path);
	printf(" (--placement pack or spread makes them alike)\n");
	return true;
}

/*
 * The passes a side's envelope was read from (compare_judge.c): when a
 * side's passes ran partly in a slow stretch of the machine, one note
 * says how many of each side's were left out.
 */
static void compare_kpi_slow_passes(const struct compare_side *sides, size_t n, const char *key)
{
	size_t len = strlen(key) - strlen(COMPARE_OPS_SUFFIX), kept[n], all[n];
	bool left = false;

	for (size_t i = 0; i < n; i++) {
		const struct series *s = compare_kpi_side_row(&sides[i], key, len,
							      COMPARE_ENVELOPE_SUFFIX);
		double fast[s && s->n ? s->n : 1];

		all[i] = s ? s->n : 0;
		kept[i] = s ? estimator_fast_passes(s->v, s->n, fast) : 0;
		left |= kept[i] < all[i];
	}
	if (!left)
		return;
	printf("note: %.*s: the envelope is read from", (int)len, key);
	for (size_t i = 0; i < n; i++)
		printf("%s %zu of %zu passes of %s", i ? "," : "", kept[i], all[i], sides[i].path);
	printf(": the others' envelopes were %g%% or more below their side's best (a slow "
	       "stretch of the machine)\n", ESTIMATOR_FAST_PCT);
}

/* BASE's row of key, or (size_t)-1. */
static size_t compare_kpi_row(const struct compare_side *base, const char *key)
{
	const struct series *s = series_find(&base->set, key);

	return s ? (size_t)(s - base->set.s) : (size_t)-1;
}

void compare_kpi_print(const struct compare_side *sides, size_t n, const struct compare_opts *o,
		       const struct compare_verdict *v, struct compare_tally *t)
{
	size_t rows = sides[0].set.n;

	memset(t, 0, sizeof(*t));
	for (size_t k = 0; k < rows; k++) {
		const struct series *base = &sides[0].set.s[k];
		size_t len = strlen(base->key), s = strlen(COMPARE_OPS_SUFFIX);
		char eff[512];
		size_t k_eff, k_env;
		bool apart;

		if (len <= s || strcmp(base->key + len - s, COMPARE_OPS_SUFFIX) ||
		    strchr(base->key, '.') != base->key + len - s)
			continue;	/* one stressor's ops/s: NAME.ops_per_sec */
		snprintf(eff, sizeof(eff), "%.*s%s", (int)(len - s), base->key,
			 COMPARE_EFFICIENCY_SUFFIX);
		k_eff = compare_kpi_row(&sides[0], eff);
		snprintf(eff, sizeof(eff), "%.*s%s", (int)(len - s), base->key,
			 COMPARE_ENVELOPE_SUFFIX);
		k_env = compare_kpi_row(&sides[0], eff);
		apart = compare_kpi_placed_apart(sides, n, base->key);
		compare_kpi_slow_passes(sides, n, base->key);
		for (size_t i = 1; i < n; i++) {
			/* the envelope first: its word is the verdict on the op */
			if (k_env != (size_t)-1)
				compare_kpi_line(n, i, o, &sides[0].set.s[k_env],
						 &v[(i - 1) * rows + k_env], true, apart, t);
			compare_kpi_line(n, i, o, base, &v[(i - 1) * rows + k],
					 k_env == (size_t)-1, apart, t);
			if (k_eff != (size_t)-1)
				compare_kpi_line(n, i, o, &sides[0].set.s[k_eff],
						 &v[(i - 1) * rows + k_eff], k_env == (size_t)-1,
						 apart, t);
		}
		compare_kpi_notes(sides, n, base->key, v, rows, k, k_eff);
		compare_kpi_slow(sides, n, base->key, v, rows, k, k_env);
	}
}

int compare_kpi_bisect(const struct compare_tally *t)
{
	if (t->changed_beyond)
		return COMPARE_BISECT_BAD;
	return t->inconclusive ? COMPARE_BISECT_SKIP : COMPARE_BISECT_GOOD;
}

int compare_kpi_exit(const struct compare_opts *o, const struct compare_tally *t,
		     int regressions, int changes)
{
	if (t->regressed || (regressions && o->fail_on_regression) ||
	    (changes && o->fail_on_change))
		return COMPARE_EXIT_REGRESSION;
	return t->inconclusive ? COMPARE_EXIT_INCONCLUSIVE : 0;
}
