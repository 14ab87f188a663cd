/*
 * report.c - the metrics table. The widths are stress-ng's own, so
 * parsers written against stress-ng's output read ours unchanged:
 * --metrics-brief rows are exactly ten whitespace-separated fields.
 */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

/*
 * The per-instance spread, as will-it-scale's min/max per task, in the
 * shape of any other miscellaneous metric line so stress-ng parsers
 * read it as one more metric.
 */
static void report_spread(const struct stressor_summary *s)
{
	if (!s->instances)
		return;
	log_metric("%-13s %13.2f bogo ops/s per instance (minimum of %u instances)",
		   s->name, s->inst_rate_min, s->instances);
	log_metric("%-13s %13.2f bogo ops/s per instance (maximum of %u instances)",
		   s->name, s->inst_rate_max, s->instances);
}

void report_table(const struct stressor_summary *sums, size_t n, bool full,
		  report_more_fn *more, void *ctx)
{
	bool any_extra = false;

	log_metric("%-13s %9.9s %9.9s %9.9s %9.9s %12s %14s%s",
		   "stressor", "bogo ops", "real time", "usr time", "sys time",
		   "bogo ops/s", "bogo ops/s",
		   full ? " CPU used per       RSS Max" : "");
	log_metric("%-13s %9.9s %9.9s %9.9s %9.9s %12s %14s%s",
		   "", "", "(secs) ", "(secs) ", "(secs) ", "(real time)",
		   "(usr+sys time)", full ? " instance (%)          (KB)" : "");
	for (size_t i = 0; i < n; i++) {
		const struct stressor_summary *s = &sums[i];
		char extra[64] = "";

		if (full)
			snprintf(extra, sizeof(extra), " %12.2f %13ld",
				 s->cpu_percent, s->maxrss_kb);
		log_metric("%-13s %9llu %9.2f %9.2f %9.2f %12.2f %14.2f%s",
			   s->name, (unsigned long long)s->ops, s->real_time,
			   s->utime, s->stime, s->ops_per_sec_real,
			   s->ops_per_sec_cpu, extra);
		any_extra |= s->n_metrics > 0 || (more && more(ctx, i, false)) ||
			     (full && s->instances);
	}
	if (!any_extra)
		return;
	log_metric("miscellaneous metrics:");
	for (size_t i = 0; i < n; i++) {
		for (size_t m = 0; m < sums[i].n_metrics; m++) {
			const struct metric_summary *ms = &sums[i].metrics[m];

			log_metric("%-13s %13.2f %s (%s of %u instances)",
				   sums[i].name, ms->value, ms->desc,
				   mean_name(ms->mean), ms->n);
		}
		if (more)
			more(ctx, i, true);
		if (full)
			report_spread(&sums[i]);
	}
}

void report_times_compute(const struct stressor_summary *sums, size_t n,
			  double wall, unsigned ncpus, struct report_times *t)
{
	memset(t, 0, sizeof(*t));
	for (size_t i = 0; i < n; i++) {
		t->user += sums[i].utime;
		t->system += sums[i].stime;
	}
	t->total = t->user + t->system;
	t->run_time = wall;
	t->available = wall * ncpus;
	t->have_load = getloadavg(t->load, 3) == 3;
}

void report_times(const struct stressor_summary *sums, size_t n,
		  double wall, unsigned ncpus)
{
	struct report_times t;
	double avail;

	report_times_compute(sums, n, wall, ncpus, &t);
	avail = t.available > 0 ? t.available : 1e-9;
	log_info("for a %.2fs run time:", wall);
	log_info("%10.2fs available CPU time", t.available);
	log_info("%10.2fs user time   (%6.2f%%)", t.user, 100.0 * t.user / avail);
	log_info("%10.2fs system time (%6.2f%%)", t.system, 100.0 * t.system / avail);
	log_info("%10.2fs total time  (%6.2f%%)", t.total, 100.0 * t.total / avail);
	if (t.have_load)
		log_info("load average: %.2f %.2f %.2f", t.load[0], t.load[1], t.load[2]);
}
