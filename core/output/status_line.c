/*
 * status_line.c - --status N, stress-ng's periodic status line:
 *   info:  [PID] status: 2 run, 0 exit, 0 reap, 0 fail, 0 SIGALRM, 3 secs
 * word for word as stress-ng prints it, so a log watched for stress-ng's
 * lines reads ours. The counts come from the controller's tick (tick.h):
 * the instances' own slots and the controller's reaps, nothing estimated.
 * stress-ng's line belongs to the process, not to a stressor: its time
 * counts from the start and its counters (all but "run", the instances
 * running now) only grow, so under --sequential the ended runs' counts
 * are carried and the cadence goes on from one run to the next.
 */
#include "status_line.h"

#include <math.h>
#include <stdio.h>

#include "log.h"
#include "progress.h"
#include "run_mode.h"
#include "tick.h"

/* stress-ng's units, largest first; seconds are always shown */
static const struct {
	const char *name;
	double secs;
} status_line_units[] = {
	{ "year", 365.2425 * 86400.0 },
	{ "day", 86400.0 },
	{ "hour", 3600.0 },
	{ "min", 60.0 },
	{ "sec", 1.0 },
};

char *status_line_duration(double secs, char *buf, size_t len)
{
	size_t n = sizeof(status_line_units) / sizeof(status_line_units[0]);
	size_t used = 0;
	double left = round(secs);

	buf[0] = '\0';
	if (left < 0)
		left = 0;
	for (size_t i = 0; i < n && used < len; i++) {
		unsigned long v = (unsigned long)(left / status_line_units[i].secs);

		left -= (double)v * status_line_units[i].secs;
		/* a larger unit only when there is one of it, as stress-ng does */
		if (!v && i + 1 < n)
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%s%lu %s%s",
					 used ? " " : "", v, status_line_units[i].name,
					 v > 1 ? "s" : "");
	}
	return buf;
}

static void status_line_tick(void *arg, const struct run_counts *t)
{
	struct status_line *sl = arg;
	const struct run_counts *d = &sl->done;
	char when[96];

	/* a --progress line on the terminal would run into this one: erase
	 * it; its hook, after this one, draws it again below */
	progress_clear(sl->progress);
	log_info("status: %u run, %u exit, %u reap, %u fail, %u SIGALRM, %s",
		 t->running, d->exited + t->exited, d->reaped + t->reaped,
		 d->failed + t->failed, d->alarmed + t->alarmed,
		 status_line_duration(t->now - sl->start, when, sizeof(when)));
}

void status_line_attach(struct status_line *sl, struct run_session *session,
			const struct run_plan *base, struct progress *p)
{
	/* --status N as given: the tick mode's row, a count of seconds */
	const uint64_t *status = run_mode_option_given(base, "status");
	double secs = status ? (double)*status : 0;

	if (secs <= 0)
		return;
	sl->start = sk_now();
	sl->progress = p;
	/* one of TICK_HOOKS, beside --progress */
	(void)tick_hook_add(session, status_line_tick, sl, secs, true);
}

void status_line_run_done(struct status_line *sl, const struct run_counts *counts)
{
	sl->done.exited += counts->exited;
	sl->done.reaped += counts->reaped;
	sl->done.failed += counts->failed;
	sl->done.alarmed += counts->alarmed;
}
