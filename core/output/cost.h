/*
 * cost.h - what one bogo-op costs: CPU microseconds (user + system),
 * voluntary and involuntary context switches (rusage), and with --perf
 * cycles, instructions and IPC per bogo-op where the PMU exposes them.
 * Under --metrics as miscellaneous metrics, in the results document as
 * each stressor's "cost-per-op" (which compare reads, lower is better).
 */
#ifndef STRESSKIT_COST_H
#define STRESSKIT_COST_H

#include <jansson.h>
#include <stdbool.h>

#include "metrics.h"
#include "run.h"

/* What a counter saw of one stressor over its run, which the cost of a
 * bogo-op divides by its ops; a mode's output gives it (mode_output.h's
 * counted: --perf's), the cost names no mode. */
struct cost_counted {
	bool have_cycles, have_insns, have_ipc;
	double cycles, insns, ipc;
};

struct cost {
	const char *name;
	bool have;		/* some bogo-ops were counted */
	double cpu_usec;	/* (usr + sys) µs per bogo-op */
	double vcsw, ivcsw;	/* context switches per bogo-op */
	bool have_cycles, have_insns;
	double cycles, insns, ipc;
};

/* cc may be NULL (nothing counted). */
void cost_compute(const struct stressor_result *sr,
		  const struct stressor_summary *sum,
		  const struct cost_counted *cc, struct cost *out);

/* cost_compute of stressor i of res, with what the first mode output
 * that counted it gave (mode_output.counted), if any. */
void cost_of_run(const struct run_result *res, size_t i,
		 const struct stressor_summary *sum, struct cost *out);

json_t *cost_to_json(const struct cost *c);

/* The --metrics lines of one stressor. */
void cost_report(const struct cost *c);

#endif
