/*
 * posix_semaphore.c - will-it-scale's posix_semaphore1: each instance
 * takes and gives back an unnamed process-private semaphore of its own,
 * never contended, so neither call enters the kernel: the cost is the C
 * library's atomics. One bogo-op is one sem_wait() and one sem_post().
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <semaphore.h>

/* ops between the loop's checks and counts: an op is ~15 ns (two
 * uncontended atomics in the C library), the check and count a tenth of
 * it (instance_loop_batch) */
#define SEM_BATCH	64

/* One op; returns SK_OK or the failure's status, reported. */
static inline __attribute__((always_inline)) int
sem_op(struct instance *in, sem_t *sem, bool verify)
{
	int v = -1;

	while (sem_wait(sem) < 0)
		if (errno != EINTR)
			return instance_syscall_failed(in, "sem_wait");
	if (sem_post(sem) < 0)
		return instance_syscall_failed(in, "sem_post");
	if (verify && (sem_getvalue(sem, &v) < 0 || v != 1)) {
		instance_fail(in, "verify: semaphore value %d after post, expected 1", v);
		return SK_FAILED;
	}
	return SK_OK;
}

/* Inlined twice with verify constant: without it the op is the two calls. */
static inline __attribute__((always_inline)) int
sem_loop(struct instance *in, sem_t *sem, bool verify)
{
	struct instance_loop l = instance_loop_begin(in);
	uint64_t n, i;
	int status;

	while ((n = instance_loop_batch(&l, SEM_BATCH))) {
		for (i = 0; i < n; i++) {
			if ((status = sem_op(in, sem, verify))) {
				instance_loop_add(&l, i);
				return status;
			}
		}
		instance_loop_add(&l, n);
	}
	return SK_OK;
}

static int posix_semaphore1_run(struct instance *in)
{
	sem_t sem;
	int status;

	if (sem_init(&sem, 0, 1) < 0)
		return instance_syscall_failed(in, "sem_init");
	status = in->ctx->verify ? sem_loop(in, &sem, true) : sem_loop(in, &sem, false);
	sem_destroy(&sem);
	return status;
}

static const struct stressor posix_semaphore1_stressor = {
	.name      = "posix_semaphore1",
	.summary   = "sem_wait and sem_post on an uncontended semaphore",
	.help      = "will-it-scale posix_semaphore1: each instance has a private\n"
		     "unnamed semaphore (value 1); one bogo-op is one sem_wait() and\n"
		     "one sem_post(), uncontended, so no futex call is made. Runs as\n"
		     "processes or as threads (--instance-mode thread). With --verify\n"
		     "the value must be back to 1 after each post.",
	.classes   = CLASS_SCHEDULER | CLASS_CPU | CLASS_OS,
	/* uncontended: no syscall; futex is in the base set anyway */
	.syscalls  = SK_SYSCALLS("futex"),
	.run       = posix_semaphore1_run,
	.version   = "1",
};

STRESSOR_REGISTER(posix_semaphore1_stressor);
