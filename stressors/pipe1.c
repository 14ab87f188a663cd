/*
 * pipe1.c - will-it-scale's pipe1 and unix1: each instance writes one byte
 * into a channel of its own and reads it back from the other end, in the
 * same task, so there is never a sleeping reader to wake. One bogo-op is
 * one 1-byte write(2) followed by one 1-byte read(2).
 *   pipe1: the channel is a pipe;
 *   unix1: the channel is an AF_UNIX stream socketpair.
 * Unlike stress-ng's pipe stressor (stressors/pipe.c) nothing forks, so
 * both run as processes or as threads.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

/* Opens the instance's channel: fds[0] is read, fds[1] is written. */
typedef int (*pipe1_open_fn)(int fds[2]);

static int pipe1_open_pipe(int fds[2])
{
	return pipe2(fds, O_CLOEXEC);
}

static int pipe1_open_unix(int fds[2])
{
	return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds);
}

/*
 * Writes then reads one byte, retrying EINTR as will-it-scale does. With
 * --verify the byte is a running counter that must come back unchanged.
 */
static int pipe1_loop(struct instance *in, const int fds[2])
{
	const bool verify = in->ctx->verify;
	unsigned char out = 0, back = 0;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		ssize_t n;

		while ((n = write(fds[1], &out, 1)) != 1)
			if (n >= 0 || errno != EINTR)
				return instance_syscall_failed(in, "write");
		while ((n = read(fds[0], &back, 1)) != 1) {
			if (n == 0) {
				instance_fail(in, "read: unexpected end of file");
				return SK_FAILED;
			}
			if (errno != EINTR)
				return instance_syscall_failed(in, "read");
		}
		if (verify && back != out) {
			instance_fail(in, "verify: read byte %u, wrote %u", back, out);
			return SK_FAILED;
		}
		out++;
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static int pipe1_run_with(struct instance *in, pipe1_open_fn open_fn,
			  const char *what)
{
	int fds[2], status;

	if (open_fn(fds) < 0)
		return instance_syscall_failed(in, what);
	status = pipe1_loop(in, fds);
	close(fds[0]);
	close(fds[1]);
	return status;
}

static int pipe1_run(struct instance *in)
{
	return pipe1_run_with(in, pipe1_open_pipe, "pipe2");
}

static int unix1_run(struct instance *in)
{
	return pipe1_run_with(in, pipe1_open_unix, "socketpair");
}

#define PIPE1_HELP_TAIL							\
	"Runs as processes or as threads (--instance-mode thread). With\n"	\
	"--verify each byte read is checked against the byte written."

static const struct stressor pipe1_stressor = {
	.name      = "pipe1",
	.summary   = "1-byte write and read back on a pipe of each instance",
	.help      = "will-it-scale pipe1: each instance has a pipe of its own; one\n"
		     "bogo-op is a 1-byte write() into it and a 1-byte read() back,\n"
		     "by the same task (no wakeup of another one).\n"
		     PIPE1_HELP_TAIL,
	.classes   = CLASS_PIPE_IO | CLASS_OS,
	.syscalls  = SK_SYSCALLS("pipe2", "read"),
	.run       = pipe1_run,
	.version   = "1",
};

static const struct stressor unix1_stressor = {
	.name      = "unix1",
	.summary   = "1-byte write and read back on a unix socketpair of each instance",
	.help      = "will-it-scale unix1: each instance has an AF_UNIX stream\n"
		     "socketpair of its own; one bogo-op is a 1-byte write() into one\n"
		     "end and a 1-byte read() from the other, by the same task.\n"
		     PIPE1_HELP_TAIL,
	.classes   = CLASS_NETWORK | CLASS_OS,
	.syscalls  = SK_SYSCALLS("socketpair", "read"),
	.run       = unix1_run,
	.version   = "1",
};

STRESSOR_REGISTER(pipe1_stressor);
STRESSOR_REGISTER(unix1_stressor);
