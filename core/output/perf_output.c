/*
 * perf_output.c - --perf's counters in the output: each stressor's
 * "perf" object in the results (perf-stat's names, and LKP's by
 * perf_stat_keys.c), and the lines under each pass's table (perf_report)
 * with what the machine let them count.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "json_finite.h"
#include "mode_output.h"
#include "perf.h"
#include "perf_stat_keys.h"

/* The pass's counters so far, for the lines under its table. */
struct perf_output {
	struct perf_caps caps;
	const char **names;
	struct perf_counts *counts;
	size_t n;
};

static int perf_output_run(void *state, const struct run_result *res, unsigned pass)
{
	struct perf_output *o = state;
	const struct perf_run *pr = perf_of(res);
	size_t n = o->n + res->n;
	const char **names;
	struct perf_counts *counts;

	(void)pass;
	if (!pr)
		return 0;
	names = realloc(o->names, (n + 1) * sizeof(*names));
	if (names)
		o->names = names;
	counts = realloc(o->counts, (n + 1) * sizeof(*counts));
	if (counts)
		o->counts = counts;
	if (!names || !counts)
		return -ENOMEM;
	memcpy(counts + o->n, pr->counts, res->n * sizeof(*counts));
	for (size_t i = 0; i < res->n; i++)
		names[o->n + i] = res->s[i].entry->stressor->name;
	o->caps = pr->caps;
	o->n = n;
	return 0;
}

/* Stressor i's cycles and instructions, for the cost of a bogo-op. A
 * bogo-op's cost is its kernel work too: user-space-only counts would
 * understate it, under the same key as full ones, so they give none. */
static bool perf_output_counted(const struct run_result *res, size_t i,
				struct cost_counted *c)
{
	const struct perf_run *pr = perf_of(res);
	const struct perf_counts *pc = pr ? &pr->counts[i] : NULL;

	if (!pc || pc->user_only)
		return false;
	*c = (struct cost_counted){
		.have_cycles = pc->have[PERF_CYCLES],
		.have_insns = pc->have[PERF_INSTRUCTIONS],
		.have_ipc = pc->have_ipc,
		.cycles = pc->value[PERF_CYCLES],
		.insns = pc->value[PERF_INSTRUCTIONS],
		.ipc = pc->ipc,
	};
	return true;
}

/* perf-stat's names; a user-space-only count's with perf-stat's ":u". */
static json_t *perf_output_json(const struct perf_counts *pc, double seconds)
{
	const char *u = perf_scope_suffix(pc->user_only);
	json_t *o = json_object();
	char key[64];

	if (!o)
		return NULL;
	for (int c = 0; c < PERF_N_COUNTERS; c++) {
		double v = pc->value[c];

		if (!pc->have[c])
			continue;
		snprintf(key, sizeof(key), "%s%s", perf_counter_name(c), u);
		/* Counts stay integers unless multiplexing scaled them. */
		if (c != PERF_TASK_CLOCK && v == floor(v) && v < 9e15)
			json_object_set_new(o, key, json_integer((json_int_t)v));
		else
			json_object_set_new(o, key, json_finite(v));
	}
	snprintf(key, sizeof(key), "insn-per-cycle%s", u);
	if (pc->have_ipc)
		json_object_set_new(o, key, json_finite(pc->ipc));
	if (perf_stat_lkp_keys(o, pc, seconds)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static int perf_output_entry(json_t *e, const struct run_result *res, size_t i,
			     const struct stressor_summary *s)
{
	const struct perf_run *pr = perf_of(res);
	json_t *o;

	if (!pr)
		return 0;
	o = perf_output_json(&pr->counts[i], s->real_time);
	return o && !json_object_set_new(e, "perf", o) ? 0 : -ENOMEM;
}

static void perf_output_report(void *state, const struct plan *p)
{
	struct perf_output *o = state;

	(void)p;
	if (o->n)
		perf_report(&o->caps, o->names, o->counts, o->n);
	o->n = 0;
}

static int perf_output_close(void *state, bool write)
{
	struct perf_output *o = state;

	(void)write;
	free(o->names);
	free(o->counts);
	return 0;
}

static const struct mode_output perf_output = {
	.mode = "perf",
	.size = sizeof(struct perf_output),
	.run = perf_output_run,
	.entry = perf_output_entry,
	.counted = perf_output_counted,
	.report = perf_output_report,
	.close = perf_output_close,
};
MODE_OUTPUT_REGISTER(perf_output);
