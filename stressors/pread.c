/*
 * pread.c - will-it-scale's three pread cases on shmem. Every instance
 * loops pread(fd, buf, 4096, offset) on a file of its own open file
 * description; one bogo-op is one 4 KiB pread(2).
 *   pread1: a private file per instance (no sharing: the scaling baseline);
 *   pread2: one file shared by every instance, all reading from offset 0, so
 *           every task contends on the same page-cache folio; --pread2-size
 *           sets the bytes a pread() reads (4 KiB, will-it-scale's, by
 *           default), so the work of an op can be changed by a known amount;
 *   pread3: one shared file, each instance reading a page of its own.
 * The files are memfds, so they live on shmem whatever --temp-path says.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PREAD_LEN	4096	/* will-it-scale's BUFLEN, one page */
#define PREAD2_SIZE_MAX	(1ULL << 20)	/* a buffer on the heap, a file of 256 pages */

struct pread2_opts {
	uint64_t size;
};

static const struct stressor_opt pread2_opts[] = {
	{ .name = "pread2-size", .type = OPT_SIZE,
	  .offset = offsetof(struct pread2_opts, size),
	  .min = 1, .max = PREAD2_SIZE_MAX, .def = PREAD_LEN,
	  .help = "bytes per pread() from offset 0, one bogo-op (will-it-scale's pread2 "
		  "reads 4 KiB, so the default is its op)" },
	OPT_TABLE_END,
};

/* Which file an instance reads, and where. */
enum pread_sharing {
	PREAD_PRIVATE,		/* pread1 */
	PREAD_SAME_PAGE,	/* pread2 */
	PREAD_OWN_PAGE,		/* pread3 */
};

/* Parent state of pread2/pread3: the shared memfd instances reopen. */
struct pread_shared {
	int fd;
};

/* The byte page i is filled with, so --verify can tell pages apart. */
static char pread_fill(uint32_t page)
{
	return (char)('a' + page % 26);
}

/* Creates a memfd of pages pages, page i filled with pread_fill(i). */
static int pread_make_file(uint32_t pages)
{
	char buf[PREAD_LEN];
	int fd = memfd_create("stresskit-pread", MFD_CLOEXEC);

	if (fd < 0)
		return -errno;
	for (uint32_t i = 0; i < pages; i++) {
		memset(buf, pread_fill(i), sizeof(buf));
		if (pwrite(fd, buf, sizeof(buf), (off_t)i * PREAD_LEN) != PREAD_LEN) {
			int err = errno ? errno : ENOSPC;

			close(fd);
			return -err;
		}
	}
	return fd;
}

/*
 * Opens fd again through /proc: a new open file description of the same
 * inode, as will-it-scale's open() of the path, so instances share the
 * page cache but not the struct file (no f_pos or refcount contention).
 */
static int pread_reopen(int fd)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return open(path, O_RDONLY | O_CLOEXEC);
}

static int pread_prepare_shared(struct stressor_ctx *ctx, uint32_t pages)
{
	struct pread_shared *sh = malloc(sizeof(*sh));

	if (!sh)
		return SK_NO_RESOURCE;
	sh->fd = pread_make_file(pages);
	if (sh->fd < 0) {
		int status = sk_status_from_errno(-sh->fd);

		free(sh);
		return status;
	}
	ctx->priv = sh;
	return SK_OK;
}

/* pread2's file holds every page a --pread2-size read reaches. */
static uint32_t pread2_pages(const struct pread2_opts *o)
{
	return (uint32_t)((o->size + PREAD_LEN - 1) / PREAD_LEN);
}

static int pread2_prepare(struct stressor_ctx *ctx)
{
	return pread_prepare_shared(ctx, pread2_pages(ctx->opts));
}

static int pread3_prepare(struct stressor_ctx *ctx)
{
	return pread_prepare_shared(ctx, ctx->instances ? ctx->instances : 1);
}

static void pread_cleanup(struct stressor_ctx *ctx)
{
	struct pread_shared *sh = ctx->priv;

	if (!sh)
		return;
	close(sh->fd);
	free(sh);
	ctx->priv = NULL;
}

/*
 * The loop all three share; the fd is this instance's own, the read len
 * bytes from the start of page (more than a page only for pread2). With
 * --verify the first and the last byte read are checked against their
 * pages' fill bytes.
 */
static int pread_loop(struct instance *in, int fd, uint32_t page, size_t len)
{
	const off_t off = (off_t)page * PREAD_LEN;
	const bool verify = in->ctx->verify;
	const char first = pread_fill(page);
	const char last = pread_fill(page + (uint32_t)((len - 1) / PREAD_LEN));
	char stack_buf[PREAD_LEN] __attribute__((aligned(64)));
	char *buf = stack_buf;
	struct instance_loop l;
	int status = SK_OK;

	/* a read of a page or less stays on the stack, as it always did */
	if (len > sizeof(stack_buf)) {
		buf = aligned_alloc(64, (len + 63) & ~(size_t)63);
		if (!buf)
			return instance_error(in, "aligned_alloc", -ENOMEM);
	}
	instance_latency_name(in, 0, "pread");
	l = instance_loop_begin(in);
	while (instance_loop_continue(&l)) {
		uint64_t t0 = instance_latency_begin(in);
		ssize_t n = pread(fd, buf, len, off);

		if (n != (ssize_t)len) {
			if (n < 0 && errno == EINTR)
				continue;
			if (n >= 0) {
				instance_fail(in, "pread returned %zd bytes, expected %zu",
					      n, len);
				status = SK_FAILED;
				break;
			}
			status = instance_syscall_failed(in, "pread");
			break;
		}
		if (verify && (buf[0] != first || buf[len - 1] != last)) {
			instance_fail(in, "verify: page %u read back wrong data", page);
			status = SK_FAILED;
			break;
		}
		instance_latency_end(in, t0);
		instance_loop_inc(&l);
	}
	if (buf != stack_buf)
		free(buf);
	return status;
}

static int pread_run_mode(struct instance *in, enum pread_sharing mode, size_t len)
{
	const struct pread_shared *sh = in->ctx->priv;
	int fd, status, file = -1;
	uint32_t page = mode == PREAD_OWN_PAGE ? in->index : 0;

	if (mode == PREAD_PRIVATE) {
		file = pread_make_file(1);
		if (file < 0)
			return instance_error(in, "memfd_create", file);
		fd = file;
	} else {
		fd = pread_reopen(sh->fd);
		if (fd < 0)
			return instance_syscall_failed(in, "open /proc/self/fd");
		file = fd;
	}
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	status = pread_loop(in, fd, page, len);
	close(file);
	return status;
}

static int pread1_run(struct instance *in)
{
	return pread_run_mode(in, PREAD_PRIVATE, PREAD_LEN);
}

static int pread2_run(struct instance *in)
{
	const struct pread2_opts *o = in->opts;

	return pread_run_mode(in, PREAD_SAME_PAGE, (size_t)o->size);
}

static int pread3_run(struct instance *in)
{
	return pread_run_mode(in, PREAD_OWN_PAGE, PREAD_LEN);
}

/* What --sandbox allows: the private file is made by the instance. */
#define PREAD_SYSCALLS SK_SYSCALLS("memfd_create", "pwrite64", "openat", "pread64")

#define PREAD_HELP_FILE							\
	"The file is a memfd, so it lives on shmem (tmpfs) whatever\n"	\
	"--temp-path is. "
#define PREAD_HELP_TAIL							\
	PREAD_HELP_FILE "One bogo-op is one 4 KiB pread(). With --verify\n"	\
	"each read is checked against the page's fill byte."

static const struct stressor pread1_stressor = {
	.name      = "pread1",
	.summary   = "pread 4 KiB from a private shmem file per instance",
	.help      = "will-it-scale pread1: each instance reads page 0 of a 4 KiB file\n"
		     "of its own, so nothing is shared between instances.\n"
		     PREAD_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = PREAD_SYSCALLS,
	.run       = pread1_run,
	.version   = "1",
};

static const struct stressor pread2_stressor = {
	.name      = "pread2",
	.summary   = "pread the same 4 KiB shmem page from every instance",
	.help      = "will-it-scale pread2: the parent makes one 4 KiB file shared by\n"
		     "every instance; each opens it on its own (its own open file) and\n"
		     "reads page 0, so all contend on one page-cache folio.\n"
		     PREAD_HELP_FILE "One bogo-op is one pread() of --pread2-size bytes\n"
		     "from offset 0 (4 KiB, will-it-scale's op; a larger size makes the\n"
		     "file as many pages as the read reaches). With --verify the first\n"
		     "and last byte of each read are checked against their pages' fill.",
	.classes   = CLASS_FILESYSTEM | CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.opts      = pread2_opts,
	.opts_size = sizeof(struct pread2_opts),
	.syscalls  = PREAD_SYSCALLS,
	.prepare   = pread2_prepare,
	.run       = pread2_run,
	.cleanup   = pread_cleanup,
	.version   = "1",
};

static const struct stressor pread3_stressor = {
	.name      = "pread3",
	.summary   = "pread a shmem file shared by all, a page per instance",
	.help      = "will-it-scale pread3: the parent makes one file of a 4 KiB page\n"
		     "per instance; each instance opens it on its own and reads its\n"
		     "own page (instance i reads page i).\n"
		     PREAD_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = PREAD_SYSCALLS,
	.prepare   = pread3_prepare,
	.run       = pread3_run,
	.cleanup   = pread_cleanup,
	.version   = "1",
};

STRESSOR_REGISTER(pread1_stressor);
STRESSOR_REGISTER(pread2_stressor);
STRESSOR_REGISTER(pread3_stressor);
