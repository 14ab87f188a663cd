/*
 * posix_semaphore.c - will-it-scale's posix_semaphore1: each instance
 * takes and gives back an unnamed process-private semaphore of its own,
 * never contended, so neither call enters the kernel: the cost is the C
 * library's atomics. One bogo-op is one sem_wait() and one sem_post().
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <semaphore.h>

static int posix_semaphore1_run(struct instance *in)
{
	const bool verify = in->ctx->verify;
	sem_t sem;
	int status = SK_OK;
	struct instance_loop l = instance_loop_begin(in);

	if (sem_init(&sem, 0, 1) < 0)
		return instance_syscall_failed(in, "sem_init");
	while (instance_loop_continue(&l)) {
		if (sem_wait(&sem) < 0) {
			if (errno == EINTR)
				continue;
			status = instance_syscall_failed(in, "sem_wait");
			break;
		}
		if (sem_post(&sem) < 0) {
			status = instance_syscall_failed(in, "sem_post");
			break;
		}
		if (verify) {
			int v = -1;

			if (sem_getvalue(&sem, &v) < 0 || v != 1) {
				instance_fail(in, "verify: semaphore value %d after post, expected 1", v);
				status = SK_FAILED;
				break;
			}
		}
		instance_loop_inc(&l);
	}
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
