/*
 * compare_method.c - the five ways compare judges a row (see
 * compare_method.h). Every method needs STATS_MIN_RUNS runs a side and
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

#include "series.h"
#include "student.h"

static const char *const compare_method_names[] = {
	[COMPARE_HOLM_RANGE] = "holm+range", [COMPARE_HOLM] = "holm", [COMPARE_LKP] = "lkp", [COMPARE_CI] = "ci",
	[COMPARE_WELCH] = "welch", [COMPARE_BOOTSTRAP] = "bootstrap",
};

int compare_method_parse(const char *s, enum compare_method *m)
{
	for (size_t i = 0; i < sizeof(compare_method_names) / sizeof(*compare_method_names); i++)
		if (!strcmp(s, compare_method_names[i])) {
			*m = (enum compare_method)i;
			return 0;
		}
	return -EINVAL;
}

const char *compare_method_name(enum compare_method m)
{
	return compare_method_names[m];
}

void compare_method_rule(const struct compare_params *p, char *buf, size_t len)
{
	double alpha = p->alpha;

	switch (p->method) {
	case COMPARE_HOLM_RANGE:
		snprintf(buf, len, "Welch's t-test on each row, each side's mean allowed "
			 "%g%% of drift between invocations, Holm's correction across the "
			 "rows (an A/A comparison flags any row with probability at most %g), "
			 "and a KPI row whose ranges are apart with medians %gx apart",
			 p->drift_pct, alpha, COMPARE_RANGE_RATIO);
		break;
	case COMPARE_HOLM:
		snprintf(buf, len, "Welch's t-test on each row, Holm's correction across the "
			 "rows: an A/A comparison flags any row with probability at most %g", alpha);
		break;
	case COMPARE_LKP:
		snprintf(buf, len, "lkp-tests' (lkp compare's): the ranges near-disjoint (each "
			 "side's median beyond the other's range), ratio floors 1%% for perf "
			 "metrics and 5%% for the rest");
		break;
	case COMPARE_CI:
		snprintf(buf, len, "mmtests': the %g%% Student-t confidence intervals of the "
			 "means do not overlap", 100 * (1 - alpha));
		break;
	case COMPARE_WELCH:
		snprintf(buf, len, "Welch's t-test: p < %g", alpha);
		break;
	case COMPARE_BOOTSTRAP:
		snprintf(buf, len, "the %g%% expanded percentile bootstrap interval of the "
			 "difference of means (%d resamples, fixed seed) excludes 0",
			 100 * (1 - alpha), COMPARE_BOOTSTRAP_RESAMPLES);
		break;
	}
}

/* |x| in percent of |base|; NAN when the base is 0. */
static double compare_pct(double x, double base)
{
	return base != 0 ? 100.0 * fabs(x) / fabs(base) : NAN;
}

/*
 * lkp: lkp-tests' own rule (lkp_rule.c). A shift d of NEW's samples
 * passes its test upwards when NEW's min passes BASE's median and NEW's
 * median BASE's max, downwards in the mirror; the smallest d that works
 * both ways is what the spreads allow (before lkp's ratio floors).
 */
static void compare_lkp(const struct compare_params *p, const char *key,
			const struct compare_sample *a, const struct compare_sample *b,
			struct compare_verdict *v)
{
	struct lkp_side base = { a->v, a->n, a->runs, a->integer };
	struct lkp_side new = { b->v, b->n, b->runs, b->integer };
	struct lkp_options o = { .distance = p->distance };
	const struct lkp_result *r = &v->lkp;
	double up, down;

	lkp_judge(key, &new, &base, &o, &v->lkp);
	if (!r->judged) {
		v->verdict = STATS_TOO_FEW;
		return;
	}
	v->verdict = r->changed ? STATS_CHANGED : STATS_SAME;
	up = fmax(r->max_b - r->mean_b, r->mean_a - r->min_a);
	down = fmax(r->mean_b - r->min_b, r->max_a - r->mean_a);
	v->min_pct = compare_pct(fmax(up, down), v->base.mean);
}

/*
 * holm+range's second rule: NEW's range wholly above or below BASE's and
 * the medians COMPARE_RANGE_RATIO or more apart. Kept for the KPIs, the
 * rows a large change is looked for in: costs and context switches
 * spread by 2x between identical passes under load.
 */
static bool compare_ranges_apart(const struct stats *a, const struct stats *b)
{
	double lo = fmin(a->median, b->median), hi = fmax(a->median, b->median);

	if (!(b->min > a->max || b->max < a->min))
		return false;
	return lo > 0 ? hi / lo >= COMPARE_RANGE_RATIO : hi > 0 && lo == 0;
}

static void compare_ci(const double *a, size_t na, const double *b, size_t nb,
		       double alpha, struct compare_verdict *v)
{
	struct stats_ci ca, cb;

	stats_confidence(a, na, 100 * (1 - alpha), &ca);
	stats_confidence(b, nb, 100 * (1 - alpha), &cb);
	v->verdict = cb.low > ca.high || cb.high < ca.low ? STATS_CHANGED : STATS_SAME;
	v->lo_pct = ca.half_pct;
	v->hi_pct = compare_pct(cb.half, ca.mean);
	v->min_pct = compare_pct(ca.half + cb.half, ca.mean);
}

/* The smallest change Welch's test flags at level alpha: t(1 - alpha/2, df) se. */
static double compare_welch_min(const struct compare_verdict *v, double alpha)
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

/*
 * The variance holm+range adds to the difference of the means for the
 * drift between invocations: (drift x mean)^2 over the invocations, per
 * side. Their passes, run back to back, share one state of the machine,
 * so without it two invocations of the same run, each steady within its
 * passes, are "significantly" apart. The others' share counts for the
 * ops per CPU-second too: beside builds, sendfile's moved by 8-15%
 * between invocations (the compilers' share of the caches), though
 * less than its ops/s.
 */
static double compare_drift_var(double drift_pct, const struct compare_verdict *v,
				const struct compare_sample *a, const struct compare_sample *b)
{
	double da = compare_between(drift_pct, a), db = compare_between(drift_pct, b);
	double var = 0, shift;

	if (a->files)
		var += da * v->base.mean * da * v->base.mean / (double)a->files;
	if (b->files)
		var += db * v->new.mean * db * v->new.mean / (double)b->files;
	/* the CPUs the other programs took, as a share that moved between
	 * the sides (see COMPARE_OTHERS_NOTE_PCT) */
	shift = fabs(a->others_pct - b->others_pct) / 100;
	if (a->files && b->files && shift > 0)
		var += shift * (fabs(v->base.mean) + fabs(v->new.mean)) / 2 *
		       shift * (fabs(v->base.mean) + fabs(v->new.mean)) / 2;
	return var;
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

/* welch, and holm's row before the correction; holm+range's sides sa and
 * sb (NULL for the others): counts floored, the drift's variance known */
static void compare_welch(const double *a, size_t na, const double *b, size_t nb,
			  double alpha, const struct compare_sample *sa,
			  const struct compare_sample *sb, double known,
			  struct compare_verdict *v)
{
	struct welch w;

	student_welch_known(v->base.mean,
			    compare_pass_var(a, na, v->base.mean, sa ? sa->per_pass : 0),
			    (double)na, v->new.mean,
			    compare_pass_var(b, nb, v->new.mean, sb ? sb->per_pass : 0),
			    (double)nb, known, &w);
	v->p = v->p_holm = w.p;
	v->df = w.df;
	v->se_pct = compare_pct(w.se, v->base.mean);
	v->verdict = w.p < alpha ? STATS_CHANGED : STATS_SAME;
	v->min_pct = compare_welch_min(v, alpha);
}

/* splitmix64: tiny, and the same sequence on every machine */
static uint64_t compare_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double compare_resample_mean(const double *v, size_t n, uint64_t *state)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += v[(size_t)(((unsigned __int128)compare_rand(state) * n) >> 64)];
	return sum / (double)n;
}

static int compare_dbl_cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* The p-quantile of sorted d[0..n-1], interpolated between ranks. */
static double compare_quantile(const double *d, size_t n, double p)
{
	double pos = p * (double)(n - 1);
	size_t i = (size_t)pos;

	return i + 1 < n ? d[i] + (pos - (double)i) * (d[i + 1] - d[i]) : d[n - 1];
}

/*
 * The level the percentile interval is read at. Resampled means of a few
 * passes spread by only sqrt((n - 1) / n) of their standard error, with
 * the normal's tails rather than Student's, so the plain percentile
 * interval is too narrow: at a few passes a side it flags several times
 * alpha of A/A rows. Hesterberg's expanded percentile interval reads it
 * at the normal level z' = t(1 - alpha/2, df) * sqrt(s^2/n / bootstrap
 * variance), df Welch's, which brings the false flags near alpha from
 * five passes on (at three the resamples of 3 values are few).
 */
static double compare_expanded_alpha(const double *a, size_t na, const double *b,
				     size_t nb, double alpha)
{
	double va = stats_sample_var(a, na), vb = stats_sample_var(b, nb);
	double fa = (double)na, fb = (double)nb;
	double unbiased = va / fa + vb / fb;
	double boot = va * (fa - 1) / (fa * fa) + vb * (fb - 1) / (fb * fb);
	struct welch w;

	if (!(boot > 0))
		return alpha;	/* no spread: the interval is a point either way */
	student_welch(0, va, fa, 0, vb, fb, &w);
	/* 2 (1 - Phi(z')) */
	return erfc(student_quantile(1 - alpha / 2, w.df) * sqrt(unbiased / boot) / M_SQRT2);
}

static void compare_bootstrap(const double *a, size_t na, const double *b, size_t nb,
			      double alpha, struct compare_verdict *v)
{
	size_t n = COMPARE_BOOTSTRAP_RESAMPLES;
	double *d = malloc(n * sizeof(*d)), base = 0;
	uint64_t state = COMPARE_BOOTSTRAP_SEED;	/* per row: rows do not depend on order */
	double level = compare_expanded_alpha(a, na, b, nb, alpha);

	for (size_t i = 0; i < na; i++)
		base += a[i] / (double)na;
	if (!d || base == 0) {
		free(d);
		v->verdict = STATS_SAME;
		return;
	}
	for (size_t i = 0; i < n; i++)
		d[i] = 100.0 * (compare_resample_mean(b, nb, &state) -
				compare_resample_mean(a, na, &state)) / fabs(base);
	qsort(d, n, sizeof(*d), compare_dbl_cmp);
	v->lo_pct = compare_quantile(d, n, level / 2);
	v->hi_pct = compare_quantile(d, n, 1 - level / 2);
	free(d);
	v->verdict = v->lo_pct > 0 || v->hi_pct < 0 ? STATS_CHANGED : STATS_SAME;
	/* moved to centre on 0, the interval flags a shift past either end */
	v->min_pct = fmax(v->change_pct - v->lo_pct, v->hi_pct - v->change_pct);
}

/* The method's own call on a row, before the floor; v holds each side's
 * stats, known the variance holm+range adds for the drift, sa and sb the
 * sides (NULL in the A/A simulation). */
static void compare_method_rule_verdict(enum compare_method m, double alpha,
					const double *a, size_t na, const double *b, size_t nb,
					const struct compare_sample *sa,
					const struct compare_sample *sb, double known,
					struct compare_verdict *v)
{
	switch (m) {
	case COMPARE_HOLM_RANGE:
		compare_welch(a, na, b, nb, alpha, sa, sb, known, v);
		break;
	case COMPARE_HOLM:
	case COMPARE_WELCH:
		compare_welch(a, na, b, nb, alpha, NULL, NULL, 0, v);
		break;
	case COMPARE_LKP:
		/* judged by compare_lkp, on the whole row */
		break;
	case COMPARE_CI:
		compare_ci(a, na, b, nb, alpha, v);
		break;
	case COMPARE_BOOTSTRAP:
		compare_bootstrap(a, na, b, nb, alpha, v);
		break;
	}
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
static double compare_floor_pct(const char *lkp_key)
{
	static const char *const timed[] = { "stress-ng.time.elapsed_time",
					     "stress-ng.times.available-cpu-time" };
	size_t n = strlen(lkp_key), w = strlen(".wall-clock-time");

	for (size_t i = 0; i < sizeof(timed) / sizeof(*timed); i++)
		if (!strcmp(lkp_key, timed[i]))
			return COMPARE_TIMED_FLOOR_PCT;
	if (n > w && !strcmp(lkp_key + n - w, ".wall-clock-time"))
		return COMPARE_TIMED_FLOOR_PCT;
	return STATS_MIN_CHANGE_PCT;
}

size_t compare_method_min_runs(enum compare_method m, bool *either)
{
	*either = m == COMPARE_LKP;
	return STATS_MIN_RUNS;
}

#define COMPARE_EFFICIENCY_SUFFIX ".bogo-ops-per-second-usr-sys-time"

static bool compare_efficiency(const char *lkp_key)
{
	size_t n = strlen(lkp_key), s = strlen(COMPARE_EFFICIENCY_SUFFIX);

	return n > s && !strcmp(lkp_key + n - s, COMPARE_EFFICIENCY_SUFFIX);
}

bool compare_kpi(const char *lkp_key)
{
	return lkp_kpi(lkp_key) || compare_efficiency(lkp_key);
}

/*
 * The (1 - alpha) interval of the change, Welch's with the drift (or the
 * measured noise), whatever method flags the row, and the variance an
 * invocation of each side adds: what a KPI row's word is read from.
 * known is compare_drift_var()'s: the drift of each side over its
 * invocations, and the others' share, which more invocations keep.
 */
static void compare_interval(const struct compare_params *p, const struct compare_sample *a,
			     const struct compare_sample *b, double known,
			     struct compare_verdict *v)
{
	double va = compare_pass_var(a->v, a->n, v->base.mean, a->per_pass);
	double vb = compare_pass_var(b->v, b->n, v->new.mean, b->per_pass);
	double fa = a->files ? (double)a->files : 1, fb = b->files ? (double)b->files : 1;
	double da = compare_between(p->drift_pct, a) * v->base.mean;
	double db = compare_between(p->drift_pct, b) * v->new.mean;
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
	kept = known - (a->files ? da * da / fa : 0) - (b->files ? db * db / fb : 0);
	v->inv_var_pct2 = 1e4 * per_inv / (base * base);
	v->kept_var_pct2 = 1e4 * fmax(kept, 0) / (base * base);
	v->passes_a = (double)a->n / fa;
	v->passes_b = (double)b->n / fb;
}

void compare_method_judge(const struct compare_params *p, const char *lkp_key,
			  const struct compare_sample *a, const struct compare_sample *b,
			  struct compare_verdict *v)
{
	double floor, known;

	compare_verdict_init(a->v, a->n, b->v, b->n, v);
	v->kpi = compare_kpi(lkp_key);
	known = compare_drift_var(p->method == COMPARE_HOLM_RANGE ? p->drift_pct : 0, v, a, b);
	if (a->n >= STATS_MIN_RUNS && b->n >= STATS_MIN_RUNS)
		compare_interval(p, a, b, compare_drift_var(p->drift_pct, v, a, b), v);
	if (p->method == COMPARE_LKP) {
		/* lkp's floors are its own: exactly lkp-tests' verdict */
		compare_lkp(p, lkp_key, a, b, v);
		return;
	}
	if (a->n < STATS_MIN_RUNS || b->n < STATS_MIN_RUNS)
		return;
	compare_method_rule_verdict(p->method, p->alpha, a->v, a->n, b->v, b->n, a, b,
				    known, v);
	if (p->method == COMPARE_HOLM_RANGE && lkp_kpi(lkp_key))
		v->range = compare_ranges_apart(&v->base, &v->new);
	if (p->method == COMPARE_HOLM_RANGE && (a->per_pass > 0 || b->per_pass > 0) &&
	    fmax(fabs(v->base.mean) * a->per_pass, fabs(v->new.mean) * b->per_pass) <
	    COMPARE_MIN_EVENTS)
		v->verdict = STATS_SAME;	/* too few events to tell */
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
void compare_method_family(enum compare_method m, double alpha,
			   struct compare_verdict *v, size_t n)
{
	struct compare_ranked *r;
	size_t rows = 0, kpis = 0, judged;
	double adj = 0, left = 1;

	if (m != COMPARE_HOLM && m != COMPARE_HOLM_RANGE)
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
#define COMPARE_AA_PAIRS_BOOTSTRAP 200
/*
 * Past this many runs in all, every method is at or below its level (the
 * bootstrap's interval at 20 a side is the t interval's, lkp's medians
 * fall outside the other's range about never) and simulating costs
 * seconds: there is no rate to warn of.
 */
#define COMPARE_AA_MAX_RUNS 40
/* The largest min change -v prints as a figure (100x). */
#define COMPARE_MIN_PCT_SHOWN 10000.0

double compare_method_aa_rate(enum compare_method m, double alpha, size_t na, size_t nb,
			      size_t rows, double *err)
{
	size_t pairs = m == COMPARE_BOOTSTRAP ? COMPARE_AA_PAIRS_BOOTSTRAP : COMPARE_AA_PAIRS;
	size_t hits = 0;
	double a[COMPARE_AA_MAX_RUNS], b[COMPARE_AA_MAX_RUNS], level = alpha, r;
	uint64_t state = COMPARE_BOOTSTRAP_SEED;
	struct compare_verdict v;

	if (na < STATS_MIN_RUNS || nb < STATS_MIN_RUNS || na + nb > COMPARE_AA_MAX_RUNS || !rows) {
		*err = 0;
		return NAN;
	}
	/* holm flags some row exactly when the smallest p is below alpha / rows;
	 * holm+range's ranges rule only adds large changes (its A/A rate on
	 * normal runs is nil) */
	if (m == COMPARE_HOLM_RANGE)
		m = COMPARE_HOLM;
	if (m == COMPARE_HOLM)
		level = alpha / (double)rows;
	for (size_t k = 0; k < pairs; k++) {
		for (size_t i = 0; i < na; i++)
			a[i] = 100 + compare_normal(&state);
		for (size_t i = 0; i < nb; i++)
			b[i] = 100 + compare_normal(&state);
		compare_verdict_init(a, na, b, nb, &v);
		if (m == COMPARE_LKP) {
			/* a perf-profile stat: lkp's test without its ratio floors */
			struct compare_sample sa = { .v = a, .n = na, .runs = na, .others_pct = NAN };
			struct compare_sample sb = { .v = b, .n = nb, .runs = nb, .others_pct = NAN };
			struct compare_params p = { .method = m };

			compare_lkp(&p, "perf-profile.aa", &sa, &sb, &v);
		} else {
			compare_method_rule_verdict(m, level, a, na, b, nb, NULL, NULL, 0, &v);
		}
		hits += v.verdict == STATS_CHANGED;
	}
	r = (double)hits / (double)pairs;
	*err = sqrt(r * (1 - r) / (double)pairs);
	if (m != COMPARE_HOLM)
		return r;
	/* of rows independent rows: the most a Holm family can be flagged */
	*err *= (double)rows * pow(1 - r, (double)rows - 1);
	return 1 - pow(1 - r, (double)rows);
}

void compare_method_detail(enum compare_method m, const struct compare_verdict *v,
			   char *buf, size_t len)
{
	char min[32], bm[32], blo[32], bhi[32], nm[32], nlo[32], nhi[32];

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
	switch (m) {
	case COMPARE_LKP:
		series_format_value(v->lkp.mean_b, bm, sizeof(bm));
		series_format_value(v->lkp.min_b, blo, sizeof(blo));
		series_format_value(v->lkp.max_b, bhi, sizeof(bhi));
		series_format_value(v->lkp.mean_a, nm, sizeof(nm));
		series_format_value(v->lkp.min_a, nlo, sizeof(nlo));
		series_format_value(v->lkp.max_a, nhi, sizeof(nhi));
		snprintf(buf, len, "median %s [%s, %s] vs %s [%s, %s], ratio %.3g, %s",
			 bm, blo, bhi, nm, nlo, nhi, v->lkp.ratio, min);
		break;
	case COMPARE_CI:
		snprintf(buf, len, "\u00b1%.1f%% vs \u00b1%.1f%%, %s", v->lo_pct, v->hi_pct, min);
		break;
	case COMPARE_HOLM:
		snprintf(buf, len, "p=%.4g, holm p=%.4g, %s", v->p, v->p_holm, min);
		break;
	case COMPARE_HOLM_RANGE:
		snprintf(buf, len, "p=%.4g, holm p=%.4g%s, %s", v->p, v->p_holm,
			 v->range ? ", ranges apart" : "", min);
		break;
	case COMPARE_WELCH:
		snprintf(buf, len, "p=%.4g, %s", v->p, min);
		break;
	case COMPARE_BOOTSTRAP:
		snprintf(buf, len, "[%+.1f%%, %+.1f%%], %s", v->lo_pct, v->hi_pct, min);
		break;
	}
}
