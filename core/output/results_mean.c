/*
 * results_mean.c - the top of the results document: each figure's mean
 * over the --repeat passes, in stress-ng's layout (metrics, times, then
 * runs). Numbers are averaged, objects recursively; a status is the last
 * failure, not a mean; a --perf-profile family is averaged as lkp
 * averages a stat, a symbol a pass lacks counting 0 there.
 */
#include "results.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "json_finite.h"

static json_t *results_last_failure(json_t *const *v, size_t n)
{
	json_int_t status = 0;

	for (size_t i = 0; i < n; i++)
		if (json_integer_value(v[i]))
			status = json_integer_value(v[i]);
	return json_integer(status);
}

struct results_weight {
	const char *key;
	double sum;
};

static int results_weight_cmp(const void *x, const void *y)
{
	const struct results_weight *a = x, *b = y;

	return (a->sum < b->sum) - (a->sum > b->sum);
}

/*
 * One profile family (calltrace, children, self) over n passes, as lkp
 * averages a stat: every key any pass has, a pass without it counting 0,
 * so a symbol seen in a later pass only is kept and none is averaged
 * over the passes that happen to have it. Heaviest first.
 */
static json_t *results_profile_family(json_t *const *fam, size_t n)
{
	json_t *sums = json_object(), *out = json_object(), *val;
	struct results_weight *w = NULL;
	const char *key;
	size_t k = 0;

	if (!sums || !out)
		goto fail;
	for (size_t i = 0; i < n; i++)
		json_object_foreach(fam[i], key, val) {
			json_t *s = json_object_get(sums, key);
			double x = json_number_value(val);

			if (s)
				json_real_set(s, json_real_value(s) + x);
			else if (json_object_set_new(sums, key, json_real(x)))
				goto fail;
		}
	w = calloc(json_object_size(sums) + 1, sizeof(*w));
	if (!w)
		goto fail;
	json_object_foreach(sums, key, val)
		w[k++] = (struct results_weight){ key, json_real_value(val) };
	qsort(w, k, sizeof(*w), results_weight_cmp);
	for (size_t i = 0; i < k; i++)
		if (json_object_set_new(out, w[i].key, json_finite(w[i].sum / (double)n)))
			goto fail;
	free(w);
	json_decref(sums);
	return out;
fail:
	free(w);
	json_decref(sums);
	json_decref(out);
	return NULL;
}

static json_t *results_mean(json_t *const *v, size_t n);

/*
 * --perf-profile over n passes (p[i] NULL where pass i has none): the
 * families by results_profile_family, the rest (event, samples) as any
 * other figure is averaged.
 */
static json_t *results_profile_mean(json_t *const *p, size_t n)
{
	static const char *const families[] = { "calltrace", "children", "self" };
	json_t *have[n], *out;
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (p[i])
			have[k++] = p[i];
	if (!k)
		return NULL;
	out = results_mean(have, k);
	for (size_t f = 0; out && f < sizeof(families) / sizeof(*families); f++) {
		json_t *fam[n];

		for (size_t i = 0; i < n; i++) {
			fam[i] = p[i] ? json_object_get(p[i], families[f]) : NULL;
			/* absent in a pass: an empty family, every key 0 there */
			fam[i] = json_is_object(fam[i]) ? fam[i] : NULL;
		}
		{
			json_t *empty = json_object(), *all[n], *m;

			for (size_t i = 0; i < n; i++)
				all[i] = fam[i] ? fam[i] : empty;
			m = empty ? results_profile_family(all, n) : NULL;
			json_decref(empty);
			if (!m || json_object_set_new(out, families[f], m)) {
				json_decref(out);
				return NULL;
			}
		}
	}
	return out;
}

/*
 * The mean over runs of one value found at the same place in each run:
 * numbers averaged, objects recursively, strings and booleans from the
 * first run, arrays (per-instance lists) left to the runs themselves.
 */
static json_t *results_mean(json_t *const *v, size_t n)
{
	json_t *out;
	const char *key;
	json_t *val;

	if (json_is_number(v[0])) {
		double sum = 0;
		size_t k = 0;
		bool same = true;

		/* The same in every run (instances, a status): kept as it is. */
		for (size_t i = 1; i < n; i++)
			same &= json_equal(v[0], v[i]);
		if (same)
			return json_deep_copy(v[0]);

		for (size_t i = 0; i < n; i++)
			if (json_is_number(v[i])) {
				sum += json_number_value(v[i]);
				k++;
			}
		return json_finite(sum / (double)k);
	}
	if (!json_is_object(v[0]))
		return json_is_array(v[0]) ? NULL : json_deep_copy(v[0]);
	out = json_object();
	json_object_foreach(v[0], key, val) {
		json_t *at[n];
		size_t k = 0;

		for (size_t i = 0; i < n; i++) {
			json_t *x = json_object_get(v[i], key);

			if (x)
				at[k++] = x;
		}
		if (!strcmp(key, "status"))	/* an exit code: the last failure, not a mean */
			json_object_set_new(out, key, results_last_failure(at, k));
		else if (!strcmp(key, "perf-profile")) {
			json_t *all[n];

			for (size_t i = 0; i < n; i++)
				all[i] = json_object_get(v[i], key);
			json_object_set_new(out, key, results_profile_mean(all, n));
		} else
			json_object_set_new(out, key, results_mean(at, k));
	}
	return out;
}

int results_finish(json_t *doc)
{
	json_t *runs = json_object_get(doc, "runs");
	size_t n = json_array_size(runs), n_entries;
	json_t *metrics = json_array(), *times, *first;

	if (!n || !metrics) {
		json_decref(metrics);
		return n ? -ENOMEM : 0;
	}
	first = json_array_get(runs, 0);
	/* Every run ran the same plan, so the i-th entry is the same stressor. */
	n_entries = json_array_size(json_object_get(first, "metrics"));
	for (size_t e = 0; n > 1 && e < n_entries; e++) {
		json_t *at[n], *m;

		for (size_t i = 0; i < n; i++)
			at[i] = json_array_get(json_object_get(json_array_get(runs, i),
							       "metrics"), e);
		m = results_mean(at, n);
		if (m) {
			json_object_set_new(m, "runs", json_integer((json_int_t)n));
			json_array_append_new(metrics, m);
		}
	}
	if (n == 1) {
		json_decref(metrics);
		metrics = json_deep_copy(json_object_get(first, "metrics"));
		times = json_deep_copy(json_object_get(first, "times"));
	} else {
		json_t *at[n];

		for (size_t i = 0; i < n; i++)
			at[i] = json_object_get(json_array_get(runs, i), "times");
		times = at[0] ? results_mean(at, n) : NULL;
	}
	/* Insert metrics and times before runs, stress-ng's order. */
	json_incref(runs);
	json_object_del(doc, "runs");
	json_object_set_new(doc, "metrics", metrics);
	json_object_set_new(doc, "times", times);
	json_object_set_new(doc, "runs", runs);
	return 0;
}
