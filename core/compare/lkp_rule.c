/*
 * lkp_rule.c - lkp-tests' "changed stat" (see lkp_rule.h). The tables
 * hold the entries of lkp-tests' etc/ files that stresskit's keys (the
 * rows compare --keys lkp prints, and the monitors' proc-vmstat.*,
 * meminfo.*, interrupts.*, vmstat.*) can match; tests/unit/fixtures/
 * lkp_changed.txt holds lkp-tests' own verdicts on sample sets, made by
 * tests/lkp_fixtures.sh.
 */
#include "lkp_rule.h"

#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LKP_MARGIN_SHIFT 5
#define LKP_MAX_MARGIN 3
#define LKP_MAX_RATIO 5.0
/* lkp compare's --perf-profile-threshold default: an Integer, so it
 * applies only where NEW's mean is one (a side without the key) */
#define LKP_PERF_PROFILE_THRESHOLD 5.0
/* lkp's gap_distance: in distance mode, the gap beats half the means' difference */
#define LKP_GAP_DISTANCE 2.0

/* etc/perf-metrics-prefixes, and the test prefixes of lkp's perf tests */
static const char *const lkp_perf_prefixes[] = {
	"interrupts.CAL:Function_call_interrupts", "perf-stat.", "proc-vmstat.",
	"vmstat.cpu.", "vmstat.io.", "vmstat.swap.", "vmstat.system.",
	"stress-ng.", "will-it-scale.", "redis.", "netperf.", "fio.",
};

/* etc/perf-metrics-patterns */
static const char *const lkp_perf_patterns[] = {
	"^(.*\\.)?time..*", "^lock_stat..*..contentions",
};

/* etc/perf-metrics-threshold.yaml, in its order: the first match decides */
static const struct lkp_threshold {
	const char *pattern;	/* anchored at both ends */
	double value;
	bool integer;		/* written as an Integer: its half applies to delta */
} lkp_thresholds[] = {
	{ ".*.time.elapsed_time.*", 10, true },
	{ ".*.time.file_system_inputs", 10000, true },
	{ ".*.time.file_system_outputs", 10000, true },
	{ ".*.time.involuntary_context_switches", 1000, true },
	{ ".*.time.major_page_faults", 1000, true },
	{ ".*.time.minor_page_faults", 1000, true },
	{ ".*.time.socket_messages_received", 10000, true },
	{ ".*.time.socket_messages_sent", 10000, true },
	{ ".*.time.swaps", 1000, true },
	{ ".*.time.system_time", 10, true },
	{ ".*.time.user_time", 10, true },
	{ ".*.time.voluntary_context_switches", 1000, true },
	{ ".*vmstat.*nr_.*", 100, true },
	{ "interrupts.*", 100, true },
	{ "perf-profile.*", 1, true },
	{ "proc-vmstat.allocstall", 100, true },
	{ "proc-vmstat.compact_fail", 100, true },
	{ "proc-vmstat.compact_stall", 100, true },
	{ "proc-vmstat.pgmigrate_fail", 100, true },
	{ "vmstat.cpu.id", 10, true },
	{ "vmstat.cpu.st", 10, true },
	{ "vmstat.cpu.sy", 50, true },
	{ "vmstat.cpu.us", 10, true },
	{ "vmstat.cpu.wa", 10, true },
	{ "vmstat.io.bi", 100, true },
	{ "vmstat.io.bo", 100, true },
	{ "vmstat.system.cs", 100, true },
	{ "vmstat.system.in", 100, true },
};

/*
 * etc/stat-denylist's entries that etc/report-allowlist does not take
 * back: lkp compare leaves these stats out (without --more)
 */
static const char *const lkp_unreported[] = {
	"buddyinfo.", "diskstats.", "interrupts.", "pagetypeinfo.", "slabinfo.",
	"softirqs.", "zoneinfo.",
};

/* etc/index-perf-all.yaml's stress-ng and will-it-scale KPIs */
static const char *const lkp_kpis[] = {
	"^stress-ng\\..+_per_item$", "^stress-ng\\..+_per_sec$", "^stress-ng\\..+_per_seek$",
	"^will-it-scale\\..+_ops$", "^will-it-scale\\.scalability$",
};

#define LKP_COUNT(a) (sizeof(a) / sizeof(*(a)))

/*
 * A table's pattern compiled once, at its first use: compare asks these
 * of every row's key, and compiling a pattern costs far more than
 * matching it (under AddressSanitizer a compare spent 2 s compiling the
 * same few patterns again and again). Kept for the process's life.
 */
struct lkp_re {
	regex_t r;
	int state;		/* 0: not compiled yet, 1: compiled, -1: does not compile */
};

static struct lkp_re lkp_perf_re[LKP_COUNT(lkp_perf_patterns)];
static struct lkp_re lkp_kpi_re[LKP_COUNT(lkp_kpis)];
static struct lkp_re lkp_threshold_re[LKP_COUNT(lkp_thresholds)];

/* Ruby's =~ on an extended regular expression; false if it does not
 * compile. re is read only when c is not compiled yet. */
static bool lkp_match(struct lkp_re *c, const char *re, const char *s)
{
	if (!c->state)
		c->state = regcomp(&c->r, re, REG_EXTENDED | REG_NOSUB) ? -1 : 1;
	return c->state > 0 && !regexec(&c->r, s, 0, NULL, 0);
}

bool lkp_perf_metric(const char *key)
{
	for (size_t i = 0; i < LKP_COUNT(lkp_perf_patterns); i++)
		if (lkp_match(&lkp_perf_re[i], lkp_perf_patterns[i], key))
			return true;
	for (size_t i = 0; i < sizeof(lkp_perf_prefixes) / sizeof(*lkp_perf_prefixes); i++)
		if (!strncmp(key, lkp_perf_prefixes[i], strlen(lkp_perf_prefixes[i])))
			return true;
	return false;
}

bool lkp_kpi(const char *key)
{
	for (size_t i = 0; i < LKP_COUNT(lkp_kpis); i++)
		if (lkp_match(&lkp_kpi_re[i], lkp_kpis[i], key))
			return true;
	return false;
}

static bool lkp_reported(const char *key)
{
	for (size_t i = 0; i < sizeof(lkp_unreported) / sizeof(*lkp_unreported); i++)
		if (!strncmp(key, lkp_unreported[i], strlen(lkp_unreported[i])))
			return false;
	return true;
}

/* reasonable_perf_change?: a change big enough for the stat's kind */
static bool lkp_reasonable(const char *key, double delta, double max)
{
	char re[128] = "";

	for (size_t i = 0; i < LKP_COUNT(lkp_thresholds); i++) {
		const struct lkp_threshold *t = &lkp_thresholds[i];

		if (!lkp_threshold_re[i].state)
			snprintf(re, sizeof(re), "^(%s)$", t->pattern);
		if (!lkp_match(&lkp_threshold_re[i], re, key))
			continue;
		if (max < t->value)
			return false;
		/* Ruby's Integer half: 1 / 2 is 0 */
		if (t->integer && delta < floor(t->value / 2))
			return false;
		return true;
	}
	if (!strncmp(key, "iostat", 6))
		return max > 1;
	if (!strncmp(key, "pagetypeinfo", 12) || !strncmp(key, "buddyinfo", 9) ||
	    !strncmp(key, "slabinfo", 8))
		return delta > 100;
	if (!strncmp(key, "proc-vmstat", 11) || strstr(key, "meminfo"))
		return max > 1000;
	if (!strncmp(key, "interrupts", 10) || !strncmp(key, "softirqs", 8))
		return max > 10000;
	return true;
}

/* A side summarised: sorted and trimmed, with lkp's min, "mean" and max. */
struct lkp_summary {
	double *sorted;
	size_t n;
	double min, mean, max;
	/* Integers in Ruby, not Floats: integer values, or a filled zero */
	bool mean_integer, max_integer;
};

static int lkp_cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* sort_remove_margin and min_mean_max; -1 without memory (out->sorted to free). */
static int lkp_summarise(const char *key, const struct lkp_side *s, size_t max_margin,
			 struct lkp_summary *out)
{
	size_t cols = s->runs > s->n ? s->runs : s->n, margin = cols >> LKP_MARGIN_SHIFT, skip = 0;
	double *v = malloc((cols ? cols : 1) * sizeof(*v));

	memset(out, 0, sizeof(*out));
	if (!v)
		return -1;
	if (s->n)
		memcpy(v, s->v, s->n * sizeof(*v));
	for (size_t i = s->n; i < cols; i++)
		v[i] = 0;
	qsort(v, cols, sizeof(*v), lkp_cmp);
	/* Array#sorted drops -1, lkp's empty data point, from the front */
	while (skip < cols && v[skip] == -1)
		skip++;
	if (margin > max_margin)
		margin = max_margin;
	out->sorted = v;
	if (cols - skip > 2 * margin) {
		const double *t = v + skip + margin;
		/* a profile never records a 0.0: its zeros are filled ones */
		bool zero_int = cols > s->n || !strncmp(key, "perf-profile.", 13);

		out->n = cols - skip - 2 * margin;
		out->min = t[0];
		out->mean = t[out->n / 2];
		out->max = t[out->n - 1];
		out->mean_integer = s->integer || (out->mean == 0 && zero_int);
		out->max_integer = s->integer || (out->max == 0 && zero_int);
	}
	return 0;
}

/* ChangedStat#change? */
static bool lkp_apart(const struct lkp_result *r, size_t na, size_t nb, bool max_a_integer,
		      const struct lkp_options *o)
{
	if (o->distance > 0) {
		if (max_a_integer && (r->min_a - r->max_b == 1 || r->min_b - r->max_a == 1))
			return false;
		if (na < 3 || nb < 3) {
			double gap = fmax(r->max_a - r->min_a, r->max_b - r->min_b) * o->distance;

			return r->min_b - r->max_a > gap || r->min_a - r->max_b > gap;
		}
		return (r->min_b > r->max_a &&
			r->min_b - r->max_a > (r->mean_b - r->mean_a) / LKP_GAP_DISTANCE) ||
		       (r->min_a > r->max_b &&
			r->min_a - r->max_b > (r->mean_a - r->mean_b) / LKP_GAP_DISTANCE);
	}
	return (r->min_b > r->mean_a && r->mean_b > r->max_a) ||
	       (r->min_a > r->mean_b && r->mean_a > r->max_b);
}

void lkp_judge(const char *key, const struct lkp_side *new, const struct lkp_side *base,
	       const struct lkp_options *o, struct lkp_result *r)
{
	struct lkp_summary a, b;
	size_t cols_a = new->runs > new->n ? new->runs : new->n;
	size_t cols_b = base->runs > base->n ? base->runs : base->n;
	bool profile = !strncmp(key, "perf-profile.", 13);
	double high, low;

	memset(r, 0, sizeof(*r));
	/* skip_stat?: reported stats, at least one side with 3 samples */
	if (!lkp_reported(key) || (cols_a < 3 && cols_b < 3))
		return;
	if (lkp_summarise(key, base, LKP_MAX_MARGIN, &b))
		return;
	if (!b.n) {
		free(b.sorted);
		return;
	}
	if (lkp_summarise(key, new, cols_b <= 3 ? 1 : LKP_MAX_MARGIN, &a)) {
		free(b.sorted);
		return;
	}
	if (!a.n)
		goto out;
	r->judged = true;
	r->min_a = a.min, r->mean_a = a.mean, r->max_a = a.max;
	r->min_b = b.min, r->mean_b = b.mean, r->max_b = b.max;
	if (profile && a.mean_integer)
		r->changed = a.mean > LKP_PERF_PROFILE_THRESHOLD ||
			     b.mean > LKP_PERF_PROFILE_THRESHOLD;
	else
		r->changed = lkp_apart(r, a.n, b.n, a.max_integer, o);
	/* calc_stats_metrics: the higher mean over the lower, at most 5 */
	high = a.mean > b.mean ? a.mean : b.mean;
	low = a.mean > b.mean ? b.mean : a.mean;
	r->max = fmax(a.max, b.max);
	r->delta = high - low;
	r->ratio = low > 0 ? fmin(high / low, LKP_MAX_RATIO) : LKP_MAX_RATIO;
	if (!r->changed || profile)
		goto out;
	/* skip_small_change? */
	if (!(r->ratio > 1.01) || !(r->ratio > 1.05 || lkp_perf_metric(key)) ||
	    !lkp_reasonable(key, r->delta, r->max))
		r->changed = false;
out:
	free(a.sorted);
	free(b.sorted);
}
