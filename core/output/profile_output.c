/*
 * profile_output.c - --perf-profile in the output: each stressor's
 * profile as its "perf-profile" object in the results, that object's
 * mean over the passes (each family as lkp averages a stat, a symbol a
 * pass lacks counting 0 there), and its top keys under each pass's table
 * (profile_brief.c).
 */
#include <errno.h>
#include <stdlib.h>

#include "json_finite.h"
#include "mode_output.h"
#include "profile.h"
#include "profile_brief.h"
#include "results.h"

/* Its object in a stressor's entry. */
#define PROFILE_OUTPUT_KEY "perf-profile"

/* The pass's profiles so far (each one referenced) and their stressors. */
struct profile_output {
	json_t **prof;
	const char **names;
	size_t n;
};

static int profile_output_run(void *state, const struct run_result *res, unsigned pass)
{
	struct profile_output *o = state;
	json_t *const *of = profile_of(res);
	size_t n = o->n + res->n;
	json_t **prof;
	const char **names;

	(void)pass;
	if (!of)
		return 0;
	prof = realloc(o->prof, (n + 1) * sizeof(*prof));
	if (prof)
		o->prof = prof;
	names = realloc(o->names, (n + 1) * sizeof(*names));
	if (names)
		o->names = names;
	if (!prof || !names)
		return -ENOMEM;
	for (size_t i = 0; i < res->n; i++) {
		prof[o->n + i] = json_incref(of[i]);
		names[o->n + i] = res->s[i].entry->stressor->name;
	}
	o->n = n;
	return 0;
}

static int profile_output_entry(json_t *e, const struct run_result *res, size_t i,
				const struct stressor_summary *s)
{
	json_t *const *of = profile_of(res);

	(void)s;
	if (!of || !of[i])
		return 0;
	return json_object_set(e, PROFILE_OUTPUT_KEY, of[i]) ? -ENOMEM : 0;
}

struct profile_weight {
	const char *key;
	double sum;
};

static int profile_weight_cmp(const void *x, const void *y)
{
	const struct profile_weight *a = x, *b = y;

	return (a->sum < b->sum) - (a->sum > b->sum);
}

/*
 * One profile family (calltrace, children, self) over n passes, as lkp
 * averages a stat: every key any pass has, a pass without it counting 0,
 * so a symbol seen in a later pass only is kept and none is averaged
 * over the passes that happen to have it. Heaviest first.
 */
static json_t *profile_output_family(json_t *const *fam, size_t n)
{
	json_t *sums = json_object(), *out = json_object(), *val;
	struct profile_weight *w = NULL;
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
		w[k++] = (struct profile_weight){ key, json_real_value(val) };
	qsort(w, k, sizeof(*w), profile_weight_cmp);
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

/*
 * --perf-profile over n passes (p[i] NULL where pass i has none): the
 * families by profile_output_family, the rest (event, samples) as any
 * other figure is averaged.
 */
static json_t *profile_output_mean(json_t *const *p, size_t n)
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
			m = empty ? profile_output_family(all, n) : NULL;
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
static void profile_output_clear(struct profile_output *o)
{
	for (size_t i = 0; i < o->n; i++)
		json_decref(o->prof[i]);
	o->n = 0;
}

static void profile_output_report(void *state, const struct plan *p)
{
	struct profile_output *o = state;

	(void)p;
	for (size_t i = 0; i < o->n; i++)
		if (o->prof[i])
			profile_brief_print(o->names[i], o->prof[i]);
	profile_output_clear(o);
}

static int profile_output_close(void *state, bool write)
{
	struct profile_output *o = state;

	(void)write;
	profile_output_clear(o);
	free(o->prof);
	free(o->names);
	return 0;
}

static const struct mode_output profile_output = {
	.mode = "perf-profile",
	.size = sizeof(struct profile_output),
	.run = profile_output_run,
	.entry = profile_output_entry,
	.entry_key = PROFILE_OUTPUT_KEY,
	.mean = profile_output_mean,
	.report = profile_output_report,
	.close = profile_output_close,
};
MODE_OUTPUT_REGISTER(profile_output);
