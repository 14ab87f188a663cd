/*
 * monitor_meminfo.c - meminfo: every line of /proc/meminfo as a level,
 * "meminfo.Shmem" (kB, the samples' mean), and what lkp-tests' parser
 * adds: Memused (MemTotal - MemFree) and its largest sample, max_used_kB.
 */
#include "monitor.h"

#include <string.h>

static int meminfo_read(FILE *f, struct monitor_sample *s)
{
	char line[256], *key;
	double v, total = -1;
	int n = 0;

	while (fgets(line, sizeof(line), f)) {
		if (!monitor_key_value(line, &key, &v))
			continue;
		monitor_put(s, key, v, MONITOR_MEAN);
		n++;
		if (!strcmp(key, "MemTotal"))
			total = v;
		else if (!strcmp(key, "MemFree") && total >= 0) {
			monitor_put(s, "Memused", total - v, MONITOR_MEAN);
			monitor_put(s, "max_used_kB", total - v, MONITOR_MAX);
		}
	}
	return n ? 0 : -EINVAL;
}

static const struct monitor meminfo_monitor = {
	.name = "meminfo",
	.path = "/proc/meminfo",
	.read = meminfo_read,
};
MONITOR_REGISTER(meminfo_monitor);
