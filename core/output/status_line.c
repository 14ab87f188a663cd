/*
 * status_line.c - --status N, stress-ng's periodic status line:
 *   info:  [PID] status: 2 run, 0 exit, 0 reap, 0 fail, 0 SIGALRM, 3 secs
 * word for word as stress-ng prints it, so a log watched for stress-ng's
 * lines reads ours. The counts come from the controller's tick (run.h):
 * the instances' own slots and the controller's reaps, nothing estimated.
 */
#include "status_line.h"

#include <math.h>
#include <stdio.h>

#include "log.h"
#include "progress.h"

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

static void status_line_tick(void *arg, const struct run_tick *t)
{
	char when[96];

	/* a --progress line on the terminal would run into this one: erase
	 * it; its hook, after this one, draws it again below */
	progress_clear(arg);
	log_info("status: %u run, %u exit, %u reap, %u fail, %u SIGALRM, %s",
		 t->running, t->exited, t->reaped, t->failed, t->alarmed,
		 status_line_duration(t->elapsed, when, sizeof(when)));
}

void status_line_attach(struct run_plan *plan, double secs, struct progress *p)
{
	if (secs > 0)	/* one of RUN_HOOKS, beside --progress */
		(void)run_hook_add(plan, status_line_tick, p, secs);
}
