/*
 * results_mean.c - the top of the results document: each figure's mean
 * over the --repeat passes, in stress-ng's layout (metrics, times, then
 * runs). Numbers are averaged, objects recursively; a status is the last
 * failure, not a mean; a mode's object with a mean of its own
 * (mode_output.h) is made by it.
 */
#include "results.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "json_finite.h"
#include "mode_output.h"

static json_t *results_last_failure(json_t *const *v, size_t n)
{
	json_int_t status = 0;

	for (size_t i = 0; i < n; i++)
		if (json_integer_value(v[i]))
			status = json_integer_value(v[i]);
	return json_integer(status);
}

json_t *results_mean(json_t *const *v, size_t n)
{
	const struct mode_output *mo;
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
		else if ((mo = mode_output_mean_of(key))) {
			json_t *all[n];

			for (size_t i = 0; i < n; i++)
				all[i] = json_object_get(v[i], key);
			json_object_set_new(out, key, mo->mean(all, n));
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
