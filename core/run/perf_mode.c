/*
 * perf_mode.c - perf_event_open(2) counters per instance, perf-stat's names.
 * Counters are opened disabled and enabled just before the start barrier
 * opens, so fork and set-up are not counted; multiplexed counters are
 * scaled by time enabled over time running, as perf-stat does.
 *
 * Where the kernel refuses the counters to this user (EACCES or EPERM:
 * kernel.perf_event_paranoid 2, Debian's default, lets a user count its
 * own processes in user space only), every counter of the set is opened
 * with exclude_kernel, so that its counts are all of one kind: they are
 * named as perf-stat names them then ("task-clock:u"), in the table and
 * in the results, and one line says what was left out and what allows
 * it. A compare of such a run with a full one sees different keys, never
 * the two kinds as one row.
 */
#include "perf.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <stresskit/syslimits.h>

#include "log.h"
#include "run_state.h"

static const struct {
	const char *name;
	uint32_t type;
	uint64_t config;
} perf_events[PERF_N_COUNTERS] = {
	[PERF_TASK_CLOCK] = { "task-clock", PERF_TYPE_SOFTWARE,
			      PERF_COUNT_SW_TASK_CLOCK },
	[PERF_CONTEXT_SWITCHES] = { "context-switches", PERF_TYPE_SOFTWARE,
				    PERF_COUNT_SW_CONTEXT_SWITCHES },
	[PERF_CPU_MIGRATIONS] = { "cpu-migrations", PERF_TYPE_SOFTWARE,
				  PERF_COUNT_SW_CPU_MIGRATIONS },
	[PERF_PAGE_FAULTS] = { "page-faults", PERF_TYPE_SOFTWARE,
			       PERF_COUNT_SW_PAGE_FAULTS },
	[PERF_INSTRUCTIONS] = { "instructions", PERF_TYPE_HARDWARE,
				PERF_COUNT_HW_INSTRUCTIONS },
	[PERF_CYCLES] = { "cycles", PERF_TYPE_HARDWARE,
			  PERF_COUNT_HW_CPU_CYCLES },
	[PERF_BRANCH_MISSES] = { "branch-misses", PERF_TYPE_HARDWARE,
				 PERF_COUNT_HW_BRANCH_MISSES },
	[PERF_CACHE_MISSES] = { "cache-misses", PERF_TYPE_HARDWARE,
				PERF_COUNT_HW_CACHE_MISSES },
	[PERF_DTLB_LOAD_MISSES] = { "dTLB-load-misses", PERF_TYPE_HW_CACHE,
				    PERF_COUNT_HW_CACHE_DTLB |
				    (PERF_COUNT_HW_CACHE_OP_READ << 8) |
				    (PERF_COUNT_HW_CACHE_RESULT_MISS << 16) },
	[PERF_BRANCH_INSTRUCTIONS] = { "branch-instructions", PERF_TYPE_HARDWARE,
				       PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	[PERF_CACHE_REFERENCES] = { "cache-references", PERF_TYPE_HARDWARE,
				    PERF_COUNT_HW_CACHE_REFERENCES },
	[PERF_DTLB_LOADS] = { "dTLB-loads", PERF_TYPE_HW_CACHE,
			      PERF_COUNT_HW_CACHE_DTLB |
			      (PERF_COUNT_HW_CACHE_OP_READ << 8) |
			      (PERF_COUNT_HW_CACHE_RESULT_ACCESS << 16) },
};

/* What the machine lets a session count, probed once for its runs. */
struct perf_set {
	struct perf_caps caps;
};

/* One run's counters, open on its instances (the mode's state). */
struct perf_counters {
	int *fd;		/* n_inst * PERF_N_COUNTERS, -1: not open */
	size_t n_inst;
};

const char *perf_counter_name(enum perf_counter c)
{
	return c < PERF_N_COUNTERS ? perf_events[c].name : "?";
}

const char *perf_scope_suffix(bool user_only)
{
	return user_only ? ":u" : "";
}

static int perf_open(enum perf_counter c, pid_t pid, bool disabled, bool user_only)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = perf_events[c].type;
	attr.config = perf_events[c].config;
	attr.disabled = disabled;
	attr.inherit = 1;
	attr.exclude_kernel = user_only;
	attr.exclude_hv = 1;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	return (int)syscall(__NR_perf_event_open, &attr, pid, -1, -1,
			    PERF_FLAG_FD_CLOEXEC);
}

/* Whether the kernel refused a counter for want of a permission. */
static bool perf_refused(int err)
{
	return err == EACCES || err == EPERM;
}

/*
 * Opens each counter on ourselves once to learn what the machine exposes
 * and what this user may count: all of it, or (any counter refused)
 * user space only, probed again so that every counter is of that kind.
 */
static struct perf_set *perf_new(void)
{
	struct perf_set *p = calloc(1, sizeof(*p));
	bool any_hw = false;
	int first_hw_err = 0;

	if (!p)
		return NULL;
	for (int c = 0; c < PERF_N_COUNTERS && !p->caps.user_only; c++) {
		int fd = perf_open(c, 0, true, false);

		if (fd >= 0)
			close(fd);
		else if (perf_refused(errno) &&
			 (fd = perf_open(c, 0, true, true)) >= 0) {
			close(fd);
			p->caps.user_only = true;
			if (sk_sysctl_read("kernel.perf_event_paranoid", &p->caps.paranoid))
				p->caps.paranoid = -2;	/* unknown: not said */
		}
	}
	for (int c = 0; c < PERF_N_COUNTERS; c++) {
		int fd = perf_open(c, 0, true, p->caps.user_only);

		if (fd >= 0) {
			close(fd);
			p->caps.usable[c] = true;
			any_hw |= c >= PERF_FIRST_HW;
			continue;
		}
		if (c < PERF_FIRST_HW && !p->caps.sw_why[0])
			snprintf(p->caps.sw_why, sizeof(p->caps.sw_why),
				 "perf_event_open: %s", strerror(errno));
		if (c >= PERF_FIRST_HW && !first_hw_err)
			first_hw_err = errno;
	}
	if (!any_hw)
		snprintf(p->caps.hw_why, sizeof(p->caps.hw_why), "perf_event_open: %s",
			 strerror(first_hw_err ? first_hw_err : ENOENT));
	return p;
}

/* Closes the counters a run left open, and forgets them. */
static void perf_close(struct perf_counters *p)
{
	for (size_t i = 0; p->fd && i < p->n_inst * PERF_N_COUNTERS; i++)
		if (p->fd[i] >= 0)
			close(p->fd[i]);
	free(p->fd);
	p->fd = NULL;
	p->n_inst = 0;
}

const char *perf_sw_unavailable(const struct perf_caps *c)
{
	return c->sw_why[0] ? c->sw_why : NULL;
}

const char *perf_hw_unavailable(const struct perf_caps *c)
{
	return c->hw_why[0] ? c->hw_why : NULL;
}

/*
 * After every fork and before the instances set up (so that helpers they
 * fork inherit the counters): opens set's counters, disabled, on each
 * forked instance; none on no memory.
 */
static void perf_attach(const struct perf_set *set, struct perf_counters *p,
			const struct run_result *res)
{
	size_t total = 0, k = 0;

	for (size_t i = 0; i < res->n; i++)
		total += res->s[i].n;
	p->fd = malloc((total ? total : 1) * PERF_N_COUNTERS * sizeof(*p->fd));
	if (!p->fd)
		return;
	p->n_inst = total;
	for (size_t i = 0; i < res->n; i++) {
		for (uint32_t j = 0; j < res->s[i].n; j++, k++) {
			int *fd = &p->fd[k * PERF_N_COUNTERS];

			/*
			 * An instance that already left (no share of the ops)
			 * just has no counters. Thread instances share their
			 * worker's pid: its inherited counters, opened once,
			 * count every instance thread. pid 0 would be us.
			 */
			pid_t pid = res->s[i].inst[j].pid;
			bool same = j && pid == res->s[i].inst[j - 1].pid;

			for (int c = 0; c < PERF_N_COUNTERS; c++)
				fd[c] = set->caps.usable[c] && !same && pid > 0 ?
					perf_open(c, pid, true, set->caps.user_only) : -1;
		}
	}
}

/* Just before the start barrier opens; an enable reaches the inherited
 * counters of helpers forked since. */
static void perf_enable(const struct perf_counters *p)
{
	for (size_t i = 0; p->fd && i < p->n_inst * PERF_N_COUNTERS; i++)
		if (p->fd[i] >= 0)
			ioctl(p->fd[i], PERF_EVENT_IOC_ENABLE, 0);
}

/* One counter's value, scaled for multiplexing. false when unreadable. */
static bool perf_read_one(int fd, double *value)
{
	uint64_t buf[3];

	if (fd < 0 || read(fd, buf, sizeof(buf)) != sizeof(buf))
		return false;
	if (buf[2] == 0)
		return false;	/* never scheduled: no figure, not zero */
	*value = (double)buf[0];
	if (buf[2] < buf[1])
		*value *= (double)buf[1] / (double)buf[2];
	return true;
}

/*
 * After the reap: reads and closes the counters, summing them into out[i]
 * for each stressor res->s[i] (out has res->n entries).
 */
static void perf_collect(const struct perf_set *set, struct perf_counters *p,
			 const struct run_result *res, struct perf_counts *out)
{
	size_t k = 0;

	for (size_t i = 0; i < res->n; i++) {
		struct perf_counts *pc = &out[i];

		memset(pc, 0, sizeof(*pc));
		pc->user_only = set->caps.user_only;
		for (uint32_t j = 0; j < res->s[i].n && k < p->n_inst; j++, k++) {
			int *fd = &p->fd[k * PERF_N_COUNTERS];

			for (int c = 0; c < PERF_N_COUNTERS; c++) {
				double v;

				if (perf_read_one(fd[c], &v)) {
					pc->value[c] += v;
					pc->have[c] = true;
				}
				if (fd[c] >= 0)
					close(fd[c]);
				fd[c] = -1;
			}
		}
		pc->value[PERF_TASK_CLOCK] /= 1e6;	/* ns -> msec */
		if (pc->have[PERF_INSTRUCTIONS] && pc->have[PERF_CYCLES] &&
		    pc->value[PERF_CYCLES] > 0) {
			pc->have_ipc = true;
			pc->ipc = pc->value[PERF_INSTRUCTIONS] / pc->value[PERF_CYCLES];
		}
	}
}

void perf_report(const struct perf_caps *caps, const char *const *names,
		 const struct perf_counts *counts, size_t n)
{
	if (perf_sw_unavailable(caps)) {
		log_info("perf counters unavailable (%s)", perf_sw_unavailable(caps));
		return;
	}
	const char *u = perf_scope_suffix(caps->user_only);

	log_metric("perf counters (sum over instances):");
	for (size_t i = 0; i < n; i++) {
		const char *name = names[i];
		const struct perf_counts *pc = &counts[i];

		for (int c = 0; c < PERF_N_COUNTERS; c++) {
			if (!pc->have[c])
				continue;
			if (c == PERF_TASK_CLOCK)
				log_metric("%-13s %18.2f msec %s%s", name,
					   pc->value[c], perf_counter_name(c), u);
			else
				log_metric("%-13s %18.0f      %s%s", name,
					   pc->value[c], perf_counter_name(c), u);
		}
		if (pc->have_ipc)
			log_metric("%-13s %18.2f      insn per cycle%s", name, pc->ipc, u);
	}
	if (caps->user_only) {
		char now[64] = "";

		if (caps->paranoid > -2)
			snprintf(now, sizeof(now), " (kernel.perf_event_paranoid is %lld)",
				 caps->paranoid);
		log_info("perf counters count user space only (:u), not the "
			 "kernel's share%s: sysctl kernel.perf_event_paranoid=1 "
			 "(or lower) or CAP_PERFMON counts it too", now);
	}
	if (perf_hw_unavailable(caps)) {
		log_info("perf hardware counters unavailable on this machine (%s)",
			 perf_hw_unavailable(caps));
	} else {
		char missing[256] = "";
		size_t used = 0;

		for (int c = PERF_FIRST_HW; c < PERF_N_COUNTERS; c++)
			if (!caps->usable[c] && used < sizeof(missing))
				used += (size_t)snprintf(missing + used, sizeof(missing) - used,
							 " %s", perf_counter_name(c));
		if (used)
			log_info("perf counters this machine does not expose:%s", missing);
	}
}

static const struct run_mode perf_mode;

/* --perf, the mode's one row */
struct perf_opts {
	bool on;
};

bool perf_asked(const struct run_plan *plan)
{
	const struct perf_opts *o = run_mode_opts(plan, &perf_mode);

	return o && o->on;
}

/* The mode's state over a session: one set, probed at the first run that
 * counts (a --repeat coordinator runs none), for every run after it. */
struct perf_session {
	struct perf_set *set;
};

static void perf_session_end(void *state)
{
	free(((struct perf_session *)state)->set);
}

static struct perf_set *perf_mode_set(const struct run_state *st)
{
	return ((struct perf_session *)run_session_state(st->plan, &perf_mode))->set;
}

const struct perf_run *perf_of(const struct run_result *res)
{
	return run_mode_figures(res, &perf_mode);
}

/* On for a run of a session (whose state holds the set) that asked. */
static bool perf_mode_on(const struct run_plan *plan)
{
	return perf_asked(plan) && run_session_state(plan, &perf_mode);
}

/* The session's set, probed now if no run has yet; and the set-up gate
 * stays shut until the counters are open: a helper an instance forks in
 * set-up inherits them (ready_wait opens it). Without memory for the
 * set, no run. */
static void perf_mode_begin(struct run_state *st)
{
	struct perf_session *ps = run_session_state(st->plan, &perf_mode);

	if (!ps->set && !(ps->set = perf_new())) {
		log_fail("--perf: no memory for the counters");
		st->failed = SK_NO_RESOURCE;
		return;
	}
	st->sh->setup = 0;
}

static void perf_mode_attach(struct run_state *st)
{
	struct perf_counters *pc = run_mode_state(st, &perf_mode);

	if (pc && perf_mode_set(st))
		perf_attach(perf_mode_set(st), pc, st->res);
}

static void perf_mode_enable(struct run_state *st)
{
	const struct perf_counters *pc = run_mode_state(st, &perf_mode);

	if (pc)
		perf_enable(pc);
}

/* Every instance reaped: the counts are final. Read and closed now, and
 * left in the result (perf_of); on no memory the run has no perf figures. */
static void perf_mode_read(struct run_state *st)
{
	struct perf_counters *pc = run_mode_state(st, &perf_mode);
	struct perf_set *set = perf_mode_set(st);
	struct perf_run *o;

	if (!pc)
		return;
	o = set ? calloc(1, sizeof(*o) + st->res->n * sizeof(*o->counts)) : NULL;
	if (o) {
		o->caps = set->caps;
		o->n = st->res->n;
		perf_collect(set, pc, st->res, o->counts);
		*run_mode_out(st->res, &perf_mode) = o;
	}
	perf_close(pc);
}

/* Its counts are read by the results after the run (perf_of). */
static const struct run_mode perf_mode = {
	.name = "perf",
	.rank = 20,
	.on = perf_mode_on,
	.at = {
		[RUN_BEFORE_FORK] = perf_mode_begin,
		[RUN_FORKED] = perf_mode_attach,
		[RUN_RELEASED] = perf_mode_enable,
		[RUN_REAPED] = perf_mode_read,
	},
	.opts = (const struct run_mode_opt[]){
		/* perf's software counters cost each context switch a little,
		 * no more: the same bogo-op, watched */
		{ .weight = WEIGHT_NOTE, .opt = {
			.name = "perf", .type = OPT_BOOL,
			.offset = offsetof(struct perf_opts, on),
			.help = "count perf events per stressor (software always, hardware where exposed)" } },
		{ .opt = OPT_TABLE_END },
	},
	.opts_size = sizeof(struct perf_opts),
	.help_after = "confidence-target",
	.state_size = sizeof(struct perf_counters),
	.session_size = sizeof(struct perf_session),
	.session_end = perf_session_end,
	.out_free = free,
};
RUN_MODE_REGISTER(perf_mode);
