/*
 * pipe.c - pipe throughput, as stress-ng's pipe stressor: each instance
 * writes into a pipe that a forked reader drains. One bogo-op is one
 * write(2) of --pipe-data-size bytes. With --verify every write carries a
 * sequence number that the reader checks. With --latency a timed write
 * carries its start time (at byte 8) and the reader records the time it
 * took to arrive, the write-to-read delivery. The pipe and its reader are
 * made before the start barrier (STRESSOR_OWN_START), so the run times
 * only the writes.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define PIPE_DATA_SIZE_DEFAULT	4096
#define PIPE_DATA_SIZE_MIN	8		/* room for the sequence number */
#define PIPE_DATA_SIZE_MAX	4096		/* the page size: writes stay atomic */
#define PIPE_SIZE_MAX		(1ULL << 30)
/* --latency: the start time rides at byte 8, after --verify's sequence */
#define PIPE_STAMP_AT		8
#define PIPE_STAMP_MIN		24	/* seq, stamp, room for verify's tail byte */
/* A pipe's default buffer: 16 pages of 4 KiB (the kernel's pipe_bufs) */
#define PIPE_DEFAULT_PAGES	16
#define PIPE_PAGE		4096

struct pipe_opts {
	uint64_t data_size;
	uint64_t pipe_size;
};

static const struct stressor_opt pipe_opts[] = {
	{ .name = "pipe-data-size", .type = OPT_SIZE,
	  .offset = offsetof(struct pipe_opts, data_size),
	  .min = PIPE_DATA_SIZE_MIN, .max = PIPE_DATA_SIZE_MAX, .def = PIPE_DATA_SIZE_DEFAULT,
	  .help = "bytes per write(), one bogo-op" },
	{ .name = "pipe-size", .type = OPT_SIZE,
	  .offset = offsetof(struct pipe_opts, pipe_size),
	  .max = PIPE_SIZE_MAX,
	  .help = "pipe capacity set with F_SETPIPE_SZ (0: the kernel's default)" },
	OPT_TABLE_END,
};

/* not an sk_status: a sandboxed reader that trapped exits SK_FAILED */
enum { PIPE_READER_OK = 0, PIPE_READER_CORRUPT = 100 };

/* What the reader gets from its instance. */
struct pipe_reader_arg {
	int fds[2];
	size_t len;
	bool verify;
	bool stamped;		/* --latency with room for a stamp */
	struct instance *in;	/* the reader records series 1 */
};

/*
 * Completes a write read short (len bytes in all from buf, got of them
 * read already) unless EOF comes first; EINTR (Ctrl-C reaches the reader
 * too) is retried. Returns bytes read in all, or a negative errno.
 */
static ssize_t pipe_read_rest(int fd, char *buf, size_t got, size_t len)
{
	while (got < len) {
		ssize_t n = read(fd, buf + got, len - got);

		if (n == 0)
			break;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		got += (size_t)n;
	}
	return (ssize_t)got;
}

/*
 * The reader, a helper process: drains the pipe until EOF (the writer's
 * close), and with --verify checks the sequence. Every write is one read
 * of len bytes (writes of a page or less are atomic), so an untimed write
 * under --latency costs the reader one compare and one load over the
 * plain loop: a timed write is one in --latency-sample, and the reader
 * must not tax the others (make bench's latency.sh: the cost target).
 */
static int pipe_reader(void *argp, const volatile sig_atomic_t *stop)
{
	const struct pipe_reader_arg *arg = argp;
	const int fd = arg->fds[0];
	const size_t len = arg->len;
	const bool verify = arg->verify;
	const bool stamped = arg->stamped;
	const bool whole = verify || stamped;	/* a write is looked at */
	/* on the stack, not malloc'd: a freshly forked helper's first
	 * malloc writes the arena and a heap page it shares with its
	 * instance, copy-on-write faults the stack mostly has already.
	 * Page-aligned, as the writer's (see pipe_run) */
	char buf[PIPE_DATA_SIZE_MAX] __attribute__((aligned(PIPE_PAGE)));
	uint64_t expect = 0, stamp;

	(void)stop;
	close(arg->fds[1]);
	for (;;) {
		ssize_t n = read(fd, buf, len);

		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			break;
		}
		if (!whole)
			continue;
		if (__builtin_expect((size_t)n < len, 0)) {
			n = pipe_read_rest(fd, buf, (size_t)n, len);
			if (n < 0 || (size_t)n < len)
				break;		/* the writer stopped mid-write */
		}
		if (stamped) {
			memcpy(&stamp, buf + PIPE_STAMP_AT, sizeof(stamp));
			if (stamp)
				instance_latency_record(arg->in, 1, stamp, sk_clock_ns());
		}
		if (!verify)
			continue;
		uint64_t seq;

		memcpy(&seq, buf, sizeof(seq));
		if (seq != expect ||
		    (len > sizeof(seq) && buf[len - 1] != (char)(seq & 0x7f)))
			return PIPE_READER_CORRUPT;
		expect++;
	}
	return PIPE_READER_OK;
}

/*
 * A user's pipes share fs.pipe-user-pages-soft pages (16384 by default):
 * past it, every new pipe of an unprivileged user gets the minimum buffer
 * (2 pages; 1 before Linux 5.17), a different workload from the first
 * pipes'. Past fs.pipe-user-pages-hard, pipe2() fails. Said once, here,
 * rather than left for the figures to show.
 */
static int pipe_prepare(struct stressor_ctx *ctx)
{
	const struct pipe_opts *o = ctx->opts;
	unsigned long long per_pipe = PIPE_DEFAULT_PAGES, need;
	long long soft = 0, hard = 0;

	if (sk_user_limits_exempt())
		return SK_OK;
	if (o->pipe_size)
		per_pipe = (o->pipe_size + PIPE_PAGE - 1) / PIPE_PAGE;
	need = per_pipe * ctx->instances;
	if (sk_sysctl_read("fs.pipe-user-pages-hard", &hard) == 0 && hard > 0 &&
	    need > (unsigned long long)hard)
		sk_log_warn("pipe: %u pipes of %llu pages need %llu pipe buffer "
			    "pages, over fs.pipe-user-pages-hard %lld: pipes past "
			    "it cannot be made", ctx->instances, per_pipe, need, hard);
	else if (sk_sysctl_read("fs.pipe-user-pages-soft", &soft) == 0 &&
		 soft > 0 && need > (unsigned long long)soft)
		sk_log_warn("pipe: %u pipes of %llu pages need %llu pipe buffer "
			    "pages, over fs.pipe-user-pages-soft %lld: pipes past "
			    "the first %llu get the kernel's minimum buffer (2 pages)",
			    ctx->instances, per_pipe, need, soft,
			    (unsigned long long)soft / per_pipe);
	return SK_OK;
}

static int pipe_run(struct instance *in)
{
	const struct pipe_opts *o = in->opts;
	const bool verify = in->ctx->verify;
	const size_t len = o->data_size;
	struct pipe_reader_arg arg = {
		.len = len, .verify = verify, .in = in,
		.stamped = instance_latency_on(in) && len >= PIPE_STAMP_MIN,
	};
	int *const fds = arg.fds;
	uint64_t bytes = 0, seq = 0;
	int status = SK_OK, wstatus, err;
	/*
	 * On the stack, as the reader's, and page-aligned: stress-ng's
	 * buffers are mmap'd pages, and an unaligned one would sit wherever
	 * the stack's random start put it, so the copy into the pipe's
	 * page would span one source page or two by chance, run to run.
	 */
	char buf[PIPE_DATA_SIZE_MAX] __attribute__((aligned(PIPE_PAGE)));
	pid_t reader;
	struct instance_loop l;

	memset(buf, 0, len);
	if (pipe2(fds, O_CLOEXEC) < 0)
		return instance_syscall_failed(in, "pipe2");
	if (o->pipe_size && fcntl(fds[1], F_SETPIPE_SZ, (int)o->pipe_size) < 0)
		instance_info(in, "cannot set pipe size to %llu bytes: %s",
			      (unsigned long long)o->pipe_size, strerror(errno));

	reader = sk_fork_helper("piper", pipe_reader, &arg);
	if (reader < 0) {
		status = instance_error(in, "fork", (int)reader);
		goto out;
	}
	close(fds[0]);
	fds[0] = -1;
	instance_latency_name(in, 0, "write");
	instance_latency_name(in, 1, "write-to-read");
	/* set up, reader included: the run starts at the barrier */
	instance_ready(in);

	l = instance_loop_begin(in);
	while (instance_loop_continue(&l)) {
		uint64_t t0;
		ssize_t n;

		if (verify) {
			/* the tail byte catches a write torn in two */
			memcpy(buf, &seq, sizeof(seq));
			if (len > sizeof(seq))
				buf[len - 1] = (char)(seq & 0x7f);
		}
		t0 = instance_latency_begin(in);
		if (arg.stamped)	/* 0 for an untimed write: the reader skips it */
			memcpy(buf + PIPE_STAMP_AT, &t0, sizeof(t0));
		n = write(fds[1], buf, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EPIPE)
				break;		/* the reader is gone: its status says why */
			status = instance_syscall_failed(in, "write");
			break;
		}
		/* a write the stop interrupted is no op: neither timed nor counted */
		instance_latency_end(in, t0);
		bytes += (uint64_t)n;
		seq++;
		instance_loop_inc(&l);
	}
	instance_metric_mb_per_sec(in, "MB per sec pipe write rate", bytes);
	close(fds[1]);
	fds[1] = -1;
	/* the close is the reader's EOF */
	err = sk_reap_helper(reader, false, SK_HELPER_GRACE, &wstatus);
	if (err && err != -ETIMEDOUT) {
		status = instance_error(in, "waitpid", err);
	} else if (err) {
		instance_fail(in, "the pipe reader did not exit at EOF: killed");
		status = SK_FAILED;
	} else if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == PIPE_READER_CORRUPT) {
		instance_fail(in, "verify: the reader got data out of sequence");
		status = SK_FAILED;
	} else if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0) {
		instance_fail(in, "the pipe reader died unexpectedly");
		status = SK_FAILED;
	}
out:
	if (fds[0] >= 0)
		close(fds[0]);
	if (fds[1] >= 0)
		close(fds[1]);
	return status;
}

static const struct stressor pipe_stressor = {
	.name      = "pipe",
	.summary   = "write data through a pipe to a reader process",
	.help      = "One bogo-op is one write() of --pipe-data-size bytes into a pipe\n"
		     "that a forked reader drains, as stress-ng's pipe stressor does.\n"
		     "Metric: MB per sec pipe write rate (MB = 2^20 bytes), the bytes\n"
		     "written over each instance's run time.",
	.classes   = CLASS_PIPE_IO | CLASS_MEMORY | CLASS_OS,
	/* the reader: 2 processes an instance, counted against ulimit -u */
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START | STRESSOR_HELPERS(1),
	.opts      = pipe_opts,
	.opts_size = sizeof(struct pipe_opts),
	.syscalls  = SK_SYSCALLS("pipe2", "fcntl", "read", SK_HELPER_SYSCALLS),
	.prepare   = pipe_prepare,
	.run       = pipe_run,
	.version   = "1",
};
STRESSOR_REGISTER(pipe_stressor);
