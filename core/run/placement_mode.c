/*
 * placement_mode.c - where the tasks of each instance ran: every fine
 * window (SAMPLER_FINE_MS), the controller reads the CPU each instance
 * process and each of its helper processes last ran on (/proc's stat and
 * children lists: no instance does anything), and counts the samples in
 * which an instance's tasks were on one CPU and the moves of a task from
 * one CPU to another. A writer and its reader on one CPU and on two are
 * different workloads (a wake-up on the same runqueue against one that
 * crosses CPUs, 4x apart for a pipe here): compare never pools passes
 * that ran otherwise (compare_kpi.c). Always on for instance processes,
 * up to SAMPLER_FINE_CPU_MAX of them; thread instances are not looked at.
 */
#include "placement.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "proc_pid.h"
#include "run_mode.h"
#include "run_state.h"
#include "sampler.h"

/* The tasks of an instance the controller follows (itself and its helpers). */
#define PLACEMENT_TASKS 16

/* One instance process as last seen. */
struct placement_inst {
	pid_t pid;
	size_t stressor;		/* its index in the run's result */
	pid_t task[PLACEMENT_TASKS];	/* [0]: the instance */
	int cpu[PLACEMENT_TASKS];	/* -1: not seen yet */
};

/* The run's working state: the figures are made here while the
 * instances run and go to the mode's output slot at the stop. */
struct placement_state {
	struct placement_inst *inst;
	size_t n;
	double next;
	struct placement_figures *fig;
};

static const struct run_mode placement_mode;

/* The CPU task last ran on (stat's 39th field), or -1. */
static int placement_cpu(pid_t pid, pid_t task)
{
	char path[48], buf[1024];
	const char *f;
	int cpu = -1;

	snprintf(path, sizeof(path), "task/%d/stat", (int)task);
	if (proc_pid_read(pid, path, buf, sizeof(buf)) || !(f = proc_pid_stat_fields(buf)))
		return -1;
	/* from the state (field 3) on: the processor is the 37th after it */
	for (int i = 0; i < 36 && f; i++)
		if ((f = strchr(f, ' ')))
			f++;
	if (f)
		sscanf(f, "%d", &cpu);
	return cpu;
}

static void placement_sample(struct placement_state *ps, struct placement_figures *fig)
{
	for (size_t k = 0; k < ps->n; k++) {
		struct placement_inst *in = &ps->inst[k];
		struct placement_stressor *f = &fig->s[in->stressor];
		char kids[1024], path[48];
		const char *p = kids;
		size_t t = 1;
		int first = -1;
		bool one = true;

		/* its helpers now: they come and go (pipe's reader stays, a
		 * sockmany's children do not) */
		snprintf(path, sizeof(path), "task/%d/children", (int)in->pid);
		if (proc_pid_read(in->pid, path, kids, sizeof(kids)))
			kids[0] = '\0';
		while (t < PLACEMENT_TASKS && *p) {
			char *end;
			long pid = strtol(p, &end, 10);

			if (end == p)
				break;
			if (in->task[t] != (pid_t)pid) {
				in->task[t] = (pid_t)pid;
				in->cpu[t] = -1;
			}
			t++;
			p = end;
		}
		for (size_t j = 0; j < t; j++) {
			int cpu = placement_cpu(j ? in->task[j] : in->pid, in->task[j]);

			if (cpu < 0)
				continue;
			f->migrations += in->cpu[j] >= 0 && cpu != in->cpu[j];
			in->cpu[j] = cpu;
			if (first < 0)
				first = cpu;
			one &= cpu == first;
		}
		if (t > f->tasks)
			f->tasks = (unsigned)t;
		if (t < 2)
			continue;	/* a single task has no placement */
		f->samples++;
		f->one_cpu += one;
	}
}

static void placement_begin(struct run_state *st)
{
	struct placement_state *ps = run_mode_state(st, &placement_mode);
	struct placement_figures *fig;
	size_t all = 0;

	if (!ps || st->plan->threads)
		return;
	for (size_t i = 0; i < st->n_children; i++)
		all += !st->children[i].threads;
	if (!all || all > SAMPLER_FINE_CPU_MAX || !(fig = calloc(1, sizeof(*fig))))
		return;
	fig->n = st->res->n;
	fig->s = calloc(fig->n ? fig->n : 1, sizeof(*fig->s));
	ps->inst = calloc(all, sizeof(*ps->inst));
	if (!fig->s || !ps->inst) {
		free(fig->s);
		free(fig);
		free(ps->inst);
		ps->inst = NULL;
		return;
	}
	fig->policy = st->plan->placement;
	for (size_t c = 0; c < st->n_children; c++) {
		const struct child *ch = &st->children[c];

		if (ch->threads)
			continue;
		for (size_t i = 0; i < st->res->n; i++)
			if (ch->res >= st->res->s[i].inst &&
			    ch->res < st->res->s[i].inst + st->res->s[i].n) {
				struct placement_inst *in = &ps->inst[ps->n++];

				in->pid = ch->pid;
				in->stressor = i;
				in->task[0] = ch->pid;
				for (size_t j = 0; j < PLACEMENT_TASKS; j++)
					in->cpu[j] = -1;
			}
	}
	ps->next = sk_now();
	ps->fig = fig;
}

static bool placement_waiting(struct run_state *st, double *left)
{
	struct placement_state *ps = run_mode_state(st, &placement_mode);
	double now = sk_now();

	if (!ps || !ps->inst || !ps->fig)
		return false;
	if (sk_period_due(&ps->next, SAMPLER_FINE_MS / 1e3, now, left))
		placement_sample(ps, ps->fig);
	return false;
}

/* The stop: no more samples; the figures go to the run's result and
 * the rest of the state goes. */
static void placement_end(struct run_state *st)
{
	struct placement_state *ps = run_mode_state(st, &placement_mode);
	void *fig;

	if (!ps)
		return;
	free(ps->inst);
	ps->inst = NULL;
	ps->n = 0;
	fig = ps->fig;
	ps->fig = NULL;
	if (fig)
		run_mode_hand_out(st, &placement_mode, &fig);
}

static void placement_free(void *out)
{
	struct placement_figures *fig = out;

	if (fig)
		free(fig->s);
	free(fig);
}

const struct placement_figures *placement_of(const struct run_result *res)
{
	return run_mode_figures(res, &placement_mode);
}

static const struct run_mode placement_mode = {
	.name = "placement",
	.after = "sampler",
	.rank = 51,
	.at = {
		[RUN_MEASURING] = placement_begin,
		[RUN_STOPPING] = placement_end,
	},
	.waiting = placement_waiting,
	.state_size = sizeof(struct placement_state),
	.out_free = placement_free,
	/* output/placement_output.c's object: read back, none of its
	 * figures judged better one way */
	.entry_objects = (const char *const[]){ "placement", NULL },
	.not_figures = (const char *const[]){ "tasks", "samples", NULL },
};
RUN_MODE_REGISTER(placement_mode);
