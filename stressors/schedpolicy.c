/*
 * schedpolicy.c - stress-ng's schedpolicy stressor: each instance moves
 * itself through the scheduling policies in turn (idle, fifo, rr, other,
 * batch, deadline; instance I starts at the I-th), with stress-ng's
 * calls around each change. One bogo-op is one round: sched_yield; the
 * new policy set (fifo and rr at a random priority in their range; the
 * deadline policy by sched_setattr on instance 0 only, the others taking
 * it as "other") with stress-ng's failing calls before it, and read back
 * with sched_getscheduler; sched_getscheduler of a bad and of an unused
 * pid; sched_getparam/sched_setparam; sched_getattr with an oversize
 * buffer, bad flags, a bad and an unused pid; sched_getattr and
 * sched_setattr of itself (the utilization clamp cycled down, as
 * stress-ng does), with two bad calls. Every 1025th round adds
 * stress-ng's failing sched_getparam/sched_setparam calls. An "unused
 * pid" is stress-ng's guess: pid_max read from /proc, random pids probed
 * with kill(pid, 0). The target pid is 0 or the instance's own, at random.
 * --verify: a policy set must read back as set.
 * As root the fifo and rr rounds run the instance at a real-time
 * priority, as stress-ng's do; the kernel's RT throttling bounds them.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif

/* The kernel's struct sched_attr (size 56: with the utilization clamps). */
struct schedpolicy_attr {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
	uint32_t sched_util_min, sched_util_max;
};

static const int schedpolicy_policies[] = {
	SCHED_IDLE, SCHED_FIFO, SCHED_RR, SCHED_OTHER, SCHED_BATCH, SCHED_DEADLINE,
};
#define SCHEDPOLICY_N (sizeof(schedpolicy_policies) / sizeof(schedpolicy_policies[0]))

struct schedpolicy_state {
	uint64_t rnd;
	uint32_t util_min, util_max, util_value;
	unsigned counter, rounds;
	bool nice_cap;
	size_t page;
};

static uint32_t schedpolicy_rand(struct schedpolicy_state *s)
{
	s->rnd ^= s->rnd << 13;
	s->rnd ^= s->rnd >> 7;
	s->rnd ^= s->rnd << 17;
	return (uint32_t)(s->rnd >> 16);
}

static long schedpolicy_getattr(pid_t pid, void *attr, unsigned size, unsigned flags)
{
	return syscall(SYS_sched_getattr, pid, attr, size, flags);
}

static long schedpolicy_setattr(pid_t pid, void *attr, unsigned flags)
{
	return syscall(SYS_sched_setattr, pid, attr, flags);
}

/* stress-ng's racy guess at a pid nobody has: pid_max from /proc, then
 * up to 20 random pids probed with kill(pid, 0). */
static pid_t schedpolicy_unused_pid(struct schedpolicy_state *s)
{
	char buf[64] = { 0 };
	int fd = open("/proc/sys/kernel/pid_max", O_RDONLY | O_CLOEXEC);
	pid_t max = 4194304, pid;

	if (fd >= 0) {
		if (read(fd, buf, sizeof(buf) - 1) > 0)
			max = atoi(buf);
		close(fd);
	}
	if (max < 1024)
		max = 1024;
	for (int i = 0; i < 20; i++) {
		pid = (pid_t)(schedpolicy_rand(s) % (uint32_t)(max - 1023)) + 1023;
		if (kill(pid, 0) < 0 && errno == ESRCH)
			return pid;
	}
	return max;
}

/* Sets policy on pid; returns the call's result (errno kept). */
static int schedpolicy_set(struct instance *in, struct schedpolicy_state *s,
			   int policy, pid_t pid)
{
	struct sched_param p = { 0 };
	int lo, hi;

	switch (policy) {
	case SCHED_DEADLINE:
		if (in->index == 0) {
			struct schedpolicy_attr a = {
				.size = sizeof(a), .sched_policy = SCHED_DEADLINE,
				.sched_runtime = 64000000, .sched_deadline = 128000000,
				.sched_period = 256000000,
			};

			return (int)schedpolicy_setattr(0, &a, 0);
		}
		/* one deadline instance, as stress-ng; the others: other */
		__attribute__((fallthrough));
	case SCHED_IDLE:
	case SCHED_BATCH:
	case SCHED_OTHER:
		(void)sched_setscheduler(pid, -1, &p);
		(void)sched_setscheduler(-1, policy == SCHED_DEADLINE ? SCHED_OTHER : policy, &p);
		p.sched_priority = ~0;
		(void)sched_setscheduler(pid, policy, &p);
		p.sched_priority = 0;
		return sched_setscheduler(pid, policy, &p);
	case SCHED_RR: {
		struct timespec t;

		(void)sched_rr_get_interval(pid, &t);
	}
		__attribute__((fallthrough));
	default:
		lo = sched_get_priority_min(policy);
		hi = sched_get_priority_max(policy);
		if (lo < 0 || hi <= lo)
			return 1;	/* not here: nothing set, nothing to check */
		p.sched_priority = (int)(schedpolicy_rand(s) % (uint32_t)(hi - lo)) + lo;
		return sched_setscheduler(pid, policy, &p);
	}
}

/* stress-ng's get/set param calls, and every 1025th round its bad ones. */
static void schedpolicy_params(struct schedpolicy_state *s, pid_t pid)
{
	struct sched_param p;

	if (s->rounds++ >= 1024) {
		s->rounds = 0;
		memset(&p, 0, sizeof(p));
		(void)sched_getparam(-1, &p);
		(void)syscall(SYS_sched_getparam, pid, NULL);
		(void)sched_getparam(schedpolicy_unused_pid(s), &p);
		memset(&p, 0, sizeof(p));
		(void)sched_setparam(-1, &p);
		(void)syscall(SYS_sched_setparam, pid, NULL);
		if (!s->nice_cap)
			(void)sched_setparam(schedpolicy_unused_pid(s), &p);
	}
	(void)sched_getscheduler(-1);
	(void)sched_getscheduler(schedpolicy_unused_pid(s));
	memset(&p, 0, sizeof(p));
	(void)sched_getparam(pid, &p);
	(void)sched_setparam(pid, &p);
}

/* The sched_getattr/setattr part, the clamp cycled down as stress-ng's. */
static void schedpolicy_attrs(struct schedpolicy_state *s, pid_t pid, char *large)
{
	struct schedpolicy_attr a;

	memset(large, 0, s->page + 16);
	(void)schedpolicy_getattr(pid, large, (unsigned)(s->page + 16), 0);
	memset(&a, 0, sizeof(a));
	(void)schedpolicy_getattr(pid, &a, sizeof(a), ~0u);
	(void)schedpolicy_getattr(-1, &a, sizeof(a), 0);
	(void)schedpolicy_getattr(schedpolicy_unused_pid(s), &a, sizeof(a), 0);
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	(void)schedpolicy_getattr(pid, &a, sizeof(a), 0);
	if (a.sched_util_max) {
		if (s->util_min > a.sched_util_min)
			s->util_min = a.sched_util_min;
		if (s->util_max < a.sched_util_max)
			s->util_max = a.sched_util_max;
		if (s->util_min > s->util_max)
			s->util_min = s->util_max;
		if (!s->util_value)
			s->util_value = s->util_max;
		a.sched_util_max = s->util_value;
	}
	(void)schedpolicy_setattr(pid, &a, ~0u);
	(void)schedpolicy_setattr(-1, &a, 0);
	a.size = sizeof(a);
	(void)schedpolicy_setattr(pid, &a, 0);
	if (s->counter++ > 256 && s->util_value > s->util_min) {
		s->util_value--;
		s->counter = 0;
	}
}

static int schedpolicy_run(struct instance *in)
{
	struct schedpolicy_state s = {
		.rnd = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)getpid() << 20) ^ in->index,
		.util_min = ~0u, .page = (size_t)sysconf(_SC_PAGESIZE),
		.nice_cap = geteuid() == 0,
	};
	const pid_t self = getpid();
	unsigned at = in->index % SCHEDPOLICY_N;
	char *large = malloc(s.page + 16);
	struct instance_loop l = instance_loop_begin(in);
	int status = SK_OK;

	if (!large)
		return SK_NO_RESOURCE;
	while (instance_loop_continue(&l)) {
		const int policy = schedpolicy_policies[at];
		const pid_t pid = schedpolicy_rand(&s) & 1 ? 0 : self;
		int r;

		(void)sched_yield();
		errno = 0;
		r = schedpolicy_set(in, &s, policy, pid);
		if (r < 0 && errno != EPERM && errno != EINVAL && errno != EINTR &&
		    errno != ENOSYS && errno != EBUSY) {
			status = instance_syscall_failed(in, "sched_setscheduler");
			break;
		}
		if (r == 0) {
			int got = sched_getscheduler(pid);

			if (in->ctx->verify && (got & ~SCHED_RESET_ON_FORK) != policy &&
			    !(policy == SCHED_DEADLINE && in->index)) {
				instance_fail(in, "policy %d set, sched_getscheduler reads %d",
					      policy, got);
				status = SK_FAILED;
				break;
			}
		}
		schedpolicy_params(&s, pid);
		schedpolicy_attrs(&s, pid, large);
		at = (at + 1) % SCHEDPOLICY_N;
		instance_loop_inc(&l);
	}
	free(large);
	return status;
}

static const struct stressor schedpolicy_stressor = {
	.name      = "schedpolicy",
	.summary   = "cycle the instance through the scheduling policies",
	.help      = "stress-ng's schedpolicy: one bogo-op is one policy change (idle,\n"
		     "fifo, rr, other, batch, deadline in turn) with stress-ng's get/set\n"
		     "param and attr calls and its failing ones around it. As root the\n"
		     "fifo and rr rounds run at a real-time priority, as stress-ng's.\n"
		     "--verify: a policy set reads back as set.",
	.classes   = CLASS_SCHEDULER | CLASS_OS,	/* stress-ng: interrupt, scheduler, os */
	.flags     = STRESSOR_NO_THREADS,
	.syscalls  = SK_SYSCALLS("sched_setscheduler", "sched_getscheduler",
				 "sched_setparam", "sched_getparam", "sched_setattr",
				 "sched_getattr", "sched_get_priority_min",
				 "sched_get_priority_max", "sched_rr_get_interval",
				 "openat", "read", "kill", "geteuid"),
	.run       = schedpolicy_run,
	.version   = "1",
};

STRESSOR_REGISTER(schedpolicy_stressor);
