/*
 * warmup.c - --warmup snapshots. The instance's own note (warm_ops and
 * lat_from in its slot) is the boundary for ops and run time, so they
 * cover exactly the ops its latency histograms do; the controller's
 * snapshot, read back to back from the slot, stands in for an instance
 * that counted no op after the flag went down (it ended, or blocked). CPU time comes from /proc (the
 * instance is still running, so wait4 cannot tell): the process's own and its reaped children's time,
 * as wait4 will report it, or one thread's time in thread mode.
 */
#include "warmup.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/*
 * Reads utime, stime (and cutime, cstime) from a /proc stat file, in
 * seconds. The command name may hold spaces: fields count from its ')'.
 */
static bool warmup_cputime(const char *path, bool children, double *user,
			   double *sys)
{
	char buf[1024], *p;
	unsigned long long ut, st, cut, cst;
	long hz = sysconf(_SC_CLK_TCK);
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	/* after ")": state ppid pgrp session tty tpgid flags minflt cminflt
	 * majflt cmajflt utime stime cutime cstime */
	if (!p || hz <= 0 ||
	    sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
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

void warmup_snapshot(struct instance_result *r, const struct instance_slot *s,
		     pid_t pid, bool thread)
{
	uint32_t state = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
	double now = sk_now();
	char path[64];

	r->warm_ops = s->ops;
	if (state == SLOT_DONE)
		r->warm_skip = s->stop - s->start;
	else if (state == SLOT_RUNNING)
		r->warm_skip = now - s->start;
	if (thread && s->tid)
		snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)pid, (int)s->tid);
	else
		snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (state != SLOT_FORKED &&
	    !warmup_cputime(path, !thread, &r->warm_utime, &r->warm_stime))
		r->warm_utime = r->warm_stime = 0;
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
