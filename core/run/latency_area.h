/*
 * latency_area.h - --latency's histograms: SK_LATENCY_SERIES per instance
 * in one shared mapping beside the slots, made before fork by the latency
 * run mode (latency_mode.c), so instances record into it with plain
 * stores and the controller reads it after the reap without copying
 * per-op data.
 */
#ifndef STRESSKIT_LATENCY_AREA_H
#define STRESSKIT_LATENCY_AREA_H

#include "run.h"

/* --latency and its sampling and files: the latency mode's options. */
struct latency_opts {
	bool on;		/* --latency, or implied by the three others */
	uint64_t sample;	/* --latency-sample: time one op in this many */
	const char *csv, *plot;	/* --latency-csv, --latency-plot */
};

/* The plan's run's --latency options (NULL: the mode's table is absent). */
const struct latency_opts *latency_opts_of(const struct run_plan *plan);

/* Instance r's SK_LATENCY_SERIES histograms in res, valid until
 * run_result_free; NULL: the run timed nothing. */
const struct sk_latency *latency_of(const struct run_result *res,
				    const struct instance_result *r);

#endif
