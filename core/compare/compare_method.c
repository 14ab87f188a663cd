/*
 * compare_method.c - the table of compare's methods (method_*.c, each
 * registered by COMPARE_METHOD_REGISTER into the sk_compare_methods
 * section, as stressors are) and what they share: the interval of the
 * change every row gets, Welch's test, the drift, the floor, Holm's
 * family and the A/A simulation (see compare_method.h). Every method needs STATS_MIN_RUNS runs a side and
 * flags only a change of at least STATS_MIN_CHANGE_PCT, the kernel test
 * robot's floor: a significant 0.3% is not one a kernel developer acts on.
 * The floor does not make a per-row method safe on a table of many rows
 * (an A/A comparison flags one row in 1/alpha by chance, and lkp one in 5
 * at 3 runs a side); holm's correction across the rows does.
 */
#include "compare_method.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "section_table.h"
#include "series.h"
#include "student.h"

SECTION_TABLE_DECLARE(const struct compare_method *, sk_compare_methods);

#define COMPARE_METHODS_MAX 16

static bool compare_method_before(const void *a, const void *b)
{
	return ((const struct compare_method *)a)->rank < ((const struct compare_method *)b)->rank;
}

/* The section's methods by rank, sorted once (the section is read-only). */
static struct {
	const struct compare_method *at[COMPARE_METHODS_MAX];
	size_t n;
	bool sorted;
} compare_method_table;

static void compare_method_table_sort(void)
{
	compare_method_table.sorted = true;
	compare_method_table.n = SECTION_TABLE_SORT(sk_compare_methods, compare_method_table.at,
						    COMPARE_METHODS_MAX, compare_method_before);
}

size_t compare_methods_count(void)
{
	if (!compare_method_table.sorted)
		compare_method_table_sort();
	return compare_method_table.n;
}

const struct compare_method *compare_methods_at(size_t i)
{
	return i < compare_methods_count() ? compare_method_table.at[i] : NULL;
}

const struct compare_method *compare_method_parse(const char *s)
{
	for (size_t i = 0; i < compare_methods_count(); i++)
		if (!strcmp(s, compare_method_table.at[i]->name))
			return compare_method_table.at[i];
	return NULL;
}

void compare_method_list(char *buf, size_t len)
{
	size_t n = compare_methods_count(), used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? (i + 1 == n ? " or " : ", ") : "",
					 compare_method_table.at[i]->name);
}

const char *compare_method_name(const struct compare_method *m)
{
	return m->name;
}

void compare_method_rule(const struct compare_params *p, char *buf, size_t len)
{
	p->method->rule(p, buf, len);
}

double compare_pct(double x, double base)
{
	return base != 0 ? 100.0 * fabs(x) / fabs(base) : NAN;
}

double compare_welch_min(const struct compare_verdict *v, double alpha)
{
	if (!(v->se_pct > 0))
		return v->se_pct == 0 ? 0 : NAN;	/* NAN: BASE's mean is 0 */
	return student_quantile(1 - alpha / 2, v->df) * v->se_pct;
}

/*
 * The variance one invocation of a side adds to its mean beyond its
 * passes' spread, as a fraction of the mean: the side's own measure of
 * it when known (--noise, or its documents' spread), else the drift.
 */
static double compare_between(double drift_pct, const struct compare_sample *s)
{
	return (s->between_known ? s->between_pct : drift_pct) / 100;
}

/* One side's drift, d of its mean over its invocations, added to *added:
 * a measured one with the degrees of freedom it was measured with. */
static void compare_drift_side(struct student_added *added, double d, double mean,
			       const struct compare_sample *s)
{
	double part = d * mean * d * mean / (double)s->files;

	added->var += part;
	if (s->between_known && isfinite(s->between_df))
		added->den += part * part / s->between_df;
}

/*
 * The variance holm+range adds to the difference of the means for the
 * drift between invocations: (drift x mean)^2 over the invocations, per
 * side. Their passes, run back to back, share one state of the machine,
 * so without it two invocations of the same run, each steady within its
 * passes, are "significantly" apart. A side's drift measured on k
 * invocations (its documents, or --noise) is an estimate of k - 1
 * degrees of freedom, and counts as one in the test's df. The others'
 * share counts for the ops per CPU-second too: beside builds, sendfile's
 * moved by 8-15% between invocations (the compilers' share of the
 * caches), though less than its ops/s.
 */
static struct student_added compare_drift_var(double drift_pct, bool share,
					      const struct compare_verdict *v,
					      const struct compare_sample *a,
					      const struct compare_sample *b)
{
	struct student_added added = { 0, 0 };
	double shift;

	if (a->files)
		compare_drift_side(&added, compare_between(drift_pct, a), v->base.mean, a);
	if (b->files)
		compare_drift_side(&added, compare_between(drift_pct, b), v->new.mean, b);
	/* the CPUs the other programs took, as a share that moved between
	 * the sides (see COMPARE_OTHERS_NOTE_PCT) */
	shift = fabs(a->others_pct - b->others_pct) / 100;
	if (share && a->files && b->files && shift > 0)
		added.var += shift * (fabs(v->base.mean) + fabs(v->new.mean)) / 2 *
			     shift * (fabs(v->base.mean) + fabs(v->new.mean)) / 2;
	return added;
}

/*
 * A side's variance a pass, for holm+range: at least what counting its
 * events allows when the row counts events per bogo-op (one or two
 * context switches in a pass of 9000 ops are a Poisson count, whose
 * variance is the count, however alike three passes happen to be).
 */
static double compare_pass_var(const double *x, size_t n, double mean, double per_pass)
{
	double var = stats_sample_var(x, n);

	return per_pass > 0 ? fmax(var, fabs(mean) / per_pass) : var;
}

void compare_method_welch(const struct compare_test *t, bool allowances,
			  struct compare_verdict *v)
{
	const struct compare_sample *sa = allowances ? t->sa : NULL;
	const struct compare_sample *sb = allowances ? t->sb : NULL;
	struct welch w;

	student_welch_known(v->base.mean,
			    compare_pass_var(t->a, t->na, v->base.mean, sa ? sa->per_pass : 0),
			    (double)t->na, v->new.mean,
			    compare_pass_var(t->b, t->nb, v->new.mean, sb ? sb->per_pass : 0),
			    (double)t->nb, allowances ? &t->known : NULL, &w);
	v->p = v->p_holm = w.p;
	v->df = w.df;
	v->se_pct = compare_pct(w.se, v->base.mean);
	v->verdict = w.p < t->alpha ? STATS_CHANGED : STATS_SAME;
	v->min_pct = compare_welch_min(v, t->alpha);
}

/* splitmix64: tiny, and the same sequence on every machine */
uint64_t compare_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void compare_verdict_init(const double *a, size_t na, const double *b, size_t nb,
				 struct compare_verdict *v)
{
	struct stats sa, sb;

	stats_compute(a, na, &sa);
	stats_compute(b, nb, &sb);
	*v = (struct compare_verdict){
		.verdict = STATS_TOO_FEW, .change_pct = stats_change_pct(&sa, &sb),
		.p = NAN, .p_holm = NAN, .lo_pct = NAN, .hi_pct = NAN, .min_pct = NAN,
		.ci_lo_pct = NAN, .ci_hi_pct = NAN, .inv_var_pct2 = NAN, .need = NAN,
		.df = NAN, .se_pct = NAN, .base = sa, .new = sb,
	};
}

/*
 * The smallest |%change| a row can be flagged at: 1%, and 5% (lkp's floor
 * for stats that are not perf metrics) for the times a --timeout sets,
 * where a pass's few milliseconds of stop latency, different from one
 * invocation to the next, are a significant 1% of a short pass (under
 * --X-ops the ops/s row carries a change of the run time).
 */
double compare_floor_pct(const char *lkp_key)
{
	static const char *const timed[] = { "stress-ng.time.elapsed_time",
					     "stress-ng.times.available-cpu-time" };
	size_t n = strlen(lkp_key), w = strlen(".wall-clock-time");

	if (compare_envelope(lkp_key))
		return COMPARE_ENVELOPE_FLOOR_PCT;
	for (size_t i = 0; i < sizeof(timed) / sizeof(*timed); i++)
		if (!strcmp(lkp_key, timed[i]))
			return COMPARE_TIMED_FLOOR_PCT;
	if (n > w && !strcmp(lkp_key + n - w, ".wall-clock-time"))
		return COMPARE_TIMED_FLOOR_PCT;
	return STATS_MIN_CHANGE_PCT;
}

size_t compare_method_min_runs(const struct compare_method *m, bool *either)
{
	*either = m->flags & COMPARE_M_LKP;
	return STATS_MIN_RUNS;
}

static bool compare_ends(const char *key, const char *suffix);

static bool compare_efficiency(const char *lkp_key)
{
	return compare_ends(lkp_key, COMPARE_EFFICIENCY_SUFFIX);
}

static bool compare_ends(const char *key, const char *suffix)
{
	size_t n = strlen(key), s = strlen(suffix);

	return n > s && !strcmp(key + n - s, suffix);
}

bool compare_envelope(const char *lkp_key)
{
	return compare_ends(lkp_key, COMPARE_ENVELOPE_SUFFIX);
}

size_t compare_row_min_passes(const char *lkp_key)
{
	return compare_envelope(lkp_key) ? COMPARE_ENVELOPE_MIN_PASSES : STATS_MIN_RUNS;
}

bool compare_kpi(const char *lkp_key)
{
	/* the envelope per CPU-second is a row of the table, not a verdict:
	 * its windows count the instances' CPU, not their helpers' */
	if (strstr(lkp_key, ".envelope."))
		return compare_envelope(lkp_key);
	return lkp_kpi(lkp_key) || compare_efficiency(lkp_key);
}

/*
 * The (1 - alpha) interval of the change, Welch's with the drift (or the
 * measured noise), whatever method flags the row, and the variance an
 * invocation of each side adds: what a KPI row's word is read from.
 * known is compare_drift_var()'s: the drift of each side over its
 * invocations, and the others' share, which more invocations keep.
 */
static void compare_interval(const struct compare_params *p, double drift_pct,
			     const struct compare_sample *a, const struct compare_sample *b,
			     const struct student_added *known, struct compare_verdict *v)
{
	double va = compare_pass_var(a->v, a->n, v->base.mean, a->per_pass);
	double vb = compare_pass_var(b->v, b->n, v->new.mean, b->per_pass);
	double fa = a->files ? (double)a->files : 1, fb = b->files ? (double)b->files : 1;
	double da = compare_between(drift_pct, a) * v->base.mean;
	double db = compare_between(drift_pct, b) * v->new.mean;
	double base = fabs(v->base.mean), t, se, per_inv, kept;
	struct welch w;

	if (!(base > 0))
		return;
	student_welch_known(v->base.mean, va, (double)a->n, v->new.mean, vb, (double)b->n,
			    known, &w);
	t = student_quantile(1 - p->alpha / 2, w.df);
	se = 100 * w.se / base;
	if (!isfinite(t) || !isfinite(se))
		return;
	v->ci_lo_pct = v->change_pct - t * se;
	v->ci_hi_pct = v->change_pct + t * se;
	/* one invocation of each side: its passes' share and its drift */
	per_inv = (a->files ? da * da : 0) + (b->files ? db * db : 0) +
		  fa * va / (double)a->n + fb * vb / (double)b->n;
	kept = known->var - (a->files ? da * da / fa : 0) - (b->files ? db * db / fb : 0);
	v->inv_var_pct2 = 1e4 * per_inv / (base * base);
	v->kept_var_pct2 = 1e4 * fmax(kept, 0) / (base * base);
	v->passes_a = (double)a->n / fa;
	v->passes_b = (double)b->n / fb;
}

void compare_method_judge(const struct compare_params *p, const char *lkp_key,
			  const struct compare_sample *a, const struct compare_sample *b,
			  struct compare_verdict *v)
{
	const struct compare_method *m = p->method;
	struct compare_test t = { .p = p, .alpha = p->alpha, .lkp_key = lkp_key,
				  .a = a->v, .b = b->v, .na = a->n, .nb = b->n,
				  .sa = a, .sb = b };
	struct student_added known;
	/* an envelope drifts less, and no CPU share the others took moves it */
	bool env = compare_envelope(lkp_key);
	double drift = env ? COMPARE_ENVELOPE_DRIFT_PCT : p->drift_pct;
	double floor;

	size_t least = compare_row_min_passes(lkp_key);

	compare_verdict_init(a->v, a->n, b->v, b->n, v);
	v->kpi = compare_kpi(lkp_key);
	/* the interval takes the drift whatever the method; holm+range's test too */
	known = compare_drift_var(drift, !env, v, a, b);
	if (a->n >= least && b->n >= least)
		compare_interval(p, drift, a, b, &known, v);
	if (m->flags & COMPARE_M_LKP) {
		/* lkp's floors are its own: exactly lkp-tests' verdict */
		m->test(&t, v);
		return;
	}
	if (a->n < least || b->n < least)
		return;
	if (m->flags & COMPARE_M_DRIFT)
		t.known = known;
	m->test(&t, v);
	/* the floor every method shares (see the top of the file) */
	floor = compare_floor_pct(lkp_key);
	if (fabs(v->change_pct) < floor)
		v->verdict = STATS_SAME, v->range = false;
	if (v->range)
		v->verdict = STATS_CHANGED;
	if (!isnan(v->min_pct))
		v->min_pct = fmax(v->min_pct, floor);
}

/* A row's share of alpha in its family (compare_method_family). */
static double compare_weight(const struct compare_verdict *v, size_t kpis, size_t others)
{
	if (!kpis || !others)
		return 1.0 / (double)(kpis + others);
	return v->kpi ? COMPARE_KPI_ALPHA_SHARE / (double)kpis :
	       (1 - COMPARE_KPI_ALPHA_SHARE) / (double)others;
}

struct compare_ranked {
	struct compare_verdict *v;
	double w;	/* its weight */
};

static int compare_ranked_cmp(const void *x, const void *y)
{
	const struct compare_ranked *a = x, *b = y;
	double ka = a->v->p / a->w, kb = b->v->p / b->w;

	return (ka > kb) - (ka < kb);
}

/*
 * Holm's step-down, weighted (Holm 1979's own generalisation): the rows
 * in order of p / w; the k-th is flagged when p <= alpha w / W, W the
 * weight of the rows not yet flagged, and so are all before it. Its
 * adjusted p is the largest p W / w up to it, capped at 1. An A/A
 * comparison then flags any row with probability at most alpha however
 * the rows depend on each other; the KPI rows, where a verdict is read,
 * share COMPARE_KPI_ALPHA_SHARE of alpha rather than 2 in ~27 of it.
 * With equal weights this is Holm's plain step-down.
 */
void compare_method_family(const struct compare_method *m, double alpha,
			   struct compare_verdict *v, size_t n)
{
	struct compare_ranked *r;
	size_t rows = 0, kpis = 0, judged;
	double adj = 0, left = 1;

	if (!(m->flags & COMPARE_M_FAMILY))
		return;
	for (size_t i = 0; i < n; i++)
		if (v[i].verdict != STATS_TOO_FEW && !isnan(v[i].p)) {
			rows++;
			kpis += v[i].kpi;
		}
	judged = rows;
	r = calloc(rows ? rows : 1, sizeof(*r));
	if (!r) {
		/* no memory to sort: Bonferroni's alpha w, which Holm's bound is */
		for (size_t i = 0; i < n; i++)
			if (v[i].verdict == STATS_CHANGED && !v[i].range &&
			    !(v[i].p < alpha * compare_weight(&v[i], kpis, judged - kpis)))
				v[i].verdict = STATS_SAME;
		return;
	}
	rows = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].verdict != STATS_TOO_FEW && !isnan(v[i].p)) {
			r[rows].v = &v[i];
			r[rows++].w = compare_weight(&v[i], kpis, judged - kpis);
		}
	qsort(r, rows, sizeof(*r), compare_ranked_cmp);
	for (size_t k = 0; k < rows; k++) {
		struct compare_verdict *x = r[k].v;

		adj = fmin(1, fmax(adj, x->p * fmax(left, r[k].w) / r[k].w));
		left -= r[k].w;
		x->p_holm = adj;
		if (!(adj < alpha) && !x->range)
			x->verdict = STATS_SAME;
		/* surely flagged at Bonferroni's alpha w, whatever the others */
		if (!isnan(x->min_pct))
			x->min_pct = fmax(compare_welch_min(x, alpha * r[k].w),
					  STATS_MIN_CHANGE_PCT);
	}
	free(r);
}

/* A standard normal deviate (Box-Muller) from the same generator as the bootstrap. */
static double compare_normal(uint64_t *state)
{
	double u = ((double)(compare_rand(state) >> 11) + 0.5) / 9007199254740992.0;
	double w = (double)(compare_rand(state) >> 11) / 9007199254740992.0;

	return sqrt(-2 * log(u)) * cos(2 * M_PI * w);
}

/*
 * Pairs simulated per rate, on every compare: a rate near alpha known to
 * about half a percent in a few tens of milliseconds (the note needs it
 * above alpha by twice that); the bootstrap resamples each pair 10000
 * times, so it gets fewer and a wider error.
 */
#define COMPARE_AA_PAIRS 4000
#define COMPARE_AA_PAIRS_SLOW 200
/*
 * Past this many runs in all, every method is at or below its level (the
 * bootstrap's interval at 20 a side is the t interval's, lkp's medians
 * fall outside the other's range about never) and simulating costs
 * seconds: there is no rate to warn of.
 */
#define COMPARE_AA_MAX_RUNS 40
/* The largest min change -v prints as a figure (100x). */
#define COMPARE_MIN_PCT_SHOWN 10000.0

double compare_method_aa_rate(const struct compare_method *m, double alpha, size_t na,
			      size_t nb, size_t rows, double *err)
{
	size_t pairs = m->flags & COMPARE_M_SLOW ? COMPARE_AA_PAIRS_SLOW : COMPARE_AA_PAIRS;
	size_t hits = 0;
	double a[COMPARE_AA_MAX_RUNS], b[COMPARE_AA_MAX_RUNS], r;
	uint64_t state = COMPARE_BOOTSTRAP_SEED;
	bool family = m->flags & COMPARE_M_FAMILY;
	/* holm flags some row exactly when the smallest p is below alpha /
	 * rows (holm+range's ranges rule only adds large changes: its A/A
	 * rate on normal runs is nil); lkp's row is a perf-profile stat's,
	 * judged without its ratio floors */
	struct compare_test t = { .alpha = family ? alpha / (double)rows : alpha,
				  .lkp_key = "perf-profile.aa", .a = a, .b = b,
				  .na = na, .nb = nb };
	struct compare_verdict v;

	if (na < STATS_MIN_RUNS || nb < STATS_MIN_RUNS || na + nb > COMPARE_AA_MAX_RUNS || !rows) {
		*err = 0;
		return NAN;
	}
	for (size_t k = 0; k < pairs; k++) {
		for (size_t i = 0; i < na; i++)
			a[i] = 100 + compare_normal(&state);
		for (size_t i = 0; i < nb; i++)
			b[i] = 100 + compare_normal(&state);
		compare_verdict_init(a, na, b, nb, &v);
		m->test(&t, &v);
		hits += v.verdict == STATS_CHANGED;
	}
	r = (double)hits / (double)pairs;
	*err = sqrt(r * (1 - r) / (double)pairs);
	if (!family)
		return r;
	/* of rows independent rows: the most a Holm family can be flagged */
	*err *= (double)rows * pow(1 - r, (double)rows - 1);
	return 1 - pow(1 - r, (double)rows);
}

void compare_method_detail(const struct compare_method *m, const struct compare_verdict *v,
			   char *buf, size_t len)
{
	char min[32];

	buf[0] = '\0';
	if (v->verdict == STATS_TOO_FEW)
		return;
	/* a mean near 0 makes any change a huge percent of it: past 100x,
	 * say so rather than print a figure of twenty digits */
	if (isnan(v->min_pct))
		snprintf(min, sizeof(min), "min change -");
	else if (!(v->min_pct <= COMPARE_MIN_PCT_SHOWN))
		snprintf(min, sizeof(min), "min change >%g%%", COMPARE_MIN_PCT_SHOWN);
	else
		snprintf(min, sizeof(min), "min change %.1f%%", v->min_pct);
	m->detail(v, min, buf, len);
}
