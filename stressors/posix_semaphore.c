/*
 * posix_semaphore.c - will-it-scale's posix_semaphore1: each instance
 * takes and gives back an unnamed process-private semaphore of its own,
 * never contended, so neither call enters the kernel: the cost is the C
 * library's atomics. One bogo-op is one sem_wait() and one sem_post().
 */
#include <stresskit/stressor.h>

#include <semaphore.h>

/* ops between the loop's checks and counts: an op is ~15 ns (two
 * uncontended atomics in the C library), the check and count a tenth of
 * it (instance_loop_batch) */
#define SEM_BATCH	64

/* One op with --verify; returns SK_OK or the failure's status, reported. */
static int sem_op_verified(struct instance *in, sem_t *sem)
{
	int v = -1;

	if (sem_wait(sem) < 0)
		return instance_syscall_failed(in, "sem_wait");
	if (sem_post(sem) < 0)
		return instance_syscall_failed(in, "sem_post");
	if (sem_getvalue(sem, &v) < 0 || v != 1) {
		instance_fail(in, "verify: semaphore value %d after post, expected 1", v);
		return SK_FAILED;
	}
	return SK_OK;
}

/*
 * The op is the two calls with their results unread, as will-it-scale's:
 * reading each result, even without a branch, made the op dearer than
 * the peer's. Neither call can fail while the semaphore is balanced:
 * sem_wait finds it at 1 and never waits, sem_post raises it from 0. The
 * balance is checked once a batch instead (a failed wait would leave it
 * at 2), and a batch found unbalanced is not counted.
 */
static int sem_loop(struct instance *in, sem_t *sem)
{
	struct instance_loop l = instance_loop_begin(in);
	uint64_t n, i;
	int v = -1;

	while ((n = instance_loop_batch(&l, SEM_BATCH))) {
		for (i = 0; i < n; i++) {
			sem_wait(sem);
			sem_post(sem);
		}
		if (sem_getvalue(sem, &v) < 0 || v != 1) {
			instance_fail(in, "semaphore value %d after a batch of sem_wait "
				      "and sem_post, expected 1", v);
			return SK_FAILED;
		}
		instance_loop_add(&l, n);
	}
	return SK_OK;
}

/* With --verify: each op checked as it is done. */
static int sem_loop_verified(struct instance *in, sem_t *sem)
{
	struct instance_loop l = instance_loop_begin(in);
	uint64_t n, i;
	int status;

	while ((n = instance_loop_batch(&l, SEM_BATCH))) {
		for (i = 0; i < n; i++) {
			if ((status = sem_op_verified(in, sem))) {
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
	status = in->ctx->verify ? sem_loop_verified(in, &sem) : sem_loop(in, &sem);
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
