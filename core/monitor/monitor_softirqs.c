/*
 * monitor_softirqs.c - softirqs: each line of /proc/softirqs, the
 * window's delta summed over the CPUs (softirqs.NET_RX) and per CPU
 * (softirqs.CPU0.NET_RX), keyed as lkp-tests' parser keys them. lkp's
 * matrix averages these counts since boot (its event-counter list names
 * "softirq."); a delta is what two runs can be compared by.
 */
#include "monitor.h"

#include <stdlib.h>
#include <string.h>

static int softirqs_read(FILE *f, struct monitor_sample *s)
{
	char line[16384], name[160];
	int ncpu = 0, lines = 0;

	if (!fgets(line, sizeof(line), f))
		return -EINVAL;
	for (char *t = strtok(line, " \t\n"); t; t = strtok(NULL, " \t\n"))
		ncpu += !strncmp(t, "CPU", 3);
	while (fgets(line, sizeof(line), f)) {
		char *key = strtok(line, " \t\n"), *t;
		double sum = 0;

		if (!key || key[strlen(key) - 1] != ':')
			continue;
		key[strlen(key) - 1] = '\0';
		for (int c = 0; c < ncpu && (t = strtok(NULL, " \t\n")); c++) {
			double v = strtod(t, NULL);

			snprintf(name, sizeof(name), "CPU%d.%s", c, key);
			monitor_put(s, name, v, MONITOR_DELTA);
			sum += v;
		}
		monitor_put(s, key, sum, MONITOR_DELTA);
		lines++;
	}
	return ncpu && lines ? 0 : -EINVAL;
}

static const struct monitor softirqs_monitor = {
	.name = "softirqs",
	.path = "/proc/softirqs",
	.read = softirqs_read,
};
MONITOR_REGISTER(softirqs_monitor);
