/*
 * perf_stat_keys.h - --perf's counters under the names LKP's perf-stat
 * gives them, beside perf-stat's own (which the software counters keep):
 *
 *   ps.EVENT      the count per second of the stressor's run time;
 *   i.EVENT       the mean over LKP's 1 s intervals of the count per
 *                 second; the counters are read once, so the run is the
 *                 one interval and i.EVENT equals ps.EVENT;
 *   overall.*     ratios of the totals: ipc, cpi, branch-miss-rate%,
 *                 cache-miss-rate%, dTLB-load-miss-rate% (each only
 *                 where both of its counters exist on the machine).
 *
 * LKP's event names: "cpu-cycles" for cycles, the rest as perf-stat's.
 */
#ifndef STRESSKIT_PERF_STAT_KEYS_H
#define STRESSKIT_PERF_STAT_KEYS_H

#include <jansson.h>

#include "perf.h"

/* Adds the keys to o (the entry's "perf" object); 0 or -ENOMEM. */
int perf_stat_lkp_keys(json_t *o, const struct perf_counts *pc, double seconds);

#endif
