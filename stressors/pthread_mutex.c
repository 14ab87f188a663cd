/*
 * pthread_mutex.c - will-it-scale's pthread_mutex1-5: lock and unlock a
 * pthread mutex in a loop. One bogo-op is one pthread_mutex_lock() and
 * one pthread_mutex_unlock(), with the case's update in between:
 *   pthread_mutex1: one mutex shared by every instance, nothing updated;
 *   pthread_mutex2: a mutex of each instance's own, never contended;
 *   pthread_mutex3: the shared mutex, and a shared counter incremented
 *                   under it (the counter's cache line moves too);
 *   pthread_mutex4: the shared mutex, and a counter on the instance's
 *                   own stack incremented under it;
 *   pthread_mutex5: the shared mutex, and a thread-local counter.
 * The shared mutex is contended only where instances share memory, as
 * threads: will-it-scale's process runs of 1, 3, 4 and 5 each lock a
 * private copy, which is pthread_mutex2. So those four run only with
 * --instance-mode thread and refuse process mode; pthread_mutex2 runs
 * either way. Uncontended, no call enters the kernel; contended, the
 * waiters sleep and wake in futex(2).
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* What one op updates under the lock. */
enum mutex_update {
	MUTEX_NONE,
	MUTEX_SHARED,	/* pthread_mutex3 */
	MUTEX_STACK,	/* pthread_mutex4 */
	MUTEX_TLS,	/* pthread_mutex5 */
};

/*
 * The shared mutex and counter, each in a cache line of its own, as
 * will-it-scale's two globals fall (val, then mutex at the next line):
 * sharing one line, the counter's update and the lock's atomics would be
 * a different op. owner is written only with --verify, to catch two
 * holders.
 */
struct mutex_shared {
	pthread_mutex_t mutex __attribute__((aligned(64)));
	unsigned long counter __attribute__((aligned(64)));
	volatile uint32_t owner;
};

static __thread unsigned long mutex_tls_counter;

/* ops between the loop's checks and counts (instance_loop_batch): an
 * uncontended op in process mode is 3 ns, against which a check and count
 * every 64 ops still showed; 1024 ops are microseconds even contended,
 * nothing against the timeout's milliseconds */
#define MUTEX_BATCH	1024

static int mutex_prepare(struct stressor_ctx *ctx)
{
	struct mutex_shared *sh;

	if (posix_memalign((void **)&sh, 64, sizeof(*sh)))
		return SK_NO_RESOURCE;
	memset(sh, 0, sizeof(*sh));
	pthread_mutex_init(&sh->mutex, NULL);
	ctx->priv = sh;
	return SK_OK;
}

static void mutex_cleanup(struct stressor_ctx *ctx)
{
	struct mutex_shared *sh = ctx->priv;

	if (!sh)
		return;
	pthread_mutex_destroy(&sh->mutex);
	free(sh);
	ctx->priv = NULL;
}

/*
 * The loop, inlined into each case with update a constant, so the op is
 * lock, update, unlock and nothing else, MUTEX_BATCH of them between two
 * checks and counts. With verify (a constant too: mutex_run) the holder
 * writes its index into owner after locking and checks it before unlocking.
 */
static inline __attribute__((always_inline)) int
mutex_loop(struct instance *in, pthread_mutex_t *m, struct mutex_shared *sh,
	   enum mutex_update update, bool verify)
{
	const uint32_t me = in->index + 1;
	volatile unsigned long stack_counter = 0;
	struct instance_loop l = instance_loop_begin(in);
	uint64_t n, left = 0;
	int err;

	while ((n = instance_loop_batch(&l, MUTEX_BATCH))) {
		/* down to zero: one fused sub-and-branch a 3 ns op, where the
		 * count up to n (add, cmp, jae) cost 9% (docs/benchmarks.md) */
		for (left = n; left; left--) {
			if ((err = pthread_mutex_lock(m)))
				goto failed;
			if (verify)
				sh->owner = me;
			if (update == MUTEX_SHARED)
				sh->counter++;
			else if (update == MUTEX_STACK)
				stack_counter++;
			else if (update == MUTEX_TLS)
				mutex_tls_counter++;
			if (verify && sh->owner != me) {
				pthread_mutex_unlock(m);
				instance_loop_add(&l, n - left);
				instance_fail(in, "verify: instance %u held the mutex too",
					      sh->owner - 1);
				return SK_FAILED;
			}
			if ((err = pthread_mutex_unlock(m)))
				goto failed;
		}
		instance_loop_add(&l, n);
	}
	(void)stack_counter;
	return SK_OK;
failed:
	instance_loop_add(&l, n - left);
	return instance_error(in, "pthread_mutex", -err);
}

/*
 * The loop with verify a constant as well: without --verify the op is
 * the lock, the update and the unlock, with no test of the option in it.
 * sh is NULL for a mutex of the instance's own, which nobody else holds.
 */
static inline __attribute__((always_inline)) int
mutex_run(struct instance *in, pthread_mutex_t *m, struct mutex_shared *sh,
	  enum mutex_update update)
{
	if (in->ctx->verify && sh)
		return mutex_loop(in, m, sh, update, true);
	return mutex_loop(in, m, sh, update, false);
}

static int pthread_mutex1_run(struct instance *in)
{
	struct mutex_shared *sh = in->ctx->priv;

	return mutex_run(in, &sh->mutex, sh, MUTEX_NONE);
}

static int pthread_mutex2_run(struct instance *in)
{
	/* in a cache line of its own, as the shared mutex is: unaligned, the
	 * op's cost followed where the frame put the lock word among the
	 * calls' stack slots, which is the compiler's choice, not the lock's */
	pthread_mutex_t own __attribute__((aligned(64))) = PTHREAD_MUTEX_INITIALIZER;

	return mutex_run(in, &own, NULL, MUTEX_NONE);
}

static int pthread_mutex3_run(struct instance *in)
{
	struct mutex_shared *sh = in->ctx->priv;

	return mutex_run(in, &sh->mutex, sh, MUTEX_SHARED);
}

static int pthread_mutex4_run(struct instance *in)
{
	struct mutex_shared *sh = in->ctx->priv;

	return mutex_run(in, &sh->mutex, sh, MUTEX_STACK);
}

static int pthread_mutex5_run(struct instance *in)
{
	struct mutex_shared *sh = in->ctx->priv;

	return mutex_run(in, &sh->mutex, sh, MUTEX_TLS);
}

/* futex is in the base set; named for what a contended mutex calls */
#define MUTEX_SYSCALLS SK_SYSCALLS("futex")

#define MUTEX_HELP_SHARED						\
	"The mutex is shared by the instances, so they must be threads of one\n"	\
	"process: this case runs only with --instance-mode thread (a class\n"	\
	"or --all run in process mode leaves it out); will-it-scale's process\n"	\
	"run of it locks a private copy, which is pthread_mutex2.\n"		\
	"One bogo-op is one lock and one unlock. With --verify the holder\n"	\
	"checks no other instance took the mutex while it held it."

static const struct stressor pthread_mutex1_stressor = {
	.name      = "pthread_mutex1",
	.summary   = "lock and unlock one pthread mutex shared by all instances",
	.help      = "will-it-scale pthread_mutex1: every instance locks and unlocks\n"
		     "the same pthread mutex (contended), doing nothing under it.\n"
		     MUTEX_HELP_SHARED,
	.classes   = CLASS_SCHEDULER | CLASS_CPU | CLASS_OS,
	.flags     = STRESSOR_THREADS_ONLY,
	.syscalls  = MUTEX_SYSCALLS,
	.prepare   = mutex_prepare,
	.run       = pthread_mutex1_run,
	.cleanup   = mutex_cleanup,
	.version   = "1",
};

static const struct stressor pthread_mutex2_stressor = {
	.name      = "pthread_mutex2",
	.summary   = "lock and unlock a pthread mutex of each instance's own",
	.help      = "will-it-scale pthread_mutex2: each instance locks and unlocks a\n"
		     "mutex of its own, never contended, so no call enters the kernel.\n"
		     "One bogo-op is one lock and one unlock. Runs as processes or as\n"
		     "threads (--instance-mode thread).",
	.classes   = CLASS_SCHEDULER | CLASS_CPU | CLASS_OS,
	.syscalls  = MUTEX_SYSCALLS,
	.run       = pthread_mutex2_run,
	.version   = "1",
};

static const struct stressor pthread_mutex3_stressor = {
	.name      = "pthread_mutex3",
	.summary   = "shared pthread mutex guarding a shared counter",
	.help      = "will-it-scale pthread_mutex3: every instance locks the same mutex,\n"
		     "increments a counter shared by all, and unlocks.\n"
		     MUTEX_HELP_SHARED,
	.classes   = CLASS_SCHEDULER | CLASS_CPU | CLASS_OS,
	.flags     = STRESSOR_THREADS_ONLY,
	.syscalls  = MUTEX_SYSCALLS,
	.prepare   = mutex_prepare,
	.run       = pthread_mutex3_run,
	.cleanup   = mutex_cleanup,
	.version   = "1",
};

static const struct stressor pthread_mutex4_stressor = {
	.name      = "pthread_mutex4",
	.summary   = "shared pthread mutex guarding a counter on each stack",
	.help      = "will-it-scale pthread_mutex4: every instance locks the same mutex,\n"
		     "increments a counter on its own stack, and unlocks.\n"
		     MUTEX_HELP_SHARED,
	.classes   = CLASS_SCHEDULER | CLASS_CPU | CLASS_OS,
	.flags     = STRESSOR_THREADS_ONLY,
	.syscalls  = MUTEX_SYSCALLS,
	.prepare   = mutex_prepare,
	.run       = pthread_mutex4_run,
	.cleanup   = mutex_cleanup,
	.version   = "1",
};

static const struct stressor pthread_mutex5_stressor = {
	.name      = "pthread_mutex5",
	.summary   = "shared pthread mutex guarding a thread-local counter",
	.help      = "will-it-scale pthread_mutex5: every instance locks the same mutex,\n"
		     "increments a thread-local counter, and unlocks.\n"
		     MUTEX_HELP_SHARED,
	.classes   = CLASS_SCHEDULER | CLASS_CPU | CLASS_OS,
	.flags     = STRESSOR_THREADS_ONLY,
	.syscalls  = MUTEX_SYSCALLS,
	.prepare   = mutex_prepare,
	.run       = pthread_mutex5_run,
	.cleanup   = mutex_cleanup,
	.version   = "1",
};

STRESSOR_REGISTER(pthread_mutex1_stressor);
STRESSOR_REGISTER(pthread_mutex2_stressor);
STRESSOR_REGISTER(pthread_mutex3_stressor);
STRESSOR_REGISTER(pthread_mutex4_stressor);
STRESSOR_REGISTER(pthread_mutex5_stressor);
