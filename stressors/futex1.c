/*
 * futex1.c - will-it-scale's futex1-4: futex(2) calls that never sleep,
 * each on a word of the instance's own stack, so what they measure is the
 * futex hash lookup and its bucket lock. One bogo-op is one futex() call.
 *   futex1: FUTEX_WAKE of one waiter (there is none);
 *   futex2: FUTEX_WAIT for a value the word does not hold (EAGAIN at once);
 *   futex3, futex4: the same with FUTEX_PRIVATE_FLAG (no mm-wide key).
 * In thread mode the private futexes of all instances hash in one mm.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

static int futex_loop(struct instance *in, int op)
{
	const bool wait = (op & FUTEX_CMD_MASK) == FUTEX_WAIT;
	const bool verify = in->ctx->verify;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		/* will-it-scale's word lives on the stack of the loop body */
		volatile unsigned int word = 0;
		long ret;

		/* val 1: WAKE at most one; WAIT for 1 while the word holds 0 */
		ret = syscall(SYS_futex, &word, op, 1, NULL, NULL, 0);
		if (ret < 0 && errno != EAGAIN) {
			if (errno == EINTR)
				continue;
			return instance_syscall_failed(in, "futex");
		}
		if (verify && (wait ? ret != -1 : ret != 0)) {
			instance_fail(in, "verify: futex %s returned %ld",
				      wait ? "WAIT" : "WAKE", ret);
			return SK_FAILED;
		}
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static int futex1_run(struct instance *in)
{
	return futex_loop(in, FUTEX_WAKE);
}

static int futex2_run(struct instance *in)
{
	return futex_loop(in, FUTEX_WAIT);
}

static int futex3_run(struct instance *in)
{
	return futex_loop(in, FUTEX_WAKE_PRIVATE);
}

static int futex4_run(struct instance *in)
{
	return futex_loop(in, FUTEX_WAIT_PRIVATE);
}

#define FUTEX_HELP_TAIL							\
	"The word is on the instance's own stack. Runs as processes or\n"	\
	"threads. With --verify each call's result is checked."

static const struct stressor futex1_stressor = {
	.name      = "futex1",
	.summary   = "futex(FUTEX_WAKE) with no waiter",
	.help      = "will-it-scale futex1: one bogo-op is one futex(FUTEX_WAKE, 1) on\n"
		     "a word nobody waits on (it wakes none).\n" FUTEX_HELP_TAIL,
	.classes   = CLASS_SCHEDULER | CLASS_OS,
	.syscalls  = SK_SYSCALLS("futex"),
	.run       = futex1_run,
	.version   = "1",
};

static const struct stressor futex2_stressor = {
	.name      = "futex2",
	.summary   = "futex(FUTEX_WAIT) on a changed value: EAGAIN at once",
	.help      = "will-it-scale futex2: one bogo-op is one futex(FUTEX_WAIT, 1) on\n"
		     "a word holding 0, which returns EAGAIN without sleeping.\n"
		     FUTEX_HELP_TAIL,
	.classes   = CLASS_SCHEDULER | CLASS_OS,
	.syscalls  = SK_SYSCALLS("futex"),
	.run       = futex2_run,
	.version   = "1",
};

static const struct stressor futex3_stressor = {
	.name      = "futex3",
	.summary   = "futex(FUTEX_WAKE_PRIVATE) with no waiter",
	.help      = "will-it-scale futex3: futex1 with FUTEX_PRIVATE_FLAG; one bogo-op\n"
		     "is one futex(FUTEX_WAKE_PRIVATE, 1) that wakes none.\n"
		     FUTEX_HELP_TAIL,
	.classes   = CLASS_SCHEDULER | CLASS_OS,
	.syscalls  = SK_SYSCALLS("futex"),
	.run       = futex3_run,
	.version   = "1",
};

static const struct stressor futex4_stressor = {
	.name      = "futex4",
	.summary   = "futex(FUTEX_WAIT_PRIVATE) on a changed value",
	.help      = "will-it-scale futex4: futex2 with FUTEX_PRIVATE_FLAG; one bogo-op\n"
		     "is one futex(FUTEX_WAIT_PRIVATE, 1) returning EAGAIN.\n"
		     FUTEX_HELP_TAIL,
	.classes   = CLASS_SCHEDULER | CLASS_OS,
	.syscalls  = SK_SYSCALLS("futex"),
	.run       = futex4_run,
	.version   = "1",
};

STRESSOR_REGISTER(futex1_stressor);
STRESSOR_REGISTER(futex2_stressor);
STRESSOR_REGISTER(futex3_stressor);
STRESSOR_REGISTER(futex4_stressor);
