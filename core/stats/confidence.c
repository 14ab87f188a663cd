/*
 * confidence.c - intervals over repeated passes (see confidence.h). Every
 * pass ran the same plan, so the e-th metrics entry of each pass is the
 * same stressor, as results_finish() averages them. The interval is the
 * Student-t one on the sample stddev: with 3 to 30 passes the normal
 * approximation would claim a precision the passes do not have.
 */
#include "confidence.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "estimator.h"
#include "log.h"
#include "series.h"

#define CONFIDENCE_FIGURE "bogo-ops-per-second-real-time"

static const json_t *confidence_runs(const json_t *doc, size_t *n)
{
	const json_t *runs = json_object_get(doc, "runs");

	*n = json_array_size(runs);
	return runs;
}

int confidence_entry(const json_t *doc, size_t e, double level,
		     struct stats_ci *ci, const char **name)
{
	size_t n, k = 0;
	const json_t *runs = confidence_runs(doc, &n);
	double *v = calloc(n ? n : 1, sizeof(*v));
	int rc;

	if (!v)
		return -ENOMEM;
	*name = NULL;
	for (size_t i = 0; i < n; i++) {
		const json_t *m = json_array_get(json_object_get(
			json_array_get(runs, i), "metrics"), e);
		const json_t *x = json_object_get(m, CONFIDENCE_FIGURE);

		if (!*name)
			*name = json_string_value(json_object_get(m, "stressor"));
		if (json_is_number(x))
			v[k++] = json_number_value(x);
	}
	rc = *name ? stats_confidence(v, k, level, ci) : -EINVAL;
	free(v);
	return rc;
}

/*
 * Entry e's interval of the figure a verdict is read from: its envelope of
 * ops/s over the passes out of the machine's slow stretches
 * (estimator_fast_passes), where every pass has one; else its ops/s.
 * *env says which, and *kept how many passes the envelope kept.
 */
static int confidence_decisive(const json_t *doc, size_t e, double level,
			       struct stats_ci *ci, const char **name, bool *env, size_t *kept)
{
	size_t n, k = 0;
	const json_t *runs = confidence_runs(doc, &n);
	double v[n ? n : 1], fast[n ? n : 1];

	for (size_t i = 0; i < n; i++) {
		const json_t *m = json_array_get(json_object_get(json_array_get(runs, i), "metrics"), e);
		const json_t *x = json_object_get(json_object_get(m, "envelope"),
						  CONFIDENCE_FIGURE);

		*name = json_string_value(json_object_get(m, "stressor"));
		if (json_is_number(x))
			v[k++] = json_number_value(x);
	}
	*env = n && k == n && *name;
	if (!*env)
		return confidence_entry(doc, e, level, ci, name);
	*kept = estimator_fast_passes(v, k, fast);
	return stats_confidence(fast, *kept, level, ci);
}

/* The number of stressors a pass has: the first pass's entries. */
static size_t confidence_n_entries(const json_t *doc)
{
	size_t n;
	const json_t *runs = confidence_runs(doc, &n);

	return json_array_size(json_object_get(json_array_get(runs, 0), "metrics"));
}

void confidence_report(const json_t *doc, double level)
{
	size_t n;
	struct stats_ci ci;
	const char *name;
	char mean[32], lo[32], hi[32], sd[32], mn[32], mx[32];

	confidence_runs(doc, &n);
	if (n < 2)
		return;
	log_metric("ops/s over %zu passes: mean \u00b1 half-width of its %g%% confidence "
		   "interval (Student t), sample stddev, min, max", n, level);
	for (size_t e = 0; e < confidence_n_entries(doc); e++) {
		if (confidence_entry(doc, e, level, &ci, &name))
			continue;
		series_format_value(ci.mean, mean, sizeof(mean));
		series_format_value(ci.low, lo, sizeof(lo));
		series_format_value(ci.high, hi, sizeof(hi));
		series_format_value(ci.sd, sd, sizeof(sd));
		series_format_value(ci.min, mn, sizeof(mn));
		series_format_value(ci.max, mx, sizeof(mx));
		log_metric("%-12s %10s \u00b1 %5.2f%% [%s, %s]  sd %s (%.2f%%)  min %s  max %s",
			   name, mean, ci.half_pct, lo, hi, sd,
			   ci.mean != 0 ? 100.0 * ci.sd / fabs(ci.mean) : 0, mn, mx);
	}
}

bool confidence_reached(const json_t *doc, double level, double pct)
{
	char line[1024];
	size_t n, used = 0;
	bool all = true;
	struct stats_ci ci;
	const char *name;

	confidence_runs(doc, &n);
	if (n < 2)
		return false;
	line[0] = '\0';
	for (size_t e = 0; e < confidence_n_entries(doc); e++) {
		bool env = false;
		size_t kept = 0;

		if (confidence_decisive(doc, e, level, &ci, &name, &env, &kept)) {
			all = false;
			/* the envelope's passes out of the slow stretches, too few yet */
			if (env && used < sizeof(line))
				used += (size_t)snprintf(line + used, sizeof(line) - used,
							 " %s envelope: %zu of %zu passes", name,
							 kept, n);
			continue;
		}
		all &= ci.half_pct <= pct && ci.n >= CONFIDENCE_MIN_PASSES;
		if (used < sizeof(line))
			used += (size_t)snprintf(line + used, sizeof(line) - used,
						 env ? " %s envelope \u00b1%.2f%% (%zu passes)" :
						 " %s \u00b1%.2f%% (%zu passes)", name, ci.half_pct,
						 ci.n);
	}
	log_info("after %zu passes, ops/s %g%% confidence half-width:%s (target \u00b1%g%%)",
		 n, level, line, pct);
	return all && n >= CONFIDENCE_MIN_PASSES;
}

static json_t *confidence_json(const struct stats_ci *ci, const char *figure)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	json_object_set_new(o, "figure", json_string(figure));
	json_object_set_new(o, "passes", json_integer((json_int_t)ci->n));
	json_object_set_new(o, "level-percent", json_real(ci->level));
	json_object_set_new(o, "mean", json_real(ci->mean));
	json_object_set_new(o, "stddev", json_real(ci->sd));
	json_object_set_new(o, "min", json_real(ci->min));
	json_object_set_new(o, "max", json_real(ci->max));
	json_object_set_new(o, "t-quantile", json_real(ci->t));
	json_object_set_new(o, "low", json_real(ci->low));
	json_object_set_new(o, "high", json_real(ci->high));
	json_object_set_new(o, "half-width-percent",
			    isfinite(ci->half_pct) ? json_real(ci->half_pct) : json_null());
	return o;
}

/*
 * Entry e's "confidence-intervals": the interval of every figure of
 * --repeat's summary (series.h) under its key there ("ops_per_sec",
 * "cost.cpu-usec"), so each mean in the summary has its interval.
 */
static int confidence_figures(json_t *doc, double level)
{
	json_t *top = json_object_get(doc, "metrics"), *e;
	struct series_set set;
	char err[128];
	size_t i;
	int rc;

	rc = series_from_doc(doc, &set, err, sizeof(err));
	if (rc)
		return rc == -ENOMEM ? rc : 0;	/* no passes: nothing to add */
	json_array_foreach(top, i, e) {
		const char *name = json_string_value(json_object_get(e, "stressor"));
		size_t len = name ? strlen(name) : 0;
		json_t *map = name ? json_object() : NULL;

		for (size_t k = 0; map && k < set.n; k++) {
			const char *key = set.s[k].key;
			struct stats_ci ci;

			if (strncmp(key, name, len) || key[len] != '.' ||
			    stats_confidence(set.s[k].v, set.s[k].n, level, &ci))
				continue;
			if (json_object_set_new(map, key + len + 1,
						confidence_json(&ci, key + len + 1))) {
				json_decref(map);
				map = NULL;
			}
		}
		/* set_new takes map, even when it fails */
		if (name && (!map || json_object_set_new(e, "confidence-intervals", map))) {
			rc = -ENOMEM;
			break;
		}
	}
	series_free(&set);
	return rc;
}

int confidence_to_doc(json_t *doc, double level, double until_pct,
		      unsigned max_passes, bool reached)
{
	json_t *top = json_object_get(doc, "metrics"), *rep = json_object();
	size_t n;
	struct stats_ci ci;
	const char *name;

	confidence_runs(doc, &n);
	if (!rep)
		return -ENOMEM;
	for (size_t e = 0; n > 1 && e < json_array_size(top); e++)
		if (!confidence_entry(doc, e, level, &ci, &name) &&
		    json_object_set_new(json_array_get(top, e), "confidence",
					confidence_json(&ci, CONFIDENCE_FIGURE)))
			goto oom;
	if (n > 1 && confidence_figures(doc, level))
		goto oom;
	json_object_set_new(rep, "passes", json_integer((json_int_t)n));
	json_object_set_new(rep, "confidence-level-percent", json_real(level));
	if (until_pct > 0) {
		json_object_set_new(rep, "until-half-width-percent", json_real(until_pct));
		json_object_set_new(rep, "max-passes", json_integer(max_passes));
		json_object_set_new(rep, "reached", json_boolean(reached));
		/* why the passes stopped where they did */
		json_object_set_new(rep, "stopped", json_string(reached ? "target-reached" :
						n >= max_passes ? "max-passes" : "interrupted"));
	}
	/* before "runs", which stays last */
	json_incref(top = json_object_get(doc, "runs"));
	json_object_del(doc, "runs");
	if (json_object_set_new(doc, "repeat", rep)) {
		json_object_set_new(doc, "runs", top);
		return -ENOMEM;
	}
	return json_object_set_new(doc, "runs", top) ? -ENOMEM : 0;
oom:
	json_decref(rep);
	return -ENOMEM;
}
