/*
 * series.c - from a results document to per-key series of run values,
 * and the kernel bots' value ±%stddev formatting.
 */
#include "series.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

static struct series *series_get(struct series_set *set, const char *key,
				 enum series_direction dir)
{
	struct series *s;

	for (size_t i = 0; i < set->n; i++)
		if (!strcmp(set->s[i].key, key))
			return &set->s[i];
	s = realloc(set->s, (set->n + 1) * sizeof(*s));
	if (!s)
		return NULL;
	set->s = s;
	s = &set->s[set->n];
	memset(s, 0, sizeof(*s));
	s->key = strdup(key);
	if (!s->key)
		return NULL;
	s->direction = dir;
	set->n++;
	return s;
}

int series_push(struct series_set *set, const char *stressor,
		const char *metric, enum series_direction dir, const json_t *v)
{
	char key[256];
	struct series *s;
	double *nv;

	if (!json_is_number(v))
		return 0;	/* null: not measured in this run */
	snprintf(key, sizeof(key), "%s.%s", stressor, metric);
	s = series_get(set, key, dir);
	if (!s)
		return -ENOMEM;
	nv = realloc(s->v, (s->n + 1) * sizeof(*nv));
	if (!nv)
		return -ENOMEM;
	s->v = nv;
	s->integer = (s->n == 0 || s->integer) && json_is_integer(v);
	s->v[s->n++] = json_number_value(v);
	return 0;
}

/* lkp-tests' name of an extra metric: spaces to '_', the rest kept. */
static void series_lkp_name(const char *desc, char *out, size_t len)
{
	size_t o = 0;

	for (; *desc && o + 1 < len; desc++)
		out[o++] = *desc == ' ' ? '_' : *desc;
	out[o] = '\0';
}

/*
 * A stressor that runs more than once in a pass (a --scale sweep) is told
 * apart by its instance count: "pread2@4". Returns false when no name.
 */
static bool series_name(const json_t *metrics, const json_t *e, char *out,
			size_t len)
{
	const char *name = json_string_value(json_object_get(e, "stressor"));
	const json_t *other;
	size_t i, seen = 0;

	if (!name)
		return false;
	json_array_foreach(metrics, i, other)
		seen += json_equal(json_object_get(other, "stressor"),
				   json_object_get(e, "stressor"));
	if (seen > 1)
		snprintf(out, len, "%s@%lld", name, (long long)json_integer_value(
				 json_object_get(e, "instances-forked")));
	else
		snprintf(out, len, "%s", name);
	return true;
}

static int series_entry(struct series_set *set, const json_t *metrics,
			const json_t *e, const struct series_more *more)
{
	const json_t *x, *perf = json_object_get(e, "perf");
	const char *key;
	char name[160];
	json_t *val;
	size_t i;
	int rc;

	if (!series_name(metrics, e, name, sizeof(name)))
		return -EINVAL;
	rc = series_push(set, name, "ops", SERIES_HIGHER_BETTER,
			json_object_get(e, "bogo-ops"));
	rc = rc ? rc : series_push(set, name, "ops_per_sec", SERIES_HIGHER_BETTER,
				  json_object_get(e, "bogo-ops-per-second-real-time"));
	json_array_foreach(json_object_get(e, "extra-metrics"), i, x) {
		const char *desc = json_string_value(json_object_get(x, "description"));
		char metric[200];

		if (!desc || rc)
			continue;
		series_lkp_name(desc, metric, sizeof(metric));
		rc = series_push(set, name, metric,
				json_is_false(json_object_get(x, "higher-is-better")) ?
				SERIES_LOWER_BETTER : SERIES_HIGHER_BETTER,
				json_object_get(x, "value"));
	}
	/* what a bogo-op costs (cost.c): less is better */
	json_object_foreach(json_object_get(e, "cost-per-op"), key, val) {
		char metric[200];

		if (rc)
			break;
		snprintf(metric, sizeof(metric), "cost.%s", key);
		rc = series_push(set, name, metric, strcmp(key, "insn-per-cycle") ?
				SERIES_LOWER_BETTER : SERIES_HIGHER_BETTER, val);
	}
	json_object_foreach((json_t *)perf, key, val) {
		char metric[200];

		if (rc)
			break;
		snprintf(metric, sizeof(metric), "perf-stat.%s", key);
		rc = series_push(set, name, metric, SERIES_NEUTRAL, val);
	}
	return rc || !more ? rc : more->entry(set, name, e);
}

int series_read(const json_t *doc, struct series_set *set,
		const struct series_more *more, char *err, size_t errlen)
{
	const json_t *runs = json_object_get(doc, "runs"), *run, *e;
	size_t i, j;
	int rc = 0;

	memset(set, 0, sizeof(*set));
	if (!json_is_array(runs) || !json_array_size(runs)) {
		snprintf(err, errlen, "not a stresskit results file (no runs list)");
		return -EINVAL;
	}
	json_array_foreach(runs, i, run) {
		const json_t *metrics = json_object_get(run, "metrics");

		if (!json_is_array(metrics)) {
			snprintf(err, errlen, "run %zu has no metrics list", i + 1);
			series_free(set);
			return -EINVAL;
		}
		json_array_foreach(metrics, j, e) {
			rc = series_entry(set, metrics, e, more);
			if (rc) {
				snprintf(err, errlen, rc == -ENOMEM ? "out of memory" :
					 "run %zu: a metrics entry without a stressor", i + 1);
				series_free(set);
				return rc;
			}
		}
	}
	/* a pass's --times figures after its stressors' */
	json_array_foreach(runs, i, run) {
		rc = more ? more->run(set, run) : 0;
		if (rc) {
			snprintf(err, errlen, "out of memory");
			series_free(set);
			return rc;
		}
	}
	set->runs = json_array_size(runs);
	return 0;
}

int series_from_doc(const json_t *doc, struct series_set *set,
		    char *err, size_t errlen)
{
	return series_read(doc, set, NULL, err, errlen);
}

void series_free(struct series_set *set)
{
	for (size_t i = 0; set->s && i < set->n; i++) {
		free(set->s[i].key);
		free(set->s[i].v);
	}
	free(set->s);
	memset(set, 0, sizeof(*set));
}

const struct series *series_find(const struct series_set *set, const char *key)
{
	for (size_t i = 0; i < set->n; i++)
		if (!strcmp(set->s[i].key, key))
			return &set->s[i];
	return NULL;
}

double series_mean(const struct series_set *set, const char *key)
{
	const struct series *s = series_find(set, key);
	struct stats st;

	if (!s || !s->n)
		return NAN;
	stats_compute(s->v, s->n, &st);
	return st.mean;
}

void series_format_value(double v, char *buf, size_t len)
{
	double a = fabs(v);

	if (a >= 1e10)
		snprintf(buf, len, "%.4g", v);
	else if (a >= 100 || v == floor(v))
		snprintf(buf, len, "%.0f", v);
	else if (a < 0.1)
		/* three significant digits: a context switch per ten thousand
		 * ops is not 0.00, and two such values are not "0.00 -54%" */
		snprintf(buf, len, "%.3g", v);
	else
		snprintf(buf, len, "%.2f", v);
}

/* The largest ±%stddev a cell prints as a figure. */
#define SERIES_STDDEV_PCT_SHOWN 999.0

void series_format_cell(const struct stats *st, char *buf, size_t len)
{
	char v[32];
	double pct = stats_stddev_pct(st);

	series_format_value(st->mean, v, sizeof(v));
	/* a mean near 0 beside its spread: a percent of it means nothing */
	if (pct > SERIES_STDDEV_PCT_SHOWN)
		snprintf(buf, len, "%10s \u00b1>%.0f%%", v, SERIES_STDDEV_PCT_SHOWN);
	else if (pct > STATS_SHOW_STDDEV_PCT)
		snprintf(buf, len, "%10s \u00b1%3.0f%%", v, pct);
	else
		snprintf(buf, len, "%10s      ", v);
}

void series_print_summary(const struct series_set *set, double level)
{
	char cell[64], lo[32], hi[32], ci[96];

	log_metric("summary of %zu passes: mean \u00b1%%stddev (population, shown above %.0f%%), "
		   "figure, and the mean's %g%% confidence interval (Student t): "
		   "\u00b1half-width%% [low..high]", set->runs, STATS_SHOW_STDDEV_PCT, level);
	for (size_t i = 0; i < set->n; i++) {
		const struct series *s = &set->s[i];
		struct stats_ci c;
		struct stats st;

		stats_compute(s->v, s->n, &st);
		series_format_cell(&st, cell, sizeof(cell));
		/* two words, no spaces inside: with the cell's five to seven the
		 * line never has the ten or twelve that LKP's parser takes for a
		 * stressor's row */
		ci[0] = '\0';
		if (!stats_confidence(s->v, s->n, level, &c)) {
			series_format_value(c.low, lo, sizeof(lo));
			series_format_value(c.high, hi, sizeof(hi));
			if (isfinite(c.half_pct))
				snprintf(ci, sizeof(ci), "  \u00b1%.2f%% [%s..%s]", c.half_pct, lo, hi);
			else
				snprintf(ci, sizeof(ci), "  \u00b1-%% [%s..%s]", lo, hi);
		}
		log_metric("%s  %s%s", cell, s->key, ci);
	}
}
