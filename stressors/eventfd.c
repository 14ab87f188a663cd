/*
 * eventfd.c - will-it-scale's eventfd1: each instance writes 1 to an
 * eventfd of its own and reads the counter back, so the read never blocks.
 * One bogo-op is one write(2) and one read(2) of 8 bytes.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* Retries EINTR; returns 0, or -errno (-EIO for a short transfer). */
static int eventfd_xfer(int fd, uint64_t *v, bool out)
{
	for (;;) {
		ssize_t n = out ? write(fd, v, sizeof(*v)) : read(fd, v, sizeof(*v));

		if (n == (ssize_t)sizeof(*v))
			return 0;
		if (n >= 0)
			return -EIO;
		if (errno != EINTR)
			return -errno;
	}
}

static int eventfd1_run(struct instance *in)
{
	const bool verify = in->ctx->verify;
	int fd = eventfd(0, EFD_CLOEXEC);
	int status = SK_OK, err;
	struct instance_loop l = instance_loop_begin(in);

	if (fd < 0)
		return instance_syscall_failed(in, "eventfd");
	while (instance_loop_continue(&l)) {
		uint64_t one = 1, got = 0;

		err = eventfd_xfer(fd, &one, true);
		if (!err)
			err = eventfd_xfer(fd, &got, false);
		if (err) {
			status = instance_error(in, "eventfd read/write", err);
			break;
		}
		if (verify && got != 1) {
			instance_fail(in, "verify: eventfd counter read %llu, expected 1",
				      (unsigned long long)got);
			status = SK_FAILED;
			break;
		}
		instance_loop_inc(&l);
	}
	close(fd);
	return status;
}

static const struct stressor eventfd1_stressor = {
	.name      = "eventfd1",
	.summary   = "write and read back 8 bytes through a private eventfd",
	.help      = "will-it-scale eventfd1: one bogo-op is one write() of 1 to an\n"
		     "eventfd of the instance's own and one read() of its counter.\n"
		     "Runs as processes or threads. With --verify each read must be 1.",
	.classes   = CLASS_OS,
	.syscalls  = SK_SYSCALLS("eventfd2", "read", "write"),
	.run       = eventfd1_run,
	.version   = "1",
};

STRESSOR_REGISTER(eventfd1_stressor);
