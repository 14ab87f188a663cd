/*
 * warmup.c - --warmup snapshots. The instance's own note (warm_ops and
 * lat_from in its slot) is the boundary for ops and run time, so they
 * cover exactly the ops its latency histograms do; the controller's
 * snapshot, read back to back from the slot, stands in for an instance
 * that counted no op after the flag went down (it ended, or blocked).
 * CPU time comes from /proc (the instance is still running, so wait4
 * cannot tell): the process's own, its reaped children's and its live
 * helpers', as wait4 will report it once it has reaped them, or one
 * thread's time in thread mode.
 */
#include "warmup.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc_pid.h"
#include "run_state.h"
#include "stop.h"

/*
 * Reads utime, stime (and cutime, cstime) from /proc/PID/FILE, a stat
 * file, in seconds.
 */
static bool warmup_cputime(pid_t pid, const char *file, bool children,
			   double *user, double *sys)
{
	char buf[1024];
	const char *fields;
	unsigned long long ut, st, cut, cst;
	long hz = sysconf(_SC_CLK_TCK);

	if (proc_pid_read(pid, file, buf, sizeof(buf)) < 0 ||
	    !(fields = proc_pid_stat_fields(buf)) || hz <= 0)
		return false;
	/* state ppid pgrp session tty tpgid flags minflt cminflt majflt
	 * cmajflt utime stime cutime cstime */
	if (sscanf(fields, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
		   &ut, &st, &cut, &cst) != 4)
		return false;
	if (children) {
		ut += cut;
		st += cst;
	}
	*user = (double)ut / hz;
	*sys = (double)st / hz;
	return true;
}

/*
 * Adds the CPU time of pid's live descendants, each with its reaped
 * children's: a helper (pipe's reader, a server) that the instance will
 * reap after the run is in wait4's figure then, warmup and all, so its
 * warmup is noted here. Reads /proc/PID/task/TID/children; without it
 * (CONFIG_PROC_CHILDREN) nothing is added. depth bounds a runaway tree.
 */
static void warmup_descendants(pid_t pid, unsigned depth, double *user, double *sys)
{
	char path[64], file[48];
	DIR *d;
	struct dirent *e;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	if (depth > 8 || !(d = opendir(path)))
		return;
	while ((e = readdir(d))) {
		char list[4096], *p, *end;

		if (e->d_name[0] == '.')
			continue;
		snprintf(file, sizeof(file), "task/%.20s/children", e->d_name);
		if (proc_pid_read(pid, file, list, sizeof(list)) < 0)
			continue;
		for (p = list;; p = end) {
			long child = strtol(p, &end, 10);
			double u, st;

			if (end == p || child <= 0)
				break;
			if (warmup_cputime((pid_t)child, "stat", true, &u, &st)) {
				*user += u;
				*sys += st;
			}
			warmup_descendants((pid_t)child, depth + 1, user, sys);
		}
	}
	closedir(d);
}

void warmup_snapshot(struct instance_result *r, const struct instance_slot *s,
		     pid_t pid, bool thread)
{
	uint32_t state = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
	double now = sk_now();
	char file[48];

	r->warm_ops = s->ops;
	if (state == SLOT_DONE)
		r->warm_skip = s->stop - s->start;
	else if (state == SLOT_RUNNING)
		r->warm_skip = now - s->start;
	if (thread && s->tid)
		snprintf(file, sizeof(file), "task/%d/stat", (int)s->tid);
	else
		snprintf(file, sizeof(file), "stat");
	if (state != SLOT_FORKED &&
	    !warmup_cputime(pid, file, !thread, &r->warm_utime, &r->warm_stime))
		r->warm_utime = r->warm_stime = 0;
	else if (state != SLOT_FORKED && !thread)
		warmup_descendants(pid, 0, &r->warm_utime, &r->warm_stime);
}

bool warmup_noted(const struct instance_slot *s, uint64_t *ops)
{
	if (__atomic_load_n(&s->lat_from, __ATOMIC_ACQUIRE) == UINT64_MAX)
		return false;
	*ops = s->warm_ops;
	return true;
}

void warmup_discount(struct instance_result *r, const struct instance_slot *s)
{
	if (r->started && warmup_noted(s, &r->warm_ops)) {
		/* 0: it started after the warmup */
		double at = (double)s->lat_from / 1e9 - s->start;

		r->warm_skip = at > 0 ? at : 0;
	}
	r->ops = r->ops > r->warm_ops ? r->ops - r->warm_ops : 0;
	r->duration = r->duration > r->warm_skip ? r->duration - r->warm_skip : 0;
	r->utime = r->utime > r->warm_utime ? r->utime - r->warm_utime : 0;
	r->stime = r->stime > r->warm_stime ? r->stime - r->warm_stime : 0;
}

static const struct run_mode warmup_mode;

double warmup_seconds(const struct run_plan *plan)
{
	const struct warmup_opts *o = run_mode_opts(plan, &warmup_mode);

	return o ? o->seconds : 0;
}

static bool warmup_mode_on(const struct run_plan *plan)
{
	return warmup_seconds(plan) > 0;
}

/* Before fork: an instance reads the flag at the barrier, and the sampler
 * reads no instance's warmup as ended before it ends it itself. */
static void warmup_mode_begin(struct run_state *st)
{
	st->sh->warming = 1;
	for (size_t i = 0; i < st->n_slots; i++)
		shared_slot(st->sh, i)->lat_from = UINT64_MAX;
}

/* Ends it (each instance notes its own boundary at its next count) and
 * notes each instance's figures so far, to be taken off after the reap. */
static void warmup_mode_end(struct run_state *st)
{
	__atomic_store_n(&st->sh->warming, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&st->sh->warm_stop, 1, __ATOMIC_RELEASE);
	for (size_t i = 0; i < st->n_children; i++) {
		struct child *c = &st->children[i];

		for (uint32_t k = 0; k < c->n_inst; k++)
			warmup_snapshot(&c->res[k], &c->slot[k], c->pid, c->threads);
	}
}

/* The barrier is open: the warm-up is waited out here, and the counted
 * window (and the timeout) starts at its end. */
static void warmup_mode_wait(struct run_state *st)
{
	double end = st->ph.released + warmup_seconds(st->plan);

	if (!st->res->interrupted)
		st->res->interrupted = stop_wait(st, end);
	st->measure_from = end;
}

static void warmup_mode_discount(struct run_state *st)
{
	for (size_t i = 0; i < st->n_children; i++) {
		struct child *c = &st->children[i];

		for (uint32_t k = 0; k < c->n_inst; k++)
			warmup_discount(&c->res[k], &c->slot[k]);
	}
}

/* The largest time the option takes: far beyond any run. */
#define WARMUP_MAX 1000000000000ULL

static const struct run_mode_opt warmup_opts[] = {
	/* what is left out of the count: two warm-ups measure two windows */
	{ .metavar = "TIME", .weight = MODE_REFUSE, .opt = {
		.name = "warmup", .type = OPT_TIME,
		.offset = offsetof(struct warmup_opts, seconds), .max = WARMUP_MAX,
		.expect = "a time of 0 or more, like 2, 2s, 1m (suffixes ms s m h d w y)",
		.help = "run TIME before counting starts (each --scale step too); the timeout and --NAME-ops follow it" } },
	{ .opt = OPT_TABLE_END },
};

static const struct run_mode warmup_mode = {
	.name = "warmup",
	.rank = 30,
	.on = warmup_mode_on,
	.at = {
		[RUN_BEFORE_FORK] = warmup_mode_begin,
		[RUN_OPENED] = warmup_mode_wait,
		[RUN_MEASURING] = warmup_mode_end,
		[RUN_REAPED] = warmup_mode_discount,
	},
	.opts = warmup_opts,
	.opts_size = sizeof(struct warmup_opts),
	.help_after = "scale-format",
};
RUN_MODE_REGISTER(warmup_mode);
