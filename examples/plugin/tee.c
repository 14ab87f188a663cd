/*
 * tee.c - tee(2) between two pipes, as stress-ng's tee stressor, built
 * outside stresskit as a plugin: stresskit --plugin ./tee.so --tee 1.
 *
 * A writer helper fills pipe "in" with records of --tee-data-size bytes;
 * the instance duplicates whatever pipe "in" holds into pipe "out" with
 * tee(), then consumes those bytes from "in" with splice() to /dev/null; a
 * reader helper drains "out". One bogo-op is one tee() and the splice()
 * that consumes what it duplicated. With --verify the reader checks that
 * the records arrive whole and in sequence. Metric: MB per sec tee rate
 * (MB = 2^20 bytes), the bytes duplicated over each instance's run time
 * (stress-ng times the tee() calls alone, one in a thousand).
 */
#define _GNU_SOURCE	/* tee(), splice(), pipe2() */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* STRESSOR_HELPERS is ABI 1.1's; built against 1.0's headers (as make
 * abi-check builds this file too) the helpers go uncounted */
#ifndef STRESSOR_HELPERS
#define STRESSOR_HELPERS(n) 0u
#endif

#define TEE_DATA_SIZE_DEFAULT	16	/* stress-ng's record */
#define TEE_DATA_SIZE_MIN	8	/* room for the sequence number */
#define TEE_DATA_SIZE_MAX	4096	/* a page: a record is written whole */

struct tee_opts {
	uint64_t data_size;
};

static const struct stressor_opt tee_opts[] = {
	{ .name = "tee-data-size", .type = OPT_SIZE,
	  .offset = offsetof(struct tee_opts, data_size),
	  .min = TEE_DATA_SIZE_MIN, .max = TEE_DATA_SIZE_MAX, .def = TEE_DATA_SIZE_DEFAULT,
	  .help = "bytes per record the writer puts into the first pipe" },
	OPT_TABLE_END,
};

/* What both helpers get: the two pipes and the record size. */
struct tee_pipes {
	int in[2], out[2];
	size_t len;
	bool verify;
};

enum { TEE_HELPER_OK = 0, TEE_HELPER_ERROR = 100, TEE_HELPER_CORRUPT = 101 };

/* Closes the pipe ends a helper does not use; keep is the one it does. */
static void tee_close_but(struct tee_pipes *p, int keep)
{
	int *fds[] = { &p->in[0], &p->in[1], &p->out[0], &p->out[1] };

	for (size_t i = 0; i < sizeof(fds) / sizeof(fds[0]); i++)
		if (*fds[i] != keep && *fds[i] >= 0)
			close(*fds[i]);
}

/* The writer: numbered records until the instance closes its end (EPIPE). */
static int tee_writer(void *arg, const volatile sig_atomic_t *stop)
{
	struct tee_pipes *p = arg;
	char *buf = calloc(1, p->len);
	uint64_t seq = 0;

	tee_close_but(p, p->in[1]);
	if (!buf)
		return TEE_HELPER_ERROR;
	while (!*stop) {
		memcpy(buf, &seq, sizeof(seq));
		if (write(p->in[1], buf, p->len) < 0) {
			if (errno == EINTR)
				continue;
			return errno == EPIPE ? TEE_HELPER_OK : TEE_HELPER_ERROR;
		}
		seq++;
	}
	return TEE_HELPER_OK;
}

/* Reads a whole record unless EOF comes first; returns bytes read or -1. */
static ssize_t tee_read_record(int fd, char *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t n = read(fd, buf + got, len - got);

		if (n == 0)
			break;
		if (n < 0 && errno != EINTR)
			return -1;
		if (n > 0)
			got += (size_t)n;
	}
	return (ssize_t)got;
}

/* The reader: drains "out" to EOF, checking the sequence with --verify. */
static int tee_reader(void *arg, const volatile sig_atomic_t *stop)
{
	struct tee_pipes *p = arg;
	char *buf = malloc(p->len);
	uint64_t expect = 0, seq;

	(void)stop;	/* the instance's close is the reader's EOF */
	tee_close_but(p, p->out[0]);
	if (!buf)
		return TEE_HELPER_ERROR;
	for (;;) {
		ssize_t n = tee_read_record(p->out[0], buf, p->len);

		if (n < 0)
			return TEE_HELPER_ERROR;
		if ((size_t)n < p->len)
			return TEE_HELPER_OK;	/* EOF, maybe mid-record */
		memcpy(&seq, buf, sizeof(seq));
		if (p->verify && seq != expect++)
			return TEE_HELPER_CORRUPT;
	}
}

/* Moves len bytes from fd to the sink: what tee() duplicated is consumed. */
static int tee_consume(int fd, int sink, size_t len)
{
	while (len) {
		ssize_t n = splice(fd, NULL, sink, NULL, len, SPLICE_F_MOVE);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		len -= (size_t)n;
	}
	return 0;
}

/* Says what became of a helper; SK_OK when it exited cleanly. */
static int tee_reap(const struct instance *in, pid_t pid, const char *who)
{
	int ws = 0, err = sk_reap_helper(pid, true, SK_HELPER_GRACE, &ws);

	if (err || !WIFEXITED(ws) || WEXITSTATUS(ws) == TEE_HELPER_ERROR) {
		instance_fail(in, "the %s failed or did not exit", who);
		return SK_FAILED;
	}
	if (WEXITSTATUS(ws) == TEE_HELPER_CORRUPT) {
		instance_fail(in, "verify: the %s got records out of sequence", who);
		return SK_FAILED;
	}
	return SK_OK;
}

static int tee_run(struct instance *in)
{
	const struct tee_opts *o = in->opts;
	struct tee_pipes p = { { -1, -1 }, { -1, -1 }, o->data_size, in->ctx->verify };
	pid_t writer = -1, reader = -1;
	struct instance_loop l;
	uint64_t bytes = 0;
	int sink, status = SK_OK;

	sink = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (sink < 0)
		return instance_syscall_failed(in, "open /dev/null");
	if (pipe2(p.in, O_CLOEXEC) < 0 || pipe2(p.out, O_CLOEXEC) < 0) {
		status = instance_syscall_failed(in, "pipe2");
		goto out;
	}
	writer = sk_fork_helper("teew", tee_writer, &p);
	reader = writer < 0 ? writer : sk_fork_helper("teer", tee_reader, &p);
	if (writer < 0 || reader < 0) {
		errno = (int)-(writer < 0 ? writer : reader);
		status = instance_syscall_failed(in, "fork");
		goto out;
	}
	close(p.in[1]);
	close(p.out[0]);
	p.in[1] = p.out[0] = -1;
	/* set up, helpers included: the run starts here (STRESSOR_OWN_START) */
	instance_ready(in);
	l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		ssize_t n = tee(p.in[0], p.out[1], INT_MAX, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			status = n == 0 ? SK_FAILED : instance_syscall_failed(in, "tee");
			if (n == 0)
				instance_fail(in, "the writer closed its pipe");
			break;
		}
		if (tee_consume(p.in[0], sink, (size_t)n) < 0) {
			status = instance_syscall_failed(in, "splice");
			break;
		}
		bytes += (uint64_t)n;
		instance_loop_inc(&l);
	}
	/* stress-ng's figure and mean: what compare reads is the same line */
	instance_metric(in, "MB per sec tee rate",
			(double)bytes / instance_elapsed(in) / (1 << 20),
			MEAN_HARMONIC, true);
out:
	/* closing our ends is the writer's EPIPE and the reader's EOF */
	tee_close_but(&p, -1);
	if (writer > 0 && tee_reap(in, writer, "writer") != SK_OK && status == SK_OK)
		status = SK_FAILED;
	if (reader > 0 && tee_reap(in, reader, "reader") != SK_OK && status == SK_OK)
		status = SK_FAILED;
	close(sink);
	return status;
}

static const struct stressor tee_stressor = {
	.name      = "tee",
	.summary   = "tee() one pipe into another, splice the original away",
	.help      = "One bogo-op is one tee() of everything the first pipe holds into a\n"
		     "second pipe, and the splice() to /dev/null that consumes those bytes\n"
		     "from the first, as stress-ng's tee stressor. A writer helper fills the\n"
		     "first pipe with --tee-data-size records, a reader helper drains the\n"
		     "second; --verify has it check their sequence.\n"
		     "Metric: MB per sec tee rate (MB = 2^20 bytes), the bytes duplicated\n"
		     "over each instance's run time.",
	.classes   = CLASS_PIPE_IO | CLASS_OS,
	/* a writer and a reader an instance, counted against ulimit -u */
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START | STRESSOR_HELPERS(2),
	.needs     = "splice",
	.opts      = tee_opts,
	.opts_size = sizeof(struct tee_opts),
	.syscalls  = SK_SYSCALLS("openat", "pipe2", "tee", "splice", "read",
				 SK_HELPER_SYSCALLS),
	.run       = tee_run,
	.version   = "1",
};
STRESSOR_REGISTER(tee_stressor);
