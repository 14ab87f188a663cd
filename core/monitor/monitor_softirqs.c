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
	char line[MONITOR_LINE], *w[MONITOR_WORDS];
	int ncpu, lines = 0;

	if (!fgets(line, sizeof(line), f))
		return -EINVAL;
	ncpu = monitor_cpus(line);
	while (fgets(line, sizeof(line), f)) {
		int nw = monitor_words(line, w);

		if (nw < 1 || w[0][strlen(w[0]) - 1] != ':')
			continue;
		w[0][strlen(w[0]) - 1] = '\0';
		monitor_put_cpus(s, w[0], w + 1, nw - 1, ncpu);
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
