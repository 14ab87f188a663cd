/*
 * mmap.c - will-it-scale's mmap1-2 and page_fault1-3: map 128 MiB, touch
 * it or not, unmap it, in a loop. The same loop with two parameters: what
 * is mapped (anonymous memory, or a 128 MiB file of the instance's own,
 * privately or shared) and whether each page is written.
 *   mmap1:       anonymous, untouched: one bogo-op is one mmap(2) + munmap(2);
 *   mmap2:       a private file mapping, untouched: the same op;
 *   page_fault1: anonymous, a byte written per page;
 *   page_fault2: a private file mapping (copy-on-write of the file's pages);
 *   page_fault3: a shared file mapping (the file's own pages, dirtied);
 * for page_fault* one bogo-op is one page faulted in by a write (32768 per
 * mapping with 4 KiB pages), the mmap and munmap amortised over them.
 * The files are memfds, so they live on shmem whatever --temp-path says.
 */
#include <stresskit/stressor.h>
#include <stresskit/file.h>

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#include "wis_common.h"

#define MMAP_SIZE	(128UL << 20)	/* will-it-scale's MEMSIZE */

/* One case: what to map and whether to touch it. */
struct mmap_case {
	const char *file;	/* memfd name; NULL: anonymous memory */
	int flags;		/* MAP_PRIVATE or MAP_SHARED */
	bool touch;		/* page_fault*: write a byte per page */
};

/*
 * The byte written to page i under --verify (never 0, so a page that was
 * not written, or lost its write, reads back wrong).
 */
static inline char mmap_mark(size_t i)
{
	return (char)((i & 0x7f) | 1);
}

/* Reads back each page's mark: after a full pass under --verify. */
static bool mmap_check(const char *p, size_t pages, long page)
{
	for (size_t i = 0; i < pages; i++)
		if (p[i * (size_t)page] != mmap_mark(i))
			return false;
	return true;
}

/*
 * Writes a byte to each page of p, counting each as an op. Returns the
 * pages touched (fewer when the run stopped).
 */
static size_t mmap_touch(struct instance_loop *l, char *p, size_t pages, long page,
			 bool verify)
{
	size_t i;

	for (i = 0; i < pages && instance_loop_continue(l); i++) {
		p[i * (size_t)page] = verify ? mmap_mark(i) : 0;
		instance_loop_inc(l);
	}
	return i;
}

static int mmap_loop(struct instance *in, const struct mmap_case *c, int fd)
{
	const long page = sysconf(_SC_PAGESIZE);
	const size_t pages = MMAP_SIZE / (size_t)page;
	const bool verify = in->ctx->verify;
	const int flags = c->flags | (fd < 0 ? MAP_ANONYMOUS : 0);
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		char *p = mmap(NULL, MMAP_SIZE, PROT_READ | PROT_WRITE, flags, fd, 0);

		if (p == MAP_FAILED)
			return instance_syscall_failed(in, "mmap");
		if (!c->touch) {
			/* an untouched file or zero page must read 0 */
			if (verify && (p[0] || p[MMAP_SIZE - 1])) {
				munmap(p, MMAP_SIZE);
				instance_fail(in, "verify: a new mapping is not zero");
				return SK_FAILED;
			}
			munmap(p, MMAP_SIZE);
			instance_loop_inc(&l);
			continue;
		}
		if (mmap_touch(&l, p, pages, page, verify) == pages && verify &&
		    !mmap_check(p, pages, page)) {
			munmap(p, MMAP_SIZE);
			instance_fail(in, "verify: a page lost its write");
			return SK_FAILED;
		}
		munmap(p, MMAP_SIZE);
	}
	return SK_OK;
}

static int mmap_run_case(struct instance *in, const struct mmap_case *c)
{
	int fd = -1, status;

	if (c->file) {
		/* a touched file's pages exist, as after will-it-scale's warm-up */
		fd = c->touch ? wis_filled(MMAP_SIZE) : wis_memfd(c->file, MMAP_SIZE);
		if (fd < 0)
			return instance_error(in, "making the file", fd);
	}
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	status = mmap_loop(in, c, fd);
	if (fd >= 0)
		close(fd);
	return status;
}

static int mmap1_run(struct instance *in)
{
	static const struct mmap_case c = { NULL, MAP_PRIVATE, false };

	return mmap_run_case(in, &c);
}

static int mmap2_run(struct instance *in)
{
	static const struct mmap_case c = { "stresskit-mmap2", MAP_PRIVATE, false };

	return mmap_run_case(in, &c);
}

static int page_fault1_run(struct instance *in)
{
	static const struct mmap_case c = { NULL, MAP_PRIVATE, true };

	return mmap_run_case(in, &c);
}

static int page_fault2_run(struct instance *in)
{
	static const struct mmap_case c = { "stresskit-page_fault2", MAP_PRIVATE, true };

	return mmap_run_case(in, &c);
}

static int page_fault3_run(struct instance *in)
{
	static const struct mmap_case c = { "stresskit-page_fault3", MAP_SHARED, true };

	return mmap_run_case(in, &c);
}

#define MMAP_HELP_FILE							\
	"The file is a memfd, so it lives on shmem (tmpfs) whatever\n"	\
	"--temp-path is. "
#define MMAP_HELP_FILLED						\
	"It is filled at set-up, as will-it-scale's\n"			\
	"file is by its warm-up. "
#define MMAP_HELP_MODES							\
	"Runs as processes or threads (as threads all\n"		\
	"instances map into one address space, under one mmap_lock)."
#define MMAP_HELP_TOUCH							\
	"\nWith --verify each page gets a mark that is read back once the\n"	\
	"whole mapping is written."
#define MMAP_SYSCALLS SK_SYSCALLS(SK_FILE_SYSCALLS, "mmap", "munmap")

static const struct stressor mmap1_stressor = {
	.name      = "mmap1",
	.summary   = "mmap() and munmap() 128 MiB of anonymous memory",
	.help      = "will-it-scale mmap1: one bogo-op is one mmap() and munmap() of\n"
		     "128 MiB of anonymous memory, never touched. " MMAP_HELP_MODES
		     "\nWith --verify the first and last bytes must read 0.",
	.classes   = CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = MMAP_SYSCALLS,
	.run       = mmap1_run,
	.version   = "1",
};

static const struct stressor mmap2_stressor = {
	.name      = "mmap2",
	.summary   = "mmap() and munmap() a private 128 MiB shmem file",
	.help      = "will-it-scale mmap2: one bogo-op is one private mmap() and\n"
		     "munmap() of a 128 MiB file of the instance's own, never touched.\n"
		     MMAP_HELP_FILE MMAP_HELP_MODES
		     "\nWith --verify the first and last bytes must read 0.",
	.classes   = CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = MMAP_SYSCALLS,
	.run       = mmap2_run,
	.version   = "1",
};

static const struct stressor page_fault1_stressor = {
	.name      = "page_fault1",
	.summary   = "write-fault 128 MiB of anonymous memory, page by page",
	.help      = "will-it-scale page_fault1: maps 128 MiB of anonymous memory,\n"
		     "writes a byte to each page and unmaps it; one bogo-op is one page\n"
		     "faulted in. " MMAP_HELP_MODES MMAP_HELP_TOUCH,
	.classes   = CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = MMAP_SYSCALLS,
	.run       = page_fault1_run,
	.version   = "1",
};

static const struct stressor page_fault2_stressor = {
	.name      = "page_fault2",
	.summary   = "write-fault a private mapping of a 128 MiB shmem file",
	.help      = "will-it-scale page_fault2: maps a 128 MiB file of the instance's\n"
		     "own privately, writes a byte to each page (a copy-on-write fault)\n"
		     "and unmaps it; one bogo-op is one page faulted in.\n"
		     MMAP_HELP_FILE MMAP_HELP_FILLED MMAP_HELP_MODES MMAP_HELP_TOUCH,
	.classes   = CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = MMAP_SYSCALLS,
	.run       = page_fault2_run,
	.version   = "3",
};

static const struct stressor page_fault3_stressor = {
	.name      = "page_fault3",
	.summary   = "write-fault a shared mapping of a 128 MiB shmem file",
	.help      = "will-it-scale page_fault3: maps a 128 MiB file of the instance's\n"
		     "own shared, writes a byte to each page (dirtying the file's own\n"
		     "pages) and unmaps it; one bogo-op is one page faulted in.\n"
		     MMAP_HELP_FILE MMAP_HELP_FILLED MMAP_HELP_MODES MMAP_HELP_TOUCH,
	.classes   = CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = MMAP_SYSCALLS,
	.run       = page_fault3_run,
	.version   = "3",
};

STRESSOR_REGISTER(mmap1_stressor);
STRESSOR_REGISTER(mmap2_stressor);
STRESSOR_REGISTER(page_fault1_stressor);
STRESSOR_REGISTER(page_fault2_stressor);
STRESSOR_REGISTER(page_fault3_stressor);
