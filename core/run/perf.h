/*
 * perf.h - --perf: per-stressor counters through perf_event_open(2),
 * named as perf-stat names them. The controller opens each counter on each
 * instance's pid (inherit=1, so an instance's own children count too)
 * before the start barrier, enables them as the barrier opens, and reads
 * them once every instance has been reaped. The perf run mode owns each
 * run's counters and leaves their sums in the run's result (perf_of);
 * the results print them under the table (perf_report).
 */
#ifndef STRESSKIT_PERF_H
#define STRESSKIT_PERF_H

#include <stdbool.h>
#include <stddef.h>

#include "run.h"

enum perf_counter {
	PERF_TASK_CLOCK,	/* msec, as perf-stat shows it */
	PERF_CONTEXT_SWITCHES,
	PERF_CPU_MIGRATIONS,
	PERF_PAGE_FAULTS,
	PERF_FIRST_HW,
	PERF_INSTRUCTIONS = PERF_FIRST_HW,
	PERF_CYCLES,
	PERF_BRANCH_MISSES,
	PERF_CACHE_MISSES,
	PERF_DTLB_LOAD_MISSES,
	/* the denominators of LKP's miss rates (perf_stat_keys.h) */
	PERF_BRANCH_INSTRUCTIONS,
	PERF_CACHE_REFERENCES,
	PERF_DTLB_LOADS,
	PERF_N_COUNTERS,
};

/* One stressor's counters, summed over its instances. */
struct perf_counts {
	bool user_only;		/* exclude_kernel: user space only (perf_mode.c) */
	bool have[PERF_N_COUNTERS];
	double value[PERF_N_COUNTERS];
	bool have_ipc;
	double ipc;		/* instructions / cycles */
};

/* What the machine lets a run count, probed by opening each counter on
 * ourselves: the report says what was left out. */
struct perf_caps {
	bool usable[PERF_N_COUNTERS];
	bool user_only;		/* every counter opened with exclude_kernel */
	long long paranoid;	/* kernel.perf_event_paranoid when user_only;
				 * -2: unknown */
	char sw_why[128], hw_why[128];	/* why none can be used; "" */
};

/* One run's figures, which the perf mode leaves in the run's result. */
struct perf_run {
	struct perf_caps caps;
	size_t n;			/* the result's stressors */
	struct perf_counts counts[];	/* [n]: res->s[i]'s */
};

/* perf-stat's name: "task-clock", "context-switches", "dTLB-load-misses". */
const char *perf_counter_name(enum perf_counter c);

/* What perf-stat appends to a user-space-only count's name: ":u", or "". */
const char *perf_scope_suffix(bool user_only);

/* Whether the plan's run asked for --perf (the perf mode's option). */
bool perf_asked(const struct run_plan *plan);

/* The run's counters, as its perf mode left them; NULL: no --perf. */
const struct perf_run *perf_of(const struct run_result *res);

/* Software counters unusable (no perf_event_open, no permission): why, or NULL. */
const char *perf_sw_unavailable(const struct perf_caps *c);
/* Hardware counters unusable on this machine: why, or NULL. */
const char *perf_hw_unavailable(const struct perf_caps *c);

/* The lines under the table: counts[i] belongs to stressor names[i]. */
void perf_report(const struct perf_caps *caps, const char *const *names,
		 const struct perf_counts *counts, size_t n);

#endif
