/*
 * bad.c - test plugins that stresskit must refuse, one per BAD_* macro
 * (test_plugin.sh builds each): every one is a line naming the file and
 * exit 1 before anything runs, or, for a crash in run(), that instance's
 * failure.
 */
#define _GNU_SOURCE
#include <stresskit/stressor.h>

#include <signal.h>

static int bad_run(struct instance *in)
{
#ifdef BAD_CRASH_RUN
	raise(SIGSEGV);
#endif
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l))
		instance_loop_inc(&l);
	return SK_OK;
}

#ifdef BAD_CRASH_PREPARE
static int bad_prepare(struct stressor_ctx *ctx)
{
	*(volatile int *)ctx->priv = 1;	/* priv is NULL */
	return SK_OK;
}
#else
#define bad_prepare NULL
#endif

#ifdef BAD_OPT_CLASH
/* the built-in pipe has --pipe-data-size */
static const struct stressor_opt bad_opts[] = {
	{ .name = "pipe-data-size", .type = OPT_COUNT, .max = 10, .help = "clashes" },
	OPT_TABLE_END,
};
#define BAD_OPTS bad_opts
#define BAD_NAME "pipe-data"
#else
#define BAD_OPTS NULL
#endif

#ifdef BAD_NAME_CLASH
#define BAD_NAME "pipe"
#endif
#ifdef BAD_GLOBAL
#define BAD_NAME "timeout"
#endif
#ifndef BAD_NAME
#define BAD_NAME "bad"
#endif

static const struct stressor bad_stressor __attribute__((unused)) = {
	.name      = BAD_NAME,
	.summary   = "a plugin stresskit must refuse",
	.classes   = CLASS_CPU,
	.opts      = BAD_OPTS,
	.opts_size = 8,
#ifndef BAD_NO_SYSCALLS
	.syscalls  = SK_NO_SYSCALLS,
#endif
#ifdef BAD_NEEDS
	.needs     = "splice no-such-feature",
#endif
	.prepare   = bad_prepare,
	.run       = bad_run,
#ifdef BAD_VERSION
	.version   = "1 (changed)",
#endif
};

#if defined(BAD_ABI)
/* what a plugin built against the next major's headers hands in */
__attribute__((constructor)) static void bad_register(void)
{
	sk_plugin_register(&bad_stressor, SK_ABI_MAJOR + 1, 0);
}
#elif defined(BAD_ABI_MINOR)
/* what a plugin built against a newer minor's headers hands in: it may call
 * a function or read a field this stresskit does not have */
__attribute__((constructor)) static void bad_register(void)
{
	sk_plugin_register(&bad_stressor, SK_ABI_MAJOR, SK_ABI_MINOR + 1);
}
#elif !defined(BAD_NONE)
STRESSOR_REGISTER(bad_stressor);
#endif
