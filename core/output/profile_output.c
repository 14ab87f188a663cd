/*
 * profile_output.c - --perf-profile in the output: each stressor's
 * profile as its "perf-profile" object in the results, and its top keys
 * under each pass's table (profile_brief.c).
 */
#include <errno.h>
#include <stdlib.h>

#include "mode_output.h"
#include "profile.h"
#include "profile_brief.h"

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
	return json_object_set(e, "perf-profile", of[i]) ? -ENOMEM : 0;
}

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
	.report = profile_output_report,
	.close = profile_output_close,
};
MODE_OUTPUT_REGISTER(profile_output);
