/*
 * signal1.c - will-it-scale's signal1: each instance sends itself a signal
 * with raise(3) and takes it in an empty handler. One bogo-op is one
 * raise(): the C library's mask-block, tgkill(2) and mask-restore, the
 * delivery to the handler and rt_sigreturn(2). In thread mode the
 * instances share one sighand, so its lock is contended.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <signal.h>
#include <string.h>

/*
 * will-it-scale raises SIGUSR1; thread mode's worker relays stops and
 * completions with SIGUSR1 and SIGUSR2 (core/run/threads.c), so this
 * stressor raises SIGURG, which nothing else here uses. The kernel's
 * path is the same for any non-realtime signal with a handler.
 */
#define SIGNAL1_SIG	SIGURG

/* Handlers run on the thread that raised: one count per thread. */
static __thread volatile sig_atomic_t signal1_taken;

static void signal1_handler(int sig)
{
	(void)sig;
	signal1_taken++;
}

static int signal1_run(struct instance *in)
{
	const bool verify = in->ctx->verify;
	struct sigaction sa;
	struct instance_loop l = instance_loop_begin(in);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = signal1_handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGNAL1_SIG, &sa, NULL) < 0)
		return instance_syscall_failed(in, "sigaction");
	while (instance_loop_continue(&l)) {
		sig_atomic_t before = signal1_taken;

		if (raise(SIGNAL1_SIG) != 0)
			return instance_syscall_failed(in, "raise");
		/* raise() returns after the handler ran on this thread */
		if (verify && signal1_taken == before) {
			instance_fail(in, "verify: raise() returned before the handler ran");
			return SK_FAILED;
		}
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static const struct stressor signal1_stressor = {
	.name      = "signal1",
	.summary   = "raise a signal to self and take it in an empty handler",
	.help      = "will-it-scale signal1: one bogo-op is one raise() of a signal\n"
		     "with an empty handler, delivered to the raising task (SIGURG\n"
		     "here, SIGUSR1 in will-it-scale: thread mode uses SIGUSR1).\n"
		     "Runs as processes or as threads (--instance-mode thread), where\n"
		     "the instances share one signal-handler table. With --verify each\n"
		     "raise() must have run the handler before it returned.",
	.classes   = CLASS_SCHEDULER | CLASS_OS,
	.syscalls  = SK_SYSCALLS("rt_sigaction", "tgkill", "getpid", "gettid"),
	.run       = signal1_run,
	.version   = "1",
};

STRESSOR_REGISTER(signal1_stressor);
