/*
 * progress.c - the --progress line. The rate shown is the one since the
 * last redraw (ops counted over every instance from the shared counters),
 * so a stall shows at once instead of being averaged away.
 */
#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "tick.h"

#define PROGRESS_INTERVAL 1.0	/* seconds between redraws */

void progress_init(struct progress *p, bool wanted)
{
	memset(p, 0, sizeof(*p));
	p->on = wanted && isatty(STDERR_FILENO);
}

static void progress_tick(void *arg, const struct run_counts *t)
{
	struct progress *p = arg;
	double elapsed = t->elapsed;
	uint64_t ops = t->ops;
	double dt = elapsed - p->last_elapsed;
	char line[256], rate[32] = "-", total[32] = "";
	int n;

	if (dt > 0.05 && ops >= p->last_ops)
		snprintf(rate, sizeof(rate), "%.0f",
			 (double)(ops - p->last_ops) / dt);
	if (p->plan->timeout > 0)
		snprintf(total, sizeof(total), " of %gs", p->plan->timeout);
	/* \r and erase-to-end-of-line: the line is redrawn in place */
	n = snprintf(line, sizeof(line), "\r%s: %s %.0fs%s, %s bogo ops/s\033[K",
		     log_prefix(), p->label, elapsed, total, rate);
	if (n > 0)
		log_write_all(STDERR_FILENO, line, (size_t)n < sizeof(line) ?
			      (size_t)n : sizeof(line) - 1);
	p->last_elapsed = elapsed;
	p->last_ops = ops;
	p->drawn = true;
}

void progress_attach(struct progress *p, struct run_session *session)
{
	if (p->on)
		(void)tick_hook_add(session, progress_tick, p, PROGRESS_INTERVAL, false);
}

void progress_run(struct progress *p, const struct run_plan *plan,
		  size_t index, size_t count)
{
	size_t used = 0;

	if (!p->on)
		return;
	p->label[0] = '\0';
	/* a line that wraps cannot be redrawn with \r: name at most three */
	if (plan->n > 3)
		used = (size_t)snprintf(p->label, sizeof(p->label), "%zu stressors",
					plan->n);
	for (size_t i = 0; plan->n <= 3 && i < plan->n && used < sizeof(p->label); i++)
		used += (size_t)snprintf(p->label + used, sizeof(p->label) - used,
					 "%s%s", i ? "," : "",
					 plan->entries[i].stressor->name);
	if (count > 1 && used < sizeof(p->label))
		snprintf(p->label + used, sizeof(p->label) - used, " [%zu/%zu]",
			 index + 1, count);
	p->plan = plan;
	p->last_elapsed = 0;
	p->last_ops = 0;
}

void progress_clear(struct progress *p)
{
	if (p->on && p->drawn)
		log_write_all(STDERR_FILENO, "\r\033[K", 4);
	p->drawn = false;
}
