/*
 * lkp_keys.c - compare's row keys in the robot's names (see lkp_keys.h).
 * A run's LKP stats put the test's name in front of its parser's keys,
 * which for stresskit are stress-ng's (its parse is stress-ng's).
 */
#include "lkp_keys.h"

#include <stdio.h>
#include <string.h>

/* times.* (stress-ng's --times) as LKP's time monitor names them */
static const struct {
	const char *ours, *lkp;
} lkp_times[] = {
	{ "times.run-time", "time.elapsed_time" },
	{ "times.user-time", "time.user_time" },
	{ "times.system-time", "time.system_time" },
	{ "times.total-time-percent", "time.percent_of_cpu_this_job_got" },
};

void lkp_key(const char *key, char *out, size_t len)
{
	const char *p;

	for (size_t i = 0; i < sizeof(lkp_times) / sizeof(*lkp_times); i++)
		if (!strcmp(key, lkp_times[i].ours)) {
			snprintf(out, len, "stress-ng.%s", lkp_times[i].lkp);
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
