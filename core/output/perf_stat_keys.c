/*
 * perf_stat_keys.c - LKP's perf-stat.i/ps/overall keys from --perf's
 * totals (perf_stat_keys.h); user-space-only totals' keys end in ":u",
 * as their counters' names do (perf_mode.c).
 */
#include "perf_stat_keys.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static int perf_stat_set(json_t *o, const char *key, double v)
{
	if (!isfinite(v))
		return 0;
	return json_object_set_new(o, key, json_real(v)) ? -ENOMEM : 0;
}

/*
 * scale * num / den as "overall.NAME" and "i.NAME" (LKP prints both).
 * with_num: den counts the hits only (dTLB-loads), so the misses are
 * added to it, as LKP does when the counter is named "STEMs".
 */
static int perf_stat_ratio(json_t *o, const struct perf_counts *pc, const char *name,
			   enum perf_counter num, enum perf_counter den, double scale,
			   bool with_num)
{
	char key[64];
	double v, d;
	int rc;

	if (!pc->have[num] || !pc->have[den])
		return 0;
	d = pc->value[den] + (with_num ? pc->value[num] : 0);
	if (!(d > 0))
		return 0;
	v = scale * pc->value[num] / d;
	snprintf(key, sizeof(key), "overall.%s%s", name, perf_scope_suffix(pc->user_only));
	rc = perf_stat_set(o, key, v);
	snprintf(key, sizeof(key), "i.%s%s", name, perf_scope_suffix(pc->user_only));
	return rc ? rc : perf_stat_set(o, key, v);
}

int perf_stat_lkp_keys(json_t *o, const struct perf_counts *pc, double seconds)
{
	int rc = 0;

	for (int c = 0; c < PERF_N_COUNTERS && !rc && seconds > 0; c++) {
		const char *name = c == PERF_CYCLES ? "cpu-cycles" : perf_counter_name(c);
		char key[64];

		if (!pc->have[c])
			continue;
		snprintf(key, sizeof(key), "ps.%s%s", name, perf_scope_suffix(pc->user_only));
		rc = perf_stat_set(o, key, pc->value[c] / seconds);
		snprintf(key, sizeof(key), "i.%s%s", name, perf_scope_suffix(pc->user_only));
		rc = rc ? rc : perf_stat_set(o, key, pc->value[c] / seconds);
	}
	rc = rc ? rc : perf_stat_ratio(o, pc, "ipc", PERF_INSTRUCTIONS, PERF_CYCLES, 1, false);
	rc = rc ? rc : perf_stat_ratio(o, pc, "cpi", PERF_CYCLES, PERF_INSTRUCTIONS, 1, false);
	rc = rc ? rc : perf_stat_ratio(o, pc, "branch-miss-rate%", PERF_BRANCH_MISSES,
				       PERF_BRANCH_INSTRUCTIONS, 100, false);
	rc = rc ? rc : perf_stat_ratio(o, pc, "cache-miss-rate%", PERF_CACHE_MISSES,
				       PERF_CACHE_REFERENCES, 100, false);
	rc = rc ? rc : perf_stat_ratio(o, pc, "dTLB-load-miss-rate%", PERF_DTLB_LOAD_MISSES,
				       PERF_DTLB_LOADS, 100, true);
	return rc;
}
