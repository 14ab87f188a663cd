/*
 * monitor_proc_vmstat.c - proc-vmstat: every line of /proc/vmstat,
 * "proc-vmstat.NAME". The event counters lkp-tests lists (pgfault, the
 * pg*, numa_*, compact_* ... of its etc/event-counter-prefixes) are the
 * window's delta; the rest (nr_free_pages ...) levels, the samples' mean.
 */
#include "monitor.h"

#include <string.h>

static const char *const proc_vmstat_events[] = {
	"allocstall", "compact_", "htlb_buddy_alloc_", "kswapd_", "nr_dirtied",
	"nr_promoted", "nr_promote_fail", "nr_promote_isolate_fail",
	"nr_promote_ratelimit", "nr_vmscan_immediate_reclaim", "nr_written",
	"numa_", "pageoutrun", "pg", "pswp", "slabs_scanned", "thp_",
	"unevictable_pgs_", "zone_reclaim_failed",
};

static enum monitor_kind proc_vmstat_kind(const char *name)
{
	for (size_t i = 0; i < sizeof(proc_vmstat_events) / sizeof(*proc_vmstat_events); i++)
		if (!strncmp(name, proc_vmstat_events[i], strlen(proc_vmstat_events[i])))
			return MONITOR_DELTA;
	return MONITOR_MEAN;
}

static int proc_vmstat_read(FILE *f, struct monitor_sample *s)
{
	char name[128];
	double v;
	int n = 0;

	while (fscanf(f, "%127s %lf", name, &v) == 2) {
		monitor_put(s, name, v, proc_vmstat_kind(name));
		n++;
	}
	return n ? 0 : -EINVAL;
}

static const struct monitor proc_vmstat_monitor = {
	.name = "proc-vmstat",
	.path = "/proc/vmstat",
	.read = proc_vmstat_read,
};
MONITOR_REGISTER(proc_vmstat_monitor);
