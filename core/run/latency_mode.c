/*
 * latency_mode.c - --latency as a run mode: before the fork, the mapping
 * that holds the histograms. It is MAP_SHARED and anonymous, so an
 * instance's helper process (the pipe's reader) records into it too;
 * MAP_NORESERVE because a histogram is 224 KiB of which a run touches a
 * few pages. Each instance is handed its histograms (by its slot) before
 * its run(). The result keeps the mapping as the mode's figures, which
 * the summaries read after the run (latency_of); scheduler_result_free
 * unmaps it (latency_area_free). Where the timing starts (window_from) is
 * the measured window's (window.c).
 */
#include "latency_area.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "log.h"
#include "run_state.h"

/*
 * One op in this many is timed by default: --latency then costs a small
 * share of ops/s and still times thousands of ops a second per instance
 * (why a timed op costs what it does: docs/benchmarks.md).
 */
#define LATENCY_SAMPLE_DEFAULT		64
#define LATENCY_SAMPLE_DEFAULT_STR	"64"
#define LATENCY_SAMPLE_MAX		1000000

static const struct run_mode latency_mode;

const struct latency_opts *latency_opts_of(const struct run_plan *plan)
{
	return run_mode_opts(plan, &latency_mode);
}

/* Ops timed one in this many; 0: --latency is off. */
static uint32_t latency_sample(const struct run_plan *plan)
{
	const struct latency_opts *o = latency_opts_of(plan);

	return o && o->on ? (uint32_t)o->sample : 0;
}

/* The mapping, held in the run result as the mode's figures. */
struct latency_area {
	struct sk_latency *h;
	size_t len;
};

static int latency_area_map(void **out, size_t n_slots)
{
	size_t len = (n_slots ? n_slots : 1) * SK_LATENCY_SERIES *
		     sizeof(struct sk_latency);
	struct latency_area *a = malloc(sizeof(*a));
	struct sk_latency *h;

	if (!a)
		return -ENOMEM;
	h = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (h == MAP_FAILED) {
		free(a);
		return -ENOMEM;
	}
	*a = (struct latency_area){ h, len };
	*out = a;
	/* the counters are zero already: only the header is written */
	for (size_t i = 0; i < n_slots * SK_LATENCY_SERIES; i++)
		h[i].min = UINT64_MAX;
	return 0;
}

const struct sk_latency *latency_of(const struct run_result *res,
				    const struct instance_result *r)
{
	const struct latency_area *a = run_mode_figures(res, &latency_mode);

	return a ? &a->h[r->slot * SK_LATENCY_SERIES] : NULL;
}

/* In the instance: its histograms in the mapping, and the sampling. */
static void latency_mode_instance(const struct run_state *st, struct instance *in,
				  size_t slot)
{
	const struct latency_area *a = run_mode_figures(st->res, &latency_mode);

	if (!a)
		return;
	in->timing = &a->h[slot * SK_LATENCY_SERIES];
	in->time_every = latency_sample(st->plan);
}

/* The histograms latency_of gave die with it. */
static void latency_area_free(void *out)
{
	struct latency_area *a = out;

	munmap(a->h, a->len);
	free(a);
}

static bool latency_mode_on(const struct run_plan *plan)
{
	return latency_sample(plan) > 0;
}

/* Without the histograms nothing can be timed: the run does not start. */
static void latency_mode_map(struct run_state *st)
{
	int err = latency_area_map(run_mode_out(st->res, &latency_mode), st->n_slots);

	if (err) {
		log_fail("--latency: cannot map the histograms: %s", strerror(-err));
		st->failed = SK_NO_RESOURCE;
	}
}

/* --latency-sample, --latency-csv and --latency-plot imply --latency (the
 * files' directories were checked when parsed: OPT_OUT_FILE). */
static int latency_mode_check(void *opts, const struct run_mode_given *given,
			      char *err, size_t errlen)
{
	struct latency_opts *o = opts;

	(void)err;
	(void)errlen;
	if ((given->rows & 2) || o->csv || o->plot)
		o->on = true;
	return 0;
}

static json_t *latency_string_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* The sampling is recorded only for a run that times ops. */
static void latency_mode_record(json_t *c, const void *opts)
{
	const struct latency_opts *o = opts;

	json_object_set_new(c, "latency", json_boolean(o->on));
	json_object_set_new(c, "latency-sample", o->on ?
			    json_integer((json_int_t)o->sample) : json_null());
	json_object_set_new(c, "latency-csv", latency_string_or_null(o->csv));
	json_object_set_new(c, "latency-plot", latency_string_or_null(o->plot));
}

/* Row 1 (--latency-sample) given is what latency_mode_check reads. */
static const struct run_mode_opt latency_opts[] = {
	/* --latency reads the clock around every Nth op: a dearer op */
	{ .weight = WEIGHT_REFUSE, .opt = {
		.name = "latency", .type = OPT_BOOL, .offset = offsetof(struct latency_opts, on),
		.help = "time bogo-ops (not --warmup's) into a latency histogram per stressor and report its percentiles" } },
	{ .metavar = "N", .weight = WEIGHT_IF_BOTH, .when = "latency", .opt = {
		.name = "latency-sample", .type = OPT_COUNT,
		.offset = offsetof(struct latency_opts, sample),
		.min = 1, .max = LATENCY_SAMPLE_MAX, .def = LATENCY_SAMPLE_DEFAULT,
		.expect = "a whole number of ops from 1 to 1000000",
		.help = "with --latency, time one bogo-op in N (default " LATENCY_SAMPLE_DEFAULT_STR "; 1: every op)" } },
	{ .metavar = "FILE", .weight = WEIGHT_IGNORE, .opt = {
		.name = "latency-csv", .type = OPT_STRING, .offset = offsetof(struct latency_opts, csv),
		.flags = OPT_OUT_FILE,
		.help = "write each stressor's latency percentile ladder to FILE as CSV (implies --latency)" } },
	{ .metavar = "FILE", .weight = WEIGHT_IGNORE, .opt = {
		.name = "latency-plot", .type = OPT_STRING, .offset = offsetof(struct latency_opts, plot),
		.flags = OPT_OUT_FILE,
		.help = "plot the latency percentile distributions to FILE as SVG (implies --latency)" } },
	{ .opt = OPT_TABLE_END },
};

static const struct run_mode latency_mode = {
	.name = "latency",
	.rank = 5,
	.on = latency_mode_on,
	.at = { [RUN_BEFORE_FORK] = latency_mode_map },
	.instance_begin = latency_mode_instance,
	.helpers_record = true,
	.opts = latency_opts,
	.opts_size = sizeof(struct latency_opts),
	.help_after = "steady-state-window",
	.check = latency_mode_check,
	.record = latency_mode_record,
	.out_free = latency_area_free,
	/* each series' figures (output/latency_report.c): its percentiles
	 * are the entry's extra metrics already; its mean and count are not */
	.series_object = "latency",
	.figures = (const struct run_mode_figure[]){
		{ "mean-usecs", -1 },
		{ NULL, 0 },
	},
};
RUN_MODE_REGISTER(latency_mode);
