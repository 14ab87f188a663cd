/*
 * vm-splice.c - vmsplice(2) of user pages, as stress-ng's vm-splice
 * stressor: each instance vmsplice()s --vm-splice-bytes of a mapped
 * buffer into a pipe and splice()s them on to /dev/null; then it write()s
 * a page carrying a check value into the pipe and vmsplice()s it back
 * out into the buffer, which must hold the value. One bogo-op is that
 * round: two vmsplice(), a splice() and a write().
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#define VM_SPLICE_PAGE		4096
#define VM_SPLICE_BYTES_MIN	(4 * 1024)
#define VM_SPLICE_BYTES_DEF	(64 * 1024)
/* stress-ng's limit; past the pipe's size a vmsplice() moves what fits */
#define VM_SPLICE_BYTES_MAX	(64 * 1024 * 1024)
/* stress-ng's check values step by a prime */
#define VM_SPLICE_STEP		0x9e3779b97f4a7c15ull

struct vm_splice_opts {
	uint64_t bytes;
};

static const struct stressor_opt vm_splice_opts[] = {
	{ .name = "vm-splice-bytes", .type = OPT_SIZE,
	  .offset = offsetof(struct vm_splice_opts, bytes),
	  .min = VM_SPLICE_BYTES_MIN, .max = VM_SPLICE_BYTES_MAX, .def = VM_SPLICE_BYTES_DEF,
	  .help = "bytes per vmsplice() into the pipe, whole pages" },
	OPT_TABLE_END,
};

/* One vmsplice; returns bytes moved or -errno (-EINTR: interrupted). */
static ssize_t vm_splice_once(int fd, void *buf, size_t len)
{
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	ssize_t n = vmsplice(fd, &iov, 1, 0);

	return n >= 0 ? n : -errno;
}

static int vm_splice_loop(struct instance *in, const int fds[2], int null_fd,
			  uint64_t *buf, size_t sz, uint64_t *data)
{
	uint64_t check = VM_SPLICE_STEP * (in->index + 1), bytes = 0;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		ssize_t n = vm_splice_once(fds[1], buf, sz), w;

		if (n == -EINTR)
			continue;	/* the stop, or a signal: the loop says which */
		if (n < 0)
			return instance_error(in, "vmsplice", (int)n);
		bytes += (uint64_t)n;
		/* the pipe is drained before the next op, or that op's vmsplice
		 * waits for a reader there is none of */
		while (splice(fds[0], NULL, null_fd, NULL, (size_t)n, SPLICE_F_MOVE) < 0) {
			if (errno != EINTR)
				return instance_syscall_failed(in, "splice");
			if (instance_loop_stopping(&l))
				goto out;
		}
		/* the way back: a page through the pipe into the buffer */
		check += VM_SPLICE_STEP;
		*data = check;
		w = write(fds[1], data, VM_SPLICE_PAGE);
		if (w > 0) {
			n = vm_splice_once(fds[0], buf, (size_t)w);
			if (n == -EINTR)
				break;		/* only the stop interrupts a full pipe's read */
			if (n < 0)
				return instance_error(in, "vmsplice", (int)n);
			if (n >= (ssize_t)sizeof(check) && *buf != check) {
				instance_fail(in, "verify: vmsplice from the pipe gave %#llx, "
					      "expected %#llx", (unsigned long long)*buf,
					      (unsigned long long)check);
				return SK_FAILED;
			}
			bytes += (uint64_t)n;
		}
		instance_loop_inc(&l);
	}
out:
	instance_metric_mb_per_sec(in, "MB per sec vm-splice rate", bytes);
	return SK_OK;
}

static int vm_splice_run(struct instance *in)
{
	const struct vm_splice_opts *o = in->opts;
	const size_t sz = o->bytes & ~(size_t)(VM_SPLICE_PAGE - 1);
	int fds[2] = { -1, -1 }, null_fd = -1, status;
	uint64_t *buf, *data;

	buf = mmap(NULL, sz, PROT_READ | PROT_WRITE,
		   MAP_ANONYMOUS | MAP_PRIVATE | MAP_POPULATE, -1, 0);
	if (buf == MAP_FAILED)
		return instance_syscall_failed(in, "mmap");
	data = mmap(NULL, VM_SPLICE_PAGE, PROT_READ | PROT_WRITE,
		    MAP_ANONYMOUS | MAP_PRIVATE | MAP_POPULATE, -1, 0);
	if (data == MAP_FAILED) {
		status = instance_syscall_failed(in, "mmap");
		goto out_buf;
	}
	memset(data, 0x5a, VM_SPLICE_PAGE);
	if (pipe2(fds, O_CLOEXEC) < 0) {
		status = instance_syscall_failed(in, "pipe2");
		goto out_data;
	}
	null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null_fd < 0) {
		status = instance_syscall_failed(in, "open /dev/null");
		goto out_pipe;
	}
	memset(buf, 0, sz);
	status = vm_splice_loop(in, fds, null_fd, buf, sz, data);
	close(null_fd);
out_pipe:
	close(fds[0]);
	close(fds[1]);
out_data:
	munmap(data, VM_SPLICE_PAGE);
out_buf:
	munmap(buf, sz);
	return status;
}

static const struct stressor vm_splice_stressor = {
	.name      = "vm-splice",
	.summary   = "vmsplice user pages into a pipe, splice them to /dev/null",
	.help      = "stress-ng's vm-splice: one bogo-op is one vmsplice() of\n"
		     "--vm-splice-bytes of mapped memory into a pipe, one splice() of\n"
		     "them to /dev/null, one write() of a page into the pipe and one\n"
		     "vmsplice() of it back into the memory, whose check value is\n"
		     "always verified. stress-ng's current source divides\n"
		     "--vm-splice-bytes among the instances; 0.15.06 and stresskit\n"
		     "give each instance the whole size. 0.15.06 also clears the\n"
		     "buffer before each op; the current source, as stresskit, once.",
	.classes   = CLASS_VM | CLASS_PIPE_IO | CLASS_OS,
	.needs     = "splice vmsplice",
	.opts      = vm_splice_opts,
	.opts_size = sizeof(struct vm_splice_opts),
	.syscalls  = SK_SYSCALLS("mmap", "munmap", "pipe2", "openat", "close",
				 "vmsplice", "splice", "write"),
	.run       = vm_splice_run,
	.version   = "1",
};
STRESSOR_REGISTER(vm_splice_stressor);
