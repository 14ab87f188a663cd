/*
 * getppidk.c - a bench plugin: a CPU-bound syscall op whose work is known
 * exactly. One bogo-op is --getppidk-calls getppid() calls (K, default
 * 100), so K=103 against K=100 is 3% more kernel entries per op, and the
 * change of ops/s a compare should see is -2.9%, whatever the machine.
 * Built out of tree, as any plugin: stresskit --plugin ./getppidk.so
 * --getppidk 1 --getppidk-calls 103 (bench/verdicts.sh builds it).
 */
#include <stresskit/stressor.h>

#include <sys/syscall.h>
#include <unistd.h>

#define GETPPIDK_CALLS_DEFAULT	100
#define GETPPIDK_CALLS_MAX	1000000

struct getppidk_opts {
	uint64_t calls;
};

static const struct stressor_opt getppidk_opts[] = {
	{ .name = "getppidk-calls", .type = OPT_COUNT,
	  .offset = offsetof(struct getppidk_opts, calls),
	  .min = 1, .max = GETPPIDK_CALLS_MAX, .def = GETPPIDK_CALLS_DEFAULT,
	  .help = "getppid() calls per bogo-op (K)" },
	OPT_TABLE_END,
};

static int getppidk_run(struct instance *in)
{
	const struct getppidk_opts *o = in->opts;
	struct instance_loop l = instance_loop_begin(in);
	const uint64_t calls = o->calls;

	while (instance_loop_continue(&l)) {
		/* the raw syscall: no libc of any version can answer it from a cache */
		for (uint64_t i = 0; i < calls; i++)
			(void)syscall(SYS_getppid);
		instance_loop_inc(&l);
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
	.syscalls  = SK_SYSCALLS("getppid"),
	.run       = getppidk_run,
	.version   = "1",
};
STRESSOR_REGISTER(getppidk_stressor);
