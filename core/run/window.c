/*
 * window.c - the measured window's opening (window.h). The instance's own
 * note (window_ops and window_from in its slot) is the boundary for ops and
 * run time, so they cover exactly the ops its latency histograms do; the
 * controller's snapshot, read back to back from the slot, stands in for
 * an instance that counted no op after the opening (it ended, or
 * blocked). CPU time comes from /proc (the instance is still running, so
 * wait4 cannot tell): the process's own, its reaped children's and its
 * live helpers', as wait4 will report it once it has reaped them, or one
 * thread's time in thread mode.
 */
#include "window.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc_pid.h"
#include "run_state.h"

/*
 * Reads utime, stime (and cutime, cstime) from /proc/PID/FILE, a stat
 * file, in seconds.
 */
static bool window_cputime(pid_t pid, const char *file, bool children,
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
 * reap after the run is in wait4's figure then, the time before the window and all, so what it
 * ran before the opening is noted here. Reads /proc/PID/task/TID/children; without it
 * (CONFIG_PROC_CHILDREN) nothing is added. depth bounds a runaway tree.
 */
static void window_descendants(pid_t pid, unsigned depth, double *user, double *sys)
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
			if (window_cputime((pid_t)child, "stat", true, &u, &st)) {
				*user += u;
				*sys += st;
			}
			window_descendants((pid_t)child, depth + 1, user, sys);
		}
	}
	closedir(d);
}

void window_snapshot(struct instance_result *r, const struct instance_slot *s,
		     pid_t pid, bool thread)
{
	uint32_t state = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
	double now = sk_now();
	char file[48];

	r->before.ops = s->ops;
	if (state == SLOT_DONE)
		r->before.seconds = s->stop - s->start;
	else if (state == SLOT_RUNNING)
		r->before.seconds = now - s->start;
	if (thread && s->tid)
		snprintf(file, sizeof(file), "task/%d/stat", (int)s->tid);
	else
		snprintf(file, sizeof(file), "stat");
	if (state != SLOT_FORKED &&
	    !window_cputime(pid, file, !thread, &r->before.utime, &r->before.stime))
		r->before.utime = r->before.stime = 0;
	else if (state != SLOT_FORKED && !thread)
		window_descendants(pid, 0, &r->before.utime, &r->before.stime);
}

bool window_noted(const struct instance_slot *s, uint64_t *ops)
{
	if (__atomic_load_n(&s->window_from, __ATOMIC_ACQUIRE) == UINT64_MAX)
		return false;
	*ops = s->window_ops;
	return true;
}

void window_discount(struct instance_result *r, const struct instance_slot *s)
{
	if (r->started && window_noted(s, &r->before.ops)) {
		/* 0: it started after the opening */
		double at = (double)s->window_from / 1e9 - s->start;

		r->before.seconds = at > 0 ? at : 0;
	}
	r->ops = r->ops > r->before.ops ? r->ops - r->before.ops : 0;
	r->duration = r->duration > r->before.seconds ? r->duration - r->before.seconds : 0;
	r->utime = r->utime > r->before.utime ? r->utime - r->before.utime : 0;
	r->stime = r->stime > r->before.stime ? r->stime - r->before.stime : 0;
}

void window_hold(struct run_state *st)
{
	st->sh->window_held = 1;
	for (size_t i = 0; i < st->n_slots; i++)
		shared_slot(st->sh, i)->window_from = UINT64_MAX;
}

void window_open(struct run_state *st)
{
	__atomic_store_n(&st->sh->window_held, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&st->sh->held_stop, 1, __ATOMIC_RELEASE);
	for (size_t i = 0; i < st->n_children; i++) {
		struct child *c = &st->children[i];

		for (uint32_t k = 0; k < c->n_inst; k++)
			window_snapshot(&c->res[k], &c->slot[k], c->pid, c->threads);
	}
}

void window_take_off(struct run_state *st)
{
	for (size_t i = 0; i < st->n_children; i++) {
		struct child *c = &st->children[i];

		for (uint32_t k = 0; k < c->n_inst; k++)
			window_discount(&c->res[k], &c->slot[k]);
	}
}
