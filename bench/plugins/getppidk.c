/*
 * getppidk.c - a bench plugin: a CPU-bound syscall op whose work is known
 * exactly. One bogo-op is --getppidk-calls getppid() calls (K, default
 * 100), so K=103 against K=100 is 3% more kernel entries per op, and the
 * change of ops/s a compare should see is -2.9%, whatever the machine.
 * Built out of tree, as any plugin: stresskit --plugin ./getppidk.so
 * --getppidk 1 --getppidk-calls 103 (bench/verdicts.sh builds it).
 * --getppidk-stall T every --getppidk-stall-every P sleeps T once each P
 * of the instance's time: the same work per op, with intermittent stalls
 * of a known length and period (the stall the envelope must not hide).
 */
#include <stresskit/stressor.h>

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define GETPPIDK_CALLS_DEFAULT	100
#define GETPPIDK_CALLS_MAX	1000000

struct getppidk_opts {
	uint64_t calls;
	double stall, stall_every;	/* seconds; 0: no stalls */
};

static const struct stressor_opt getppidk_opts[] = {
	{ .name = "getppidk-calls", .type = OPT_COUNT,
	  .offset = offsetof(struct getppidk_opts, calls),
	  .min = 1, .max = GETPPIDK_CALLS_MAX, .def = GETPPIDK_CALLS_DEFAULT,
	  .help = "getppid() calls per bogo-op (K)" },
	{ .name = "getppidk-stall", .type = OPT_TIME,
	  .offset = offsetof(struct getppidk_opts, stall), .max = 10,
	  .help = "sleep this long once each --getppidk-stall-every (default 0: never)" },
	{ .name = "getppidk-stall-every", .type = OPT_TIME,
	  .offset = offsetof(struct getppidk_opts, stall_every), .max = 3600,
	  .help = "the period of the stalls (default 0: none)" },
	OPT_TABLE_END,
};

static int getppidk_run(struct instance *in)
{
	const struct getppidk_opts *o = in->opts;
	struct instance_loop l = instance_loop_begin(in);
	const uint64_t calls = o->calls;
	const bool stalls = o->stall > 0 && o->stall_every > 0;
	double next = stalls ? sk_now() + o->stall_every : 0;

	while (instance_loop_continue(&l)) {
		/* the raw syscall: no libc of any version can answer it from a cache */
		for (uint64_t i = 0; i < calls; i++)
			(void)syscall(SYS_getppid);
		instance_loop_inc(&l);
		/* one vDSO clock read an op, only when stalls were asked for */
		if (stalls && sk_now() >= next) {
			struct timespec ts = { .tv_sec = (time_t)o->stall,
					       .tv_nsec = (long)((o->stall - (double)(time_t)o->stall) * 1e9) };

			nanosleep(&ts, NULL);
			next += o->stall_every;
		}
	}
	return SK_OK;
}

static const struct stressor getppidk_stressor = {
	.name      = "getppidk",
	.summary   = "a bench plugin: K getppid() calls per bogo-op",
	.help      = "One bogo-op is --getppidk-calls (K) getppid() calls, each a kernel\n"
		     "entry and return that does almost nothing else, so the kernel work\n"
		     "of an op is K times one call's and a change of K is a change of\n"
		     "known size (bench/verdicts.sh: K=100 against 103 and 111).",
	.classes   = CLASS_OS,
	.opts      = getppidk_opts,
	.opts_size = sizeof(struct getppidk_opts),
	.syscalls  = SK_SYSCALLS("getppid", "nanosleep", "clock_nanosleep"),
	.run       = getppidk_run,
	.version   = "1",
};
STRESSOR_REGISTER(getppidk_stressor);
