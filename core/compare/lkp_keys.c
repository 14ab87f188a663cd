/*
 * lkp_keys.c - compare's row keys in the robot's names (see lkp_keys.h).
 * A run's LKP stats put the test's name in front of its parser's keys,
 * which for stresskit are stress-ng's (its parse is stress-ng's).
 */
#include "lkp_keys.h"

#include <stdio.h>
#include <string.h>

#include "run_mode.h"

/* times.* (stress-ng's --times) as LKP's time monitor names them */
static const struct {
	const char *ours, *lkp;
} lkp_times[] = {
	{ "times.run-time", "time.elapsed_time" },
	{ "times.user-time", "time.user_time" },
	{ "times.system-time", "time.system_time" },
	{ "times.total-time-percent", "time.percent_of_cpu_this_job_got" },
};

size_t lkp_mode_section(const char *key, const char **rest)
{
	for (size_t i = 0; i < run_modes_count(); i++) {
		const char *rk = run_modes_at(i)->results_key;
		size_t n = rk ? strlen(rk) : 0;

		if (n && !strncmp(key, rk, n) && key[n] == '.') {
			if (rest)
				*rest = key + n + 1;
			return i + 1;
		}
	}
	return 0;
}

void lkp_key(const char *key, char *out, size_t len)
{
	const char *p;

	for (size_t i = 0; i < sizeof(lkp_times) / sizeof(*lkp_times); i++)
		if (!strcmp(key, lkp_times[i].ours)) {
			snprintf(out, len, "stress-ng.%s", lkp_times[i].lkp);
			return;
		}
	/* a run mode's machine-wide figures are named as lkp's monitors name
	 * them: monitor.proc-vmstat.pgfault is proc-vmstat.pgfault */
	if (lkp_mode_section(key, &p)) {
		snprintf(out, len, "%s", p);
		return;
	}
	if ((p = strstr(key, ".perf-profile."))) {
		snprintf(out, len, "%s", p + 1);
		return;
	}
	if ((p = strstr(key, ".perf-stat."))) {
		snprintf(out, len, "perf-stat.%.*s%s", (int)(p - key), key, p + 10);
		return;
	}
	snprintf(out, len, "stress-ng.%s", key);
}
