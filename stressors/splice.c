/*
 * splice.c - moving data through a pipe without copying it to user space,
 * as stress-ng's splice stressor: /dev/zero -> pipe -> /dev/null with two
 * splice() calls. With --splice-sink file the data goes to a regular file
 * instead, entering the pipe by splice (from /dev/zero) or vmsplice (a user
 * buffer, fio's splice engine), or skipping it with plain write() (fio's
 * sync engine). One bogo-op is one pass of --splice-bytes.
 */
#include <stresskit/stressor.h>
#include <stresskit-builtin.h>	/* sk_test_hook */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#define SPLICE_BYTES_DEFAULT	(64ULL << 10)
#define SPLICE_BYTES_MAX	(64ULL << 20)
#define SPLICE_FILE_DEFAULT	(64ULL << 20)
#define SPLICE_FILE_MAX		(1ULL << 40)

enum { SPLICE_SINK_NULL, SPLICE_SINK_FILE };
enum { SPLICE_METHOD_SPLICE, SPLICE_METHOD_VMSPLICE, SPLICE_METHOD_WRITE };

static const char *const splice_sinks[] = { "null", "file", NULL };
static const char *const splice_methods[] = { "splice", "vmsplice", "write", NULL };
/* the rate is named by the method that moved the bytes, so a write-to-file
 * run is never read as a splice figure (stress-ng's name for splice's) */
static const char *const splice_rate_names[] = {
	[SPLICE_METHOD_SPLICE] = "MB per sec splice rate",
	[SPLICE_METHOD_VMSPLICE] = "MB per sec vmsplice rate",
	[SPLICE_METHOD_WRITE] = "MB per sec write rate",
};

struct splice_opts {
	uint64_t bytes;
	uint64_t file_size;
	unsigned sink;
	unsigned method;
};

static const struct stressor_opt splice_opts[] = {
	{ .name = "splice-bytes", .type = OPT_SIZE,
	  .offset = offsetof(struct splice_opts, bytes),
	  .min = 1, .max = SPLICE_BYTES_MAX, .def = SPLICE_BYTES_DEFAULT,
	  .help = "bytes per pass, one bogo-op (each instance moves this much)" },
	{ .name = "splice-sink", .type = OPT_CHOICE,
	  .offset = offsetof(struct splice_opts, sink),
	  .def = SPLICE_SINK_NULL, .choices = splice_sinks,
	  .help = "where the data goes: /dev/null, or a file in the run directory" },
	{ .name = "splice-method", .type = OPT_CHOICE,
	  .offset = offsetof(struct splice_opts, method),
	  .def = SPLICE_METHOD_SPLICE, .choices = splice_methods,
	  .help = "how it gets there: splice from /dev/zero into a pipe, vmsplice a buffer "
	          "into a pipe, or write() the buffer to the sink" },
	{ .name = "splice-file-size", .type = OPT_SIZE,
	  .offset = offsetof(struct splice_opts, file_size),
	  .min = 4096, .max = SPLICE_FILE_MAX, .def = SPLICE_FILE_DEFAULT,
	  .help = "the file sink wraps to offset 0 before growing past this" },
	OPT_TABLE_END,
};

/* One instance's pipeline. */
struct splice_state {
	int in;			/* /dev/zero, or -1 when a buffer is vmspliced */
	int pipe_r, pipe_w;	/* -1 for the write method */
	int out;		/* /dev/null or the file */
	bool to_file;
	bool vmsplice;		/* the buffer enters the pipe by vmsplice */
	char *buf;		/* the user buffer; what the sink must hold */
	size_t len;		/* --splice-bytes */
	uint64_t wrap;		/* file sink: offsets stay below this */
	loff_t off;		/* file sink: where the next pass writes */
	char *chk;		/* --verify: what is read back */
	const char *failed;	/* the call behind a pass's negative errno */
};

/*
 * Fills the pipe with up to len bytes: splice from /dev/zero, or vmsplice
 * of the buffer (the kernel maps the pages, it copies nothing). Returns
 * the bytes put in, or a negative errno.
 */
static ssize_t splice_fill(struct splice_state *s, const char *from, size_t len)
{
	struct iovec iov = { (void *)from, len };
	ssize_t n;

	if (s->vmsplice)
		n = vmsplice(s->pipe_w, &iov, 1, 0);
	else
		n = splice(s->in, NULL, s->pipe_w, NULL, len, SPLICE_F_MOVE);
	return n < 0 ? -errno : n;
}

/*
 * One pass: len bytes through the pipe into the sink. A pass takes one
 * fill and one drain when the pipe holds len (it is sized so when it can
 * be); a smaller pipe takes more rounds. The pipe is empty between
 * passes. The file sink writes at s->off,
 * as fio's splice engine does, so no lseek is needed. Returns the bytes
 * moved, or a negative errno with s->failed naming the call.
 */
static ssize_t splice_pass_pipe(struct splice_state *s)
{
	loff_t *off = s->to_file ? &s->off : NULL;
	size_t done = 0;

	while (done < s->len) {
		ssize_t in = splice_fill(s, s->buf + done, s->len - done), out;

		if (in <= 0) {
			s->failed = s->vmsplice ? "vmsplice" : "splice from /dev/zero";
			return done ? (ssize_t)done : in ? in : -EIO;
		}
		for (ssize_t left = in; left > 0; left -= out) {
			out = splice(s->pipe_r, NULL, s->out, off, (size_t)left,
				     SPLICE_F_MOVE);
			/*
			 * An interrupted drain is finished: it cannot block,
			 * and a pipe left holding data would block the next
			 * fill (the verify pass) for good.
			 */
			if (out < 0 && errno == EINTR) {
				out = 0;
				continue;
			}
			if (out <= 0) {
				s->failed = "splice from the pipe";
				return out ? -errno : -EIO;
			}
		}
		done += (size_t)in;
	}
	return (ssize_t)done;
}

/*
 * One pass of plain write(), fio's sync engine: the file position advances.
 * Returns the bytes written, or a negative errno with s->failed set.
 */
static ssize_t splice_pass_write(struct splice_state *s)
{
	size_t done = 0;

	while (done < s->len) {
		ssize_t n = write(s->out, s->buf + done, s->len - done);

		if (n <= 0) {
			s->failed = "write";
			return done ? (ssize_t)done : n ? -errno : -EIO;
		}
		done += (size_t)n;
	}
	return (ssize_t)done;
}

/* Reads back the probe's byte: 0, or a negative errno. */
static int splice_drain_byte(struct splice_state *s)
{
	ssize_t n = read(s->pipe_r, &(char){ 0 }, 1);

	return n == 1 ? 0 : n < 0 ? -errno : -EIO;
}

/*
 * stress-ng falls back to putting a buffer into the pipe when the kernel
 * will not splice from /dev/zero (that needs a splice_read, which /dev/zero
 * has not had on every kernel). One byte tells; it is drained straight
 * away. Returns 0, or a negative errno for any other failure.
 */
static int splice_probe_zero(struct instance *in, struct splice_state *s)
{
	ssize_t n;

	do
		n = splice_fill(s, NULL, 1);
	while (n == -EINTR);
	/* the tests' way onto this path: no kernel here refuses */
	if (n == 1 && sk_test_hook("SPLICE_ZERO_EINVAL")) {
		n = splice_drain_byte(s);
		if (n)
			return (int)n;
		n = -EINVAL;
	}
	if (n == 1)
		return splice_drain_byte(s);
	if (n < 0 && n != -EINVAL)
		return (int)n;
	if (in->index == 0)
		instance_info(in, "the kernel will not splice from /dev/zero (%s): "
			      "vmsplicing a zero buffer into the pipe instead",
			      n < 0 ? strerror((int)-n) : "no data");
	s->vmsplice = true;
	return 0;
}

/*
 * Sets the pipe's capacity to a pass, so a pass is one fill and one drain.
 * Refused (above /proc/sys/fs/pipe-max-size without CAP_SYS_RESOURCE), a
 * pass takes more rounds and moves the same bytes.
 */
static void splice_size_pipe(struct instance *in, struct splice_state *s)
{
	if (s->len <= 65536 || fcntl(s->pipe_w, F_SETPIPE_SZ, (int)s->len) >= 0)
		return;
	if (in->ctx->verbose && in->index == 0)
		instance_info(in, "cannot size the pipe to %zu bytes (%s): "
			      "a pass takes several rounds", s->len, strerror(errno));
}

static int splice_open_file(struct instance *in, struct splice_state *s)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/splice-%u", in->ctx->run_dir, in->index);
	s->out = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	return s->out < 0 ? instance_syscall_failed(in, "open") : SK_OK;
}

/* Opens the pipeline's ends; the goto chain in splice_run closes them. */
static int splice_setup(struct instance *in, struct splice_state *s)
{
	const struct splice_opts *o = in->opts;
	const bool pipe_path = o->method != SPLICE_METHOD_WRITE;
	int fds[2], err;

	s->to_file = o->sink == SPLICE_SINK_FILE;
	s->vmsplice = o->method == SPLICE_METHOD_VMSPLICE;
	s->len = o->bytes;
	s->wrap = o->file_size;
	/* page-aligned: from a misaligned source write() copies slower */
	s->buf = aligned_alloc(4096, (s->len + 4095) & ~(size_t)4095);
	s->chk = in->ctx->verify ? malloc(s->len) : NULL;
	if (!s->buf || (in->ctx->verify && !s->chk))
		return SK_NO_RESOURCE;
	/*
	 * /dev/null stands in for /dev/zero's output, so its buffer is zeros;
	 * a file gets a pattern, so read-back catches misplaced data. Written
	 * either way: untouched pages would all be the shared zero page.
	 */
	for (size_t i = 0; i < s->len; i++)
		s->buf[i] = s->to_file && o->method != SPLICE_METHOD_SPLICE ?
			    (char)(i * 31 + (i >> 12)) : 0;
	if (s->to_file) {
		int status = splice_open_file(in, s);

		if (status != SK_OK)
			return status;
	} else {
		s->out = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (s->out < 0)
			return instance_syscall_failed(in, "open /dev/null");
	}
	if (!pipe_path)
		return SK_OK;
	if (pipe2(fds, O_CLOEXEC))
		return instance_syscall_failed(in, "pipe2");
	s->pipe_r = fds[0];
	s->pipe_w = fds[1];
	splice_size_pipe(in, s);
	if (s->vmsplice)
		return SK_OK;
	s->in = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	if (s->in < 0)
		return instance_syscall_failed(in, "open /dev/zero");
	err = splice_probe_zero(in, s);
	return err ? instance_error(in, "splice", err) : SK_OK;
}

/*
 * --verify of the file sink, after each pass (so the check costs no time
 * after the stop signal): the n bytes just written at off read back as the
 * buffer's first n. Returns SK_OK or a failure status (having said why).
 */
static int splice_verify_pass(struct instance *in, struct splice_state *s,
			      loff_t off, size_t n)
{
	ssize_t got;

	do
		got = pread(s->out, s->chk, n, off);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		return instance_syscall_failed(in, "pread");
	if ((size_t)got != n || memcmp(s->chk, s->buf, n)) {
		instance_fail(in, "verify: the file does not hold the %zu bytes "
			      "written at offset %lld", n, (long long)off);
		return SK_FAILED;
	}
	return SK_OK;
}

/*
 * --verify of the null sink, after the loop: one more fill of the pipe,
 * read() back instead of spliced to /dev/null.
 */
static int splice_verify_pipe(struct instance *in, struct splice_state *s)
{
	size_t len = s->len > 4096 ? 4096 : s->len;
	ssize_t n = splice_fill(s, s->buf, len);

	if (n > 0) {
		n = read(s->pipe_r, s->chk, (size_t)n);
		if (n < 0)
			n = -errno;
	}
	if (n <= 0)
		return instance_error(in, "verify pass", n ? (int)n : -EIO);
	if (memcmp(s->chk, s->buf, (size_t)n)) {
		instance_fail(in, "verify: the pipe delivered other bytes than went in");
		return SK_FAILED;
	}
	return SK_OK;
}

static int splice_run(struct instance *in)
{
	struct splice_state s = { .in = -1, .pipe_r = -1, .pipe_w = -1, .out = -1 };
	const unsigned method = ((const struct splice_opts *)in->opts)->method;
	const bool by_write = method == SPLICE_METHOD_WRITE;
	uint64_t bytes = 0;
	struct instance_loop l;
	int status = splice_setup(in, &s);

	if (status != SK_OK)
		goto out;
	instance_latency_name(in, 0, "pass");
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		loff_t at;
		ssize_t n;
		uint64_t t0;

		if (s.to_file && (uint64_t)s.off + s.len > s.wrap) {
			s.off = 0;
			if (by_write && lseek(s.out, 0, SEEK_SET) < 0) {
				status = instance_syscall_failed(in, "lseek");
				break;
			}
		}
		at = s.off;
		t0 = instance_latency_begin(in);
		n = by_write ? splice_pass_write(&s) : splice_pass_pipe(&s);
		if (n == -EINTR)
			continue;
		if (n < 0) {
			status = instance_error(in, s.failed, (int)n);
			break;
		}
		/* the pass alone, not --verify's read-back; a short pass is no op */
		if ((size_t)n == s.len)
			instance_latency_end(in, t0);
		bytes += (uint64_t)n;
		if (by_write)
			s.off += n;
		if (s.chk && s.to_file) {
			status = splice_verify_pass(in, &s, at, (size_t)n);
			if (status != SK_OK)
				break;
		}
		if ((size_t)n == s.len)
			instance_loop_inc(&l);
	}
	instance_metric(in, splice_rate_names[method],
			(double)bytes / instance_elapsed(in) / (1 << 20),
			MEAN_GEOMETRIC, true);
	if (status == SK_OK && s.chk && !s.to_file && s.pipe_w >= 0)
		status = splice_verify_pipe(in, &s);
out:
	if (s.in >= 0)
		close(s.in);
	if (s.pipe_r >= 0)
		close(s.pipe_r);
	if (s.pipe_w >= 0)
		close(s.pipe_w);
	if (s.out >= 0)
		close(s.out);
	free(s.buf);
	free(s.chk);
	return status;
}

static const struct stressor splice_stressor = {
	.name      = "splice",
	.summary   = "splice /dev/zero to /dev/null through a pipe, or a buffer to a file",
	.help      = "One bogo-op is one pass of --splice-bytes (64K) through a pipe: by\n"
		     "default splice() from /dev/zero into the pipe and splice() from it to\n"
		     "/dev/null; --splice-sink file and --splice-method vmsplice|write send\n"
		     "it to a file in the run directory instead. --verify reads it back.\n"
		     "Metric: MB per sec splice rate (MB = 2^20 bytes), the bytes that\n"
		     "reached the sink over each instance's run time; MB per sec\n"
		     "vmsplice rate and MB per sec write rate with those methods.",
	.classes   = CLASS_PIPE_IO | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "splice vmsplice",
	.opts      = splice_opts,
	.opts_size = sizeof(struct splice_opts),
	.syscalls  = SK_SYSCALLS("openat", "pipe2", "fcntl", "splice", "vmsplice",
				 "read", "pread64", "lseek"),
	.run       = splice_run,
	.version   = "1",
};
STRESSOR_REGISTER(splice_stressor);
