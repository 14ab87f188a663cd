/*
 * others_mode.c - what the rest of the machine took while a run ran: the
 * CPU time of every CPU busy with other programs (the machine's user,
 * system and stolen time in /proc/stat less the controller's and its
 * children's own; kernel threads' work counts as others'), and the
 * time the hypervisor stole, each in percent of the CPUs' time from the
 * barrier's opening to the last reap. Always on; read by the controller
 * twice a run, never by an instance.
 *
 * compare reads it as the conditions a side ran in, not as a figure of
 * the workload: another engineer's build that starts between BASE and
 * NEW moves every rate of NEW, and the passes of one invocation, which
 * share that moment, cannot show it (docs/compare.md).
 *
 * The children's time is counted whole, set-up included (the instances
 * set up before the barrier opens): others' share errs low by that, by
 * a tick of /proc/stat per CPU, and is never below 0.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "clock.h"
#include "proc_stat.h"
#include "run_mode.h"
#include "run_state.h"

/* One reading: /proc/stat's CPU time in seconds, and this process's own. */
struct others_reading {
	double busy, steal, total;	/* every online CPU's, summed */
	double own;			/* the controller's and its reaped children's */
};

/* The run's state: the reading at the barrier's opening, if it opened. */
struct others_state {
	struct others_reading from;
	bool begun, from_ok;
};

/* Its figures, in the run's result. */
struct others_out {
	double cpu_pct, steal_pct;
	bool done;	/* both readings were made: the figures are read */
};

static const struct run_mode others_mode;

static bool others_read(struct others_reading *r)
{
	struct proc_cpu cpu;
	const unsigned long long *c = cpu.t;
	long hz = sysconf(_SC_CLK_TCK);
	struct rusage self, children;

	if (proc_cpu_read(&cpu) || hz <= 0 || getrusage(RUSAGE_SELF, &self) ||
	    getrusage(RUSAGE_CHILDREN, &children))
		return false;
	r->steal = (double)c[PROC_CPU_STEAL] / (double)hz;
	/* irq and softirq are left out: much of them is the instances' own
	 * (their packets, their completions), counted to no process */
	r->busy = (double)(c[PROC_CPU_USER] + c[PROC_CPU_NICE] + c[PROC_CPU_SYSTEM]) /
		  (double)hz + r->steal;
	r->total = r->busy + (double)(c[PROC_CPU_IDLE] + c[PROC_CPU_IOWAIT] +
				      c[PROC_CPU_IRQ] + c[PROC_CPU_SOFTIRQ]) / (double)hz;
	r->own = sk_timeval_seconds(&self.ru_utime) + sk_timeval_seconds(&self.ru_stime) +
		 sk_timeval_seconds(&children.ru_utime) + sk_timeval_seconds(&children.ru_stime);
	return true;
}

static void others_begin(struct run_state *st)
{
	struct others_state *s = run_mode_state(st, &others_mode);

	if (!s)
		return;
	s->begun = true;
	s->from_ok = others_read(&s->from);
}

static void others_end(struct run_state *st)
{
	const struct others_state *s = run_mode_state(st, &others_mode);
	struct others_reading to;
	struct others_out *o;
	double total;

	/* a run the barrier never opened for has no figures of others */
	if (!s || !s->begun || !(o = calloc(1, sizeof(*o))))
		return;
	*run_mode_out(st->res, &others_mode) = o;
	/* unread, or under a tick of /proc/stat: null figures, the keys kept */
	if (!s->from_ok || !others_read(&to) ||
	    !((total = to.total - s->from.total) > 0))
		return;
	o->cpu_pct = 100 * ((to.busy - s->from.busy) - (to.own - s->from.own)) / total;
	if (o->cpu_pct < 0)
		o->cpu_pct = 0;
	o->steal_pct = 100 * (to.steal - s->from.steal) / total;
	o->done = true;
}

static json_t *others_figure(const struct others_out *o, double v)
{
	return o->done ? json_real(v) : json_null();
}

static json_t *others_write(const void *out)
{
	const struct others_out *o = out;

	return json_pack("{s:o, s:o}", "cpu-percent", others_figure(o, o->cpu_pct),
			 "steal-percent", others_figure(o, o->steal_pct));
}

static const struct run_mode others_mode = {
	.name = "others",
	/* first in, last out: the window holds every other mode's work */
	.rank = 1,
	.at = {
		[RUN_RELEASED] = others_begin,
		[RUN_REAPED] = others_end,
	},
	.state_size = sizeof(struct others_state),
	.results_key = "others",
	.conditions = true,
	.others_pct = "cpu-percent",
	.write = others_write,
	.out_free = free,
};
RUN_MODE_REGISTER(others_mode);
