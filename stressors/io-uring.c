/*
 * io-uring.c - stress-ng's io-uring stressor, as its current source has
 * it, on raw syscalls (io_uring_setup, io_uring_enter, the rings
 * mmap()ed): one ring per instance of --io-uring-entries (14 on up to 16
 * CPUs, stress-ng's default). Each round opens the instance's file in
 * the run directory (O_CREAT | O_TRUNC, a short write-life hint) and an
 * O_PATH fd of it, then submits stress-ng's opcodes one at a time, each
 * waited for (io_uring_enter(1, 1, GETEVENTS)) and its completions
 * drained: readv and writev of 4 x 512 bytes, read, write, fsync, nop,
 * fallocate, fadvise, close (of a dup of stdin), madvise, statx (of the
 * O_PATH fd), sync_file_range, setxattr, getxattr, ftruncate; every
 * 4097th round reads the ring's /proc fdinfo; then both fds are closed.
 * One bogo-op is one submission (io_uring_enter), as in stress-ng.
 * --io-uring-rand submits opcodes at random, at random offsets. An
 * opcode the kernel or file system refuses (EOPNOTSUPP, ENOTDIR) is
 * dropped; stress-ng's ignored completion errors are ignored; any other
 * fails the run (always, as stress-ng's verify).
 * Debian's stress-ng 0.15.06 differs: no re-open per round, no O_PATH
 * fd, a 256-entry ring, no setxattr/ftruncate; its statx of the
 * unlinked file's path fails (ENOENT) and ends its run.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/io_uring.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#define IO_URING_BLOCKS		4
#define IO_URING_BLOCK_SIZE	512
#define IO_URING_OP_FTRUNCATE	55	/* Linux 6.9; Debian 12's header lacks it */
#define IO_URING_FDINFO_EVERY	4096

struct io_uring_opts {
	uint64_t entries;
	bool rand;
};

static const struct stressor_opt io_uring_opts[] = {
	{ .name = "io-uring-entries", .type = OPT_COUNT,
	  .offset = offsetof(struct io_uring_opts, entries),
	  .min = 1, .max = 16384, .def = 14,
	  .help = "entries asked of io_uring_setup (the kernel rounds up to a power of 2)" },
	{ .name = "io-uring-rand", .type = OPT_BOOL,
	  .offset = offsetof(struct io_uring_opts, rand),
	  .help = "opcodes in random order, at random offsets" },
	OPT_TABLE_END,
};

/* The rings, as mapped. */
struct io_uring_ring {
	int fd;
	void *sq, *cq;
	struct io_uring_sqe *sqes;
	size_t sq_size, cq_size, sqes_size;
	unsigned *sq_tail, *sq_mask, *sq_array;
	unsigned *cq_head, *cq_tail, *cq_mask;
	struct io_uring_cqe *cqes;
};

/* What a submission works on. */
struct io_uring_file {
	int fd, fd_at;
	const char *path;
	struct iovec *iov;
	uint64_t rnd;
	bool rand;
};

struct io_uring_opcode {
	uint8_t opcode;
	const char *name;
	void (*setup)(struct io_uring_file *f, struct io_uring_sqe *sqe);
};

static uint64_t io_uring_rnd(struct io_uring_file *f)
{
	f->rnd ^= f->rnd << 13;
	f->rnd ^= f->rnd >> 7;
	f->rnd ^= f->rnd << 17;
	return f->rnd;
}

static uint64_t io_uring_off(struct io_uring_file *f)
{
	return f->rand ? (io_uring_rnd(f) & 0xff) * IO_URING_BLOCKS : 0;
}

static void io_uring_readv(struct io_uring_file *f, struct io_uring_sqe *s)
{
	s->opcode = IORING_OP_READV;
	s->fd = f->fd;
	s->addr = (uintptr_t)f->iov;
	s->len = IO_URING_BLOCKS;
	s->off = io_uring_off(f);
}

static void io_uring_writev(struct io_uring_file *f, struct io_uring_sqe *s)
{
	io_uring_readv(f, s);
	s->opcode = IORING_OP_WRITEV;
}

static void io_uring_read(struct io_uring_file *f, struct io_uring_sqe *s)
{
	s->opcode = IORING_OP_READ;
	s->fd = f->fd;
	s->addr = (uintptr_t)f->iov[0].iov_base;
	s->len = (uint32_t)f->iov[0].iov_len;
	s->off = io_uring_off(f);
}

static void io_uring_write(struct io_uring_file *f, struct io_uring_sqe *s)
{
	io_uring_read(f, s);
	s->opcode = IORING_OP_WRITE;
}

static void io_uring_fsync(struct io_uring_file *f, struct io_uring_sqe *s)
{
	s->opcode = IORING_OP_FSYNC;
	s->fd = f->fd;
}

static void io_uring_nop(struct io_uring_file *f, struct io_uring_sqe *s)
{
	(void)f;
	s->opcode = IORING_OP_NOP;
}

static void io_uring_fallocate(struct io_uring_file *f, struct io_uring_sqe *s)
{
	s->opcode = IORING_OP_FALLOCATE;
	s->fd = f->fd;
	s->addr = io_uring_rnd(f) & 0xffff;	/* the length */
}

static void io_uring_fadvise(struct io_uring_file *f, struct io_uring_sqe *s)
{
	s->opcode = IORING_OP_FADVISE;
	s->fd = f->fd;
	s->len = f->rand ? io_uring_rnd(f) & 0xffff : 1024;
	s->fadvise_advice = POSIX_FADV_NORMAL;
}

static void io_uring_close(struct io_uring_file *f, struct io_uring_sqe *s)
{
	(void)f;
	s->opcode = IORING_OP_CLOSE;
	s->fd = dup(STDIN_FILENO);	/* -1 when stdin is closed: EBADF, ignored */
}

static void io_uring_madvise(struct io_uring_file *f, struct io_uring_sqe *s)
{
	s->opcode = IORING_OP_MADVISE;
	s->fd = f->fd;
	s->addr = (uintptr_t)f->iov[0].iov_base;
	s->len = 4096;
	s->fadvise_advice = MADV_NORMAL;
}

static void io_uring_statx(struct io_uring_file *f, struct io_uring_sqe *s)
{
	static struct statx stx;

	if (f->fd_at < 0) {
		s->opcode = IORING_OP_NOP;
		return;
	}
	s->opcode = IORING_OP_STATX;
	s->fd = f->fd_at;
	s->addr = (uintptr_t)"";
	s->addr2 = (uintptr_t)&stx;
	s->statx_flags = AT_EMPTY_PATH;
	s->len = STATX_SIZE;
}

static void io_uring_sync_file_range(struct io_uring_file *f, struct io_uring_sqe *s)
{
	s->opcode = IORING_OP_SYNC_FILE_RANGE;
	s->fd = f->fd;
	s->off = io_uring_rnd(f) & 0xffff & ~511ULL;
	s->len = (uint32_t)io_uring_rnd(f) & ~511u;
}

static void io_uring_setxattr(struct io_uring_file *f, struct io_uring_sqe *s)
{
	static char value[] = "ioring-xattr-data";

	s->opcode = IORING_OP_SETXATTR;
	s->off = (uintptr_t)value;
	s->len = sizeof(value);
	s->addr = (uintptr_t)"user.var_test";
	s->addr3 = (uintptr_t)f->path;
	s->xattr_flags = XATTR_CREATE;
}

static void io_uring_getxattr(struct io_uring_file *f, struct io_uring_sqe *s)
{
	static char value[128];

	s->opcode = IORING_OP_GETXATTR;
	s->off = (uintptr_t)value;
	s->len = sizeof(value);
	s->addr = (uintptr_t)"user.var_test";
	s->addr3 = (uintptr_t)f->path;
}

static void io_uring_ftruncate(struct io_uring_file *f, struct io_uring_sqe *s)
{
	s->opcode = IO_URING_OP_FTRUNCATE;
	s->fd = f->fd;
	s->off = io_uring_rnd(f) & 0xffff & ~511ULL;
}

static const struct io_uring_opcode io_uring_opcodes[] = {
	{ IORING_OP_READV, "readv", io_uring_readv },
	{ IORING_OP_WRITEV, "writev", io_uring_writev },
	{ IORING_OP_READ, "read", io_uring_read },
	{ IORING_OP_WRITE, "write", io_uring_write },
	{ IORING_OP_FSYNC, "fsync", io_uring_fsync },
	{ IORING_OP_NOP, "nop", io_uring_nop },
	{ IORING_OP_FALLOCATE, "fallocate", io_uring_fallocate },
	{ IORING_OP_FADVISE, "fadvise", io_uring_fadvise },
	{ IORING_OP_CLOSE, "close", io_uring_close },
	{ IORING_OP_MADVISE, "madvise", io_uring_madvise },
	{ IORING_OP_STATX, "statx", io_uring_statx },
	{ IORING_OP_SYNC_FILE_RANGE, "sync_file_range", io_uring_sync_file_range },
	{ IORING_OP_SETXATTR, "setxattr", io_uring_setxattr },
	{ IORING_OP_GETXATTR, "getxattr", io_uring_getxattr },
	{ IO_URING_OP_FTRUNCATE, "ftruncate", io_uring_ftruncate },
};
#define IO_URING_NOPS (sizeof(io_uring_opcodes) / sizeof(io_uring_opcodes[0]))

/* Sets the ring up and maps it: 0 or a negative errno. */
static int io_uring_ring_setup(struct io_uring_ring *r, unsigned entries)
{
	struct io_uring_params p;

	memset(&p, 0, sizeof(p));
	r->fd = (int)syscall(SYS_io_uring_setup, entries, &p);
	if (r->fd < 0)
		return -errno;
	r->sq_size = p.sq_off.array + p.sq_entries * sizeof(unsigned);
	r->cq_size = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	if (p.features & IORING_FEAT_SINGLE_MMAP) {
		if (r->cq_size > r->sq_size)
			r->sq_size = r->cq_size;
		r->cq_size = r->sq_size;
	}
	r->sq = mmap(NULL, r->sq_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		     r->fd, IORING_OFF_SQ_RING);
	if (r->sq == MAP_FAILED)
		return r->sq = NULL, -errno;
	r->cq = r->sq;
	if (!(p.features & IORING_FEAT_SINGLE_MMAP)) {
		r->cq = mmap(NULL, r->cq_size, PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_POPULATE, r->fd, IORING_OFF_CQ_RING);
		if (r->cq == MAP_FAILED)
			return r->cq = NULL, -errno;
	}
	r->sqes_size = p.sq_entries * sizeof(struct io_uring_sqe);
	r->sqes = mmap(NULL, r->sqes_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		       r->fd, IORING_OFF_SQES);
	if (r->sqes == MAP_FAILED)
		return r->sqes = NULL, -errno;
	r->sq_tail = (unsigned *)((char *)r->sq + p.sq_off.tail);
	r->sq_mask = (unsigned *)((char *)r->sq + p.sq_off.ring_mask);
	r->sq_array = (unsigned *)((char *)r->sq + p.sq_off.array);
	r->cq_head = (unsigned *)((char *)r->cq + p.cq_off.head);
	r->cq_tail = (unsigned *)((char *)r->cq + p.cq_off.tail);
	r->cq_mask = (unsigned *)((char *)r->cq + p.cq_off.ring_mask);
	r->cqes = (struct io_uring_cqe *)((char *)r->cq + p.cq_off.cqes);
	return 0;
}

static void io_uring_ring_close(struct io_uring_ring *r)
{
	if (r->sqes)
		munmap(r->sqes, r->sqes_size);
	if (r->cq && r->cq != r->sq)
		munmap(r->cq, r->cq_size);
	if (r->sq)
		munmap(r->sq, r->sq_size);
	if (r->fd >= 0)
		close(r->fd);
}

/* Whether a completion's error is one stress-ng lets pass for opcode. */
static bool io_uring_ignored(uint8_t opcode, int err)
{
	return err == ENOSPC || err == EFBIG || err == EINVAL ||
	       (err == ENODATA && opcode == IORING_OP_GETXATTR) ||
	       (err == EEXIST && opcode == IORING_OP_SETXATTR) ||
	       (err == EBADF && opcode == IORING_OP_CLOSE);
}

/*
 * Drains the completion ring. user_data is the opcode's index; one the
 * kernel or file system does not do is marked unsupported. Returns
 * SK_OK, or SK_FAILED having said which opcode failed how.
 */
static int io_uring_complete(struct instance *in, struct io_uring_ring *r, bool *supported)
{
	unsigned head = *r->cq_head;
	int status = SK_OK;

	for (;;) {
		const struct io_uring_cqe *c;
		uint64_t idx;

		if (head == __atomic_load_n(r->cq_tail, __ATOMIC_ACQUIRE))
			break;
		c = &r->cqes[head & *r->cq_mask];
		idx = c->user_data;
		if (c->res < 0 && idx < IO_URING_NOPS) {
			const int err = -c->res;

			if (err == EOPNOTSUPP || err == ENOTDIR)
				supported[idx] = false;
			else if (!io_uring_ignored(io_uring_opcodes[idx].opcode, err)) {
				instance_fail(in, "io_uring %s completed with %s",
					      io_uring_opcodes[idx].name, strerror(err));
				status = SK_FAILED;
			}
		}
		head++;
	}
	__atomic_store_n(r->cq_head, head, __ATOMIC_RELEASE);
	return status;
}

/* One submission of opcode idx, waited for: 0, or a negative errno. */
static int io_uring_submit(struct io_uring_ring *r, struct io_uring_file *f, size_t idx)
{
	const unsigned tail = *r->sq_tail, slot = tail & *r->sq_mask;
	struct io_uring_sqe *s = &r->sqes[slot];

	memset(s, 0, sizeof(*s));
	io_uring_opcodes[idx].setup(f, s);
	s->user_data = idx;
	r->sq_array[slot] = slot;
	__atomic_store_n(r->sq_tail, tail + 1, __ATOMIC_RELEASE);
	return syscall(SYS_io_uring_enter, r->fd, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0) < 0 &&
	       errno != ENOSPC ? -errno : 0;
}

/* Enters the submission made; a full completion ring (EBUSY) is drained
 * and the enter retried, as stress-ng does. 0 or a negative errno. */
static int io_uring_enter_again(struct instance *in, struct io_uring_ring *r, bool *supported,
				int *status)
{
	long n;

	do {
		*status = io_uring_complete(in, r, supported);
		if (*status != SK_OK)
			return 0;
		n = syscall(SYS_io_uring_enter, r->fd, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0);
	} while (n < 0 && errno == EBUSY);
	return n < 0 && errno != ENOSPC ? -errno : 0;
}

/* stress-ng's periodic read of the ring's /proc fdinfo. */
static void io_uring_read_fdinfo(int fd)
{
	char path[64], buf[4096];
	int f;

	snprintf(path, sizeof(path), "/proc/%d/fdinfo/%d", (int)getpid(), fd);
	f = open(path, O_RDONLY | O_CLOEXEC);
	if (f >= 0) {
		(void)!read(f, buf, sizeof(buf));
		close(f);
	}
}

/* One round on a freshly opened file: SK_OK, or a status having said why. */
static int io_uring_round(struct instance_loop *l, struct io_uring_ring *r,
			  struct io_uring_file *f, bool *supported)
{
	struct instance *in = l->in;
	int hint = 1;	/* RWH_WRITE_LIFE_SHORT */
	int status = SK_OK;

	f->fd = open(f->path, O_CREAT | O_RDWR | O_TRUNC | O_CLOEXEC, 0600);
	if (f->fd < 0)
		return instance_syscall_failed(in, "open");
	(void)fcntl(f->fd, 1036 /* F_SET_RW_HINT */, &hint);
	f->fd_at = open(f->path, O_PATH | O_CLOEXEC);
	for (size_t j = 0; j < IO_URING_NOPS && instance_loop_continue(l); j++) {
		const size_t idx = f->rand ? io_uring_rnd(f) % IO_URING_NOPS : j;
		int err;

		if (!supported[idx])
			continue;
		err = io_uring_submit(r, f, idx);
		if (err == -EBUSY) {
			err = io_uring_enter_again(in, r, supported, &status);
			if (status != SK_OK)
				break;
		}
		if (err == -EINTR)
			break;
		if (err) {
			if (err == -EOPNOTSUPP)
				supported[idx] = false;
			status = instance_error(in, "io_uring_enter", err);
			break;
		}
		instance_loop_inc(l);
		status = io_uring_complete(in, r, supported);
		if (status != SK_OK)
			break;
	}
	if (f->fd_at >= 0)
		close(f->fd_at);
	close(f->fd);
	return status;
}

static int io_uring_run(struct instance *in)
{
	const struct io_uring_opts *o = in->opts;
	struct io_uring_ring r = { .fd = -1 };
	struct io_uring_file f = { .fd = -1, .fd_at = -1, .rand = o->rand,
				   .rnd = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)getpid() << 16) };
	bool supported[IO_URING_NOPS];
	char path[PATH_MAX];
	struct instance_loop l;
	unsigned rounds = 0;
	int status = SK_OK, err;

	f.iov = mmap(NULL, IO_URING_BLOCKS * (sizeof(struct iovec) + IO_URING_BLOCK_SIZE),
		     PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (f.iov == MAP_FAILED)
		return instance_syscall_failed(in, "mmap");
	for (int i = 0; i < IO_URING_BLOCKS; i++) {
		f.iov[i].iov_base = (char *)(f.iov + IO_URING_BLOCKS) + i * IO_URING_BLOCK_SIZE;
		f.iov[i].iov_len = IO_URING_BLOCK_SIZE;
		memset(f.iov[i].iov_base, (int)(io_uring_rnd(&f) & 0xff), IO_URING_BLOCK_SIZE);
	}
	snprintf(path, sizeof(path), "%s/io-uring-%u", in->ctx->run_dir, in->index);
	f.path = path;
	for (size_t j = 0; j < IO_URING_NOPS; j++)
		supported[j] = true;
	err = io_uring_ring_setup(&r, (unsigned)o->entries);
	if (err) {
		status = instance_error(in, "io_uring_setup", err == -EPERM ? -ENOSYS : err);
		goto out;
	}
	instance_ready(in);
	l = instance_loop_begin(in);
	while (status == SK_OK && instance_loop_continue(&l)) {
		status = io_uring_round(&l, &r, &f, supported);
		if (rounds++ >= IO_URING_FDINFO_EVERY) {
			rounds = 0;
			io_uring_read_fdinfo(r.fd);
		}
	}
out:
	io_uring_ring_close(&r);
	unlink(path);
	munmap(f.iov, IO_URING_BLOCKS * (sizeof(struct iovec) + IO_URING_BLOCK_SIZE));
	return status;
}

static const struct stressor io_uring_stressor = {
	.name      = "io-uring",
	.summary   = "io_uring submissions of 15 opcodes on a file, one at a time",
	.help      = "stress-ng's io-uring, as its current source: one bogo-op is one\n"
		     "io_uring_enter() submitting one SQE and waiting for it: readv, writev,\n"
		     "read, write, fsync, nop, fallocate, fadvise, close, madvise, statx,\n"
		     "sync_file_range, setxattr, getxattr, ftruncate in turn, on a file in\n"
		     "the run directory opened afresh each round. Raw syscalls, no liburing.\n"
		     "Debian's stress-ng 0.15.06 differs (a 256-entry ring, no re-open, no\n"
		     "setxattr/ftruncate) and its statx fails, ending its run.",
	.classes   = CLASS_IO | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "io_uring",
	.opts      = io_uring_opts,
	.opts_size = sizeof(struct io_uring_opts),
	.syscalls  = SK_SYSCALLS("io_uring_setup", "io_uring_enter", "openat", "unlink",
				 "fcntl", "dup", "read"),
	.run       = io_uring_run,
	.version   = "1",
};

STRESSOR_REGISTER(io_uring_stressor);
