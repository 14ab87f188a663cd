/*
 * sendfile.c - zero-copy sends from the page cache, as stress-ng's sendfile
 * stressor: each instance sendfile()s a file of --sendfile-size bytes in the
 * run directory to /dev/null. With --sendfile-sink tcp it sends over a
 * loopback TCP connection to a forked receiver instead, in --sendfile-chunk
 * pieces (netperf's TCP_SENDFILE). One bogo-op is one sendfile() call.
 */
#include <stresskit/stressor.h>
#include <stresskit-builtin.h>	/* sk_test_hook */

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define SENDFILE_SIZE_DEFAULT	(4ULL << 20)
#define SENDFILE_SIZE_MIN	(1ULL << 10)
#define SENDFILE_SIZE_MAX	(1ULL << 30)
#define SENDFILE_TCP_CHUNK	(10ULL << 10)	/* netperf TCP_SENDFILE -m 10K */
#define SENDFILE_FILL_BUF	(1U << 20)
#define SENDFILE_RECV_BUF	(128U << 10)	/* the default tcp_rmem */

enum { SENDFILE_SINK_NULL, SENDFILE_SINK_TCP };

static const char *const sendfile_sinks[] = { "null", "tcp", NULL };

struct sendfile_opts {
	uint64_t size;
	uint64_t chunk;
	unsigned sink;
};

static const struct stressor_opt sendfile_opts[] = {
	{ .name = "sendfile-size", .type = OPT_SIZE,
	  .offset = offsetof(struct sendfile_opts, size),
	  .min = SENDFILE_SIZE_MIN, .max = SENDFILE_SIZE_MAX, .def = SENDFILE_SIZE_DEFAULT,
	  .help = "size of each instance's file" },
	{ .name = "sendfile-sink", .type = OPT_CHOICE,
	  .offset = offsetof(struct sendfile_opts, sink),
	  .def = SENDFILE_SINK_NULL, .choices = sendfile_sinks,
	  .help = "where the file goes: /dev/null, or a loopback TCP receiver" },
	{ .name = "sendfile-chunk", .type = OPT_SIZE,
	  .offset = offsetof(struct sendfile_opts, chunk),
	  .max = SENDFILE_SIZE_MAX,
	  .help = "bytes per sendfile(), cycling through the file (0: the whole file "
	          "for null, 10K for tcp)" },
	OPT_TABLE_END,
};

/* Receiver exit codes, beside enum sk_status's. */
enum { SENDFILE_RX_OK = 0, SENDFILE_RX_CORRUPT = 64, SENDFILE_RX_ERROR = 65 };

/* File contents: each 8-byte word holds its own offset, so misplaced data shows. */
static void sendfile_pattern(uint64_t *words, size_t n, uint64_t off)
{
	for (size_t i = 0; i < n; i++)
		words[i] = off + i * sizeof(uint64_t);
}

static int sendfile_path(const struct stressor_ctx *ctx, uint32_t index,
			 char *out, size_t outlen)
{
	int n = snprintf(out, outlen, "%s/sendfile-%u", ctx->run_dir, index);

	return n < 0 || (size_t)n >= outlen ? -ENAMETOOLONG : 0;
}

/* Writes one instance's file; returns 0 or a negative errno. */
static int sendfile_make_file(const char *path, uint64_t size, uint64_t *buf)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	uint64_t off = 0;
	int err = 0;

	if (fd < 0)
		return -errno;
	while (off < size) {
		size_t len = size - off < SENDFILE_FILL_BUF ? size - off : SENDFILE_FILL_BUF;
		ssize_t n;

		sendfile_pattern(buf, SENDFILE_FILL_BUF / sizeof(uint64_t), off);
		n = pwrite(fd, buf, len, (off_t)off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? -errno : -EIO;
			break;
		}
		off += (uint64_t)n;
	}
	if (close(fd) && !err)
		err = -errno;
	return err;
}

/*
 * One file per instance, as stress-ng does, so instances do not share
 * page-cache pages; made here so writing it is not part of the timed run.
 */
static int sendfile_prepare(struct stressor_ctx *ctx)
{
	const struct sendfile_opts *o = ctx->opts;
	uint64_t *buf = malloc(SENDFILE_FILL_BUF);
	char path[4096];
	int err = 0;

	if (!buf)
		return SK_NO_RESOURCE;
	for (uint32_t i = 0; i < ctx->instances && !err; i++) {
		err = sendfile_path(ctx, i, path, sizeof(path));
		if (!err)
			err = sendfile_make_file(path, o->size, buf);
	}
	free(buf);
	if (!err)
		return SK_OK;
	sk_log_fail("sendfile: cannot write %s: %s", path, strerror(-err));
	return sk_status_from_errno(-err);
}

/* Reads up to len bytes, retrying EINTR: the bytes, 0 at EOF, or a negative errno. */
static ssize_t sendfile_recv(int fd, char *buf, size_t len)
{
	for (;;) {
		ssize_t n = read(fd, buf, len);

		if (n >= 0)
			return n;
		if (errno != EINTR)
			return -errno;
	}
}

/*
 * The receiver: drains the connection until EOF. With --verify each byte is
 * compared with the file (mapped read-only): the stream is the file over and
 * over, since the sender cycles through it without gaps.
 */
static int sendfile_receiver(int sock, int file_fd, uint64_t size, bool verify)
{
	char *buf = malloc(SENDFILE_RECV_BUF);
	const char *map = NULL;
	uint64_t pos = 0;

	if (!buf)
		return SENDFILE_RX_ERROR;
	if (verify) {
		map = mmap(NULL, size, PROT_READ, MAP_SHARED, file_fd, 0);
		if (map == MAP_FAILED)
			return SENDFILE_RX_ERROR;
	}
	for (;;) {
		ssize_t n = sendfile_recv(sock, buf, SENDFILE_RECV_BUF);

		if (n == 0)
			return SENDFILE_RX_OK;
		if (n < 0)
			return SENDFILE_RX_ERROR;
		for (size_t done = 0; map && done < (size_t)n;) {
			size_t len = (size_t)n - done;

			if (len > size - pos)
				len = size - pos;
			if (memcmp(buf + done, map + pos, len))
				return SENDFILE_RX_CORRUPT;
			done += len;
			pos = (pos + len) % size;
		}
	}
}

/*
 * A loopback connection: listen on an ephemeral port, connect, accept.
 * The kernel completes the handshake before accept(), so no process has to
 * wait for another. Returns 0 with tx (sender) and rx (receiver) set.
 */
static int sendfile_connect(const struct instance *in, int *tx, int *rx)
{
	struct sockaddr_in addr = {
		.sin_family = AF_INET,
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	socklen_t alen = sizeof(addr);
	const char *what = "socket";
	int lsock, status = SK_OK;

	*tx = *rx = -1;
	lsock = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (lsock < 0)
		return instance_syscall_failed(in, what);
	what = "bind";
	if (bind(lsock, (struct sockaddr *)&addr, sizeof(addr)))
		goto fail;
	what = "listen";
	if (listen(lsock, 1))
		goto fail;
	what = "getsockname";
	if (getsockname(lsock, (struct sockaddr *)&addr, &alen))
		goto fail;
	what = "socket";
	*tx = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (*tx < 0)
		goto fail;
	what = "connect";
	if (connect(*tx, (struct sockaddr *)&addr, sizeof(addr)))
		goto fail;
	what = "accept";
	*rx = accept4(lsock, NULL, NULL, SOCK_CLOEXEC);
	if (*rx >= 0)
		goto out;
fail:
	status = instance_syscall_failed(in, what);
out:
	close(lsock);
	return status;
}

/* What the receiver gets from its instance. */
struct sendfile_rx_arg {
	int tx, rx, file_fd;
	uint64_t size;
	bool verify;
};

/* The receiver as a helper process: it owns rx, the sender keeps tx. */
static int sendfile_receiver_main(void *argp, const volatile sig_atomic_t *stop)
{
	const struct sendfile_rx_arg *a = argp;

	(void)stop;
	close(a->tx);
	return sendfile_receiver(a->rx, a->file_fd, a->size, a->verify);
}

/*
 * Reaps the receiver; on a failure says what happened to it and returns
 * SK_FAILED. A receiver that exited cleanly returns SK_OK.
 */
static int sendfile_reap_receiver(const struct instance *in, pid_t pid)
{
	int ws, err = sk_reap_helper(pid, false, SK_HELPER_GRACE, &ws);

	if (err == -ETIMEDOUT) {
		instance_fail(in, "the TCP receiver did not exit at EOF: killed");
		return SK_FAILED;
	}
	if (err)
		return SK_OK;
	if (WIFSIGNALED(ws)) {
		instance_fail(in, "the TCP receiver was killed by signal %d (%s)",
			      WTERMSIG(ws), strsignal(WTERMSIG(ws)));
		return SK_FAILED;
	}
	switch (WEXITSTATUS(ws)) {
	case SENDFILE_RX_OK:
		return SK_OK;
	case SENDFILE_RX_CORRUPT:
		instance_fail(in, "verify: the TCP receiver got bytes that differ from the file");
		return SK_FAILED;
	default:
		instance_fail(in, "the TCP receiver failed (exit status %d)",
			      WEXITSTATUS(ws));
		return SK_FAILED;
	}
}

/*
 * The loop. Each call sends min(chunk, bytes left in the file) from off
 * (0 at the start); off wraps at the end, so with a whole-file chunk every
 * call sends the file from 0, as stress-ng does. Returns 0 or sendfile()'s
 * negative errno; *bytes_out gets what was moved either way.
 */
static int sendfile_loop(struct instance *in, int out, int fd, uint64_t size,
			 uint64_t chunk, off_t off, uint64_t *bytes_out)
{
	struct instance_loop l;
	uint64_t bytes = 0;
	int err = 0;

	instance_latency_name(in, 0, "sendfile");
	l = instance_loop_begin(in);
	while (instance_loop_continue(&l)) {
		size_t len = (uint64_t)off + chunk > size ? size - (uint64_t)off : chunk;
		uint64_t t0 = instance_latency_begin(in);
		ssize_t n = sendfile(out, fd, &off, len);

		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			/* 0: the file shrank under us */
			err = n < 0 ? -errno : -EIO;
			break;
		}
		instance_latency_end(in, t0);
		bytes += (uint64_t)n;
		if ((uint64_t)off >= size)
			off = 0;
		instance_loop_inc(&l);
	}
	*bytes_out = bytes;
	return err;
}

static int sendfile_run(struct instance *in)
{
	const struct sendfile_opts *o = in->opts;
	const bool tcp = o->sink == SENDFILE_SINK_TCP;
	uint64_t chunk = o->chunk ? o->chunk : tcp ? SENDFILE_TCP_CHUNK : o->size;
	uint64_t bytes = 0;
	int fd, out = -1, rx = -1, status, err;
	pid_t receiver = -1;
	double secs;
	char path[4096];

	if (chunk > o->size)
		chunk = o->size;
	if (sendfile_path(in->ctx, in->index, path, sizeof(path)))
		return SK_FAILED;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return instance_syscall_failed(in, "open");
	if (!tcp) {
		out = open("/dev/null", O_WRONLY | O_CLOEXEC);
		status = out < 0 ? instance_syscall_failed(in, "open /dev/null") : SK_OK;
	} else {
		status = sendfile_connect(in, &out, &rx);
		if (status == SK_OK) {
			struct sendfile_rx_arg arg = {
				.tx = out, .rx = rx, .file_fd = fd,
				.size = o->size, .verify = in->ctx->verify,
			};

			receiver = sk_fork_helper("sfrx", sendfile_receiver_main, &arg);
			if (receiver < 0)
				status = instance_error(in, "fork", (int)receiver);
			close(rx);
		}
	}
	if (status != SK_OK)
		goto out;
	/* file open, receiver forked: the run starts at the barrier */
	instance_ready(in);

	/* the tests' way to show --verify failing: a stream that starts at 8 */
	err = sendfile_loop(in, out, fd, o->size, chunk,
			    sk_test_hook("SENDFILE_SKEW") ? 8 : 0, &bytes);
	secs = instance_elapsed(in);
	if (tcp)
		instance_metric(in, "Mb per sec sent over TCP loopback",
				(double)bytes * 8 / secs / 1e6, MEAN_GEOMETRIC, true);
	else
		instance_metric_mb_per_sec(in, "MB per sec sent to /dev/null", bytes);
	if (err == -EPIPE || err == -ECONNRESET) {
		/* the receiver's own status, reaped below, says why */
		instance_fail(in, "sendfile failed: %s (%s): the TCP receiver went away",
			      strerrorname_np(-err), strerror(-err));
		status = SK_FAILED;
	} else if (err) {
		status = instance_error(in, "sendfile", err);
	}
out:
	if (out >= 0)
		close(out);
	if (receiver > 0) {
		/* closing the socket is the receiver's EOF */
		int rx_status = sendfile_reap_receiver(in, receiver);

		if (status == SK_OK)
			status = rx_status;
	}
	close(fd);
	return status;
}

static const struct stressor sendfile_stressor = {
	.name      = "sendfile",
	.summary   = "sendfile() a file to /dev/null or over loopback TCP",
	.help      = "One bogo-op is one sendfile() call: by default the instance's whole\n"
		     "--sendfile-size file to /dev/null; --sendfile-chunk N sends N bytes per\n"
		     "call, --sendfile-sink tcp over loopback TCP to a forked receiver\n"
		     "(--verify: it checks every byte).\n"
		     "Metric: MB per sec sent to /dev/null (MB = 2^20 bytes), or Mb per sec\n"
		     "sent over TCP loopback (Mb = 10^6 bits), the bytes sent over each\n"
		     "instance's run time.",
	.classes   = CLASS_PIPE_IO | CLASS_OS | CLASS_FILESYSTEM,
	/* no STRESSOR_HELPERS: only --sendfile-sink tcp forks a receiver,
	 * and a count made for it would refuse file-sink runs that fit */
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START,
	.needs     = "sendfile",
	.opts      = sendfile_opts,
	.opts_size = sizeof(struct sendfile_opts),
	.syscalls  = SK_SYSCALLS("openat", "sendfile", "socket", "bind", "listen",
				 "getsockname", "connect", "accept4", "read",
				 SK_HELPER_SYSCALLS),
	.prepare   = sendfile_prepare,
	.run       = sendfile_run,
	.version   = "1",
};
STRESSOR_REGISTER(sendfile_stressor);
