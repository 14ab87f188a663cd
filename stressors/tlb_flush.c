/*
 * tlb_flush.c - will-it-scale's tlb_flush1-3: each instance maps a region,
 * then for every page in turn writes a byte, drops the page with
 * madvise(MADV_DONTNEED) (a TLB flush: in thread mode the mm is shared,
 * so other CPUs running it get a shootdown IPI) and reads the byte again,
 * which faults the page back in. The region is unmapped and mapped again
 * after its last page. One bogo-op is one page: write, MADV_DONTNEED, read.
 *   tlb_flush1: a private (copy-on-write) mapping of a 128 MiB file of the
 *               instance's own: the read finds the file's zero again;
 *   tlb_flush2: a private anonymous 1 MiB mapping: the read finds zero;
 *   tlb_flush3: a shared mapping of a 128 MiB file of the instance's own:
 *               the read finds the byte written, from the page cache.
 * The files are memfds (shmem) whatever --temp-path says. The read and its
 * check are part of the op, as in will-it-scale.
 */
#include <stresskit/stressor.h>
#include <stresskit/file.h>

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#include "wis_common.h"

#define TLB_FLUSH_FILE_SIZE	(128UL << 20)	/* will-it-scale's FILESIZE */
#define TLB_FLUSH_ANON_SIZE	(1UL << 20)	/* will-it-scale's MEMORYSIZE */

struct tlb_flush_case {
	size_t size;
	int flags;		/* MAP_PRIVATE, MAP_SHARED, | MAP_ANONYMOUS */
	char reads_back;	/* what the read after MADV_DONTNEED finds */
};

static const struct tlb_flush_case tlb_flush1_case = {
	TLB_FLUSH_FILE_SIZE, MAP_PRIVATE, 0,
};
static const struct tlb_flush_case tlb_flush2_case = {
	TLB_FLUSH_ANON_SIZE, MAP_PRIVATE | MAP_ANONYMOUS, 0,
};
static const struct tlb_flush_case tlb_flush3_case = {
	TLB_FLUSH_FILE_SIZE, MAP_SHARED, 1,
};

/* One pass over a fresh mapping; returns SK_OK when it ended normally. */
static int tlb_flush_pass(struct instance_loop *l, const struct tlb_flush_case *c,
			  int fd, size_t page)
{
	volatile char *addr = mmap(NULL, c->size, PROT_READ | PROT_WRITE,
				   c->flags, fd, 0);
	struct instance *in = l->in;
	int status = SK_OK;

	if (addr == MAP_FAILED)
		return instance_syscall_failed(in, "mmap");
	for (size_t off = 0; off < c->size && instance_loop_continue(l); off += page) {
		addr[off] = 1;
		if (madvise((void *)(addr + off), page, MADV_DONTNEED) < 0) {
			status = instance_syscall_failed(in, "madvise");
			break;
		}
		if (addr[off] != c->reads_back) {
			instance_fail(in, "page at offset %zu reads %d after MADV_DONTNEED, "
				      "expected %d", off, addr[off], c->reads_back);
			status = SK_FAILED;
			break;
		}
		instance_loop_inc(l);
	}
	munmap((void *)addr, c->size);
	return status;
}

static int tlb_flush_run_case(struct instance *in, const struct tlb_flush_case *c)
{
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	struct instance_loop l;
	int fd = -1, status = SK_OK;

	if (!(c->flags & MAP_ANONYMOUS)) {
		/* its pages exist, as after will-it-scale's warm-up (wis_filled) */
		fd = wis_filled(c->size);
		if (fd < 0)
			return instance_error(in, "making the file", fd);
	}
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	l = instance_loop_begin(in);	/* after the start: it reads the warmup */
	while (status == SK_OK && instance_loop_continue(&l))
		status = tlb_flush_pass(&l, c, fd, page);
	if (fd >= 0)
		close(fd);
	return status;
}

static int tlb_flush1_run(struct instance *in)
{
	return tlb_flush_run_case(in, &tlb_flush1_case);
}

static int tlb_flush2_run(struct instance *in)
{
	return tlb_flush_run_case(in, &tlb_flush2_case);
}

static int tlb_flush3_run(struct instance *in)
{
	return tlb_flush_run_case(in, &tlb_flush3_case);
}

/* mmap, munmap and madvise are in the base set */
#define TLB_FLUSH_SYSCALLS SK_SYSCALLS(SK_FILE_SYSCALLS, "madvise")

#define TLB_FLUSH_HELP_TAIL						\
	"One bogo-op is one page: a 1-byte write, madvise(MADV_DONTNEED)\n"	\
	"of the page and a read that faults it back and is checked (always,\n"	\
	"as in will-it-scale). In thread mode the instances share one mm,\n"	\
	"so each MADV_DONTNEED flushes the TLBs of the CPUs running them."

static const struct stressor tlb_flush1_stressor = {
	.name      = "tlb_flush1",
	.summary   = "MADV_DONTNEED page by page on a private file mapping",
	.help      = "will-it-scale tlb_flush1: each instance maps a 128 MiB file of\n"
		     "its own MAP_PRIVATE (a memfd, so shmem whatever --temp-path is,\n"
		     "filled at set-up as will-it-scale's is by its warm-up: 128 MiB of\n"
		     "memory per instance) and walks it.\n"
		     TLB_FLUSH_HELP_TAIL,
	.classes   = CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = TLB_FLUSH_SYSCALLS,
	.run       = tlb_flush1_run,
	.version   = "3",
};

static const struct stressor tlb_flush2_stressor = {
	.name      = "tlb_flush2",
	.summary   = "MADV_DONTNEED page by page on private anonymous memory",
	.help      = "will-it-scale tlb_flush2: each instance maps 1 MiB of private\n"
		     "anonymous memory and walks it.\n"
		     TLB_FLUSH_HELP_TAIL,
	.classes   = CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = TLB_FLUSH_SYSCALLS,
	.run       = tlb_flush2_run,
	.version   = "1",
};

static const struct stressor tlb_flush3_stressor = {
	.name      = "tlb_flush3",
	.summary   = "MADV_DONTNEED page by page on a shared file mapping",
	.help      = "will-it-scale tlb_flush3: each instance maps a 128 MiB file of\n"
		     "its own MAP_SHARED (a memfd, so shmem whatever --temp-path is,\n"
		     "filled at set-up as will-it-scale's is by its warm-up: 128 MiB of\n"
		     "memory per instance) and walks it.\n"
		     TLB_FLUSH_HELP_TAIL,
	.classes   = CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = TLB_FLUSH_SYSCALLS,
	.run       = tlb_flush3_run,
	.version   = "3",
};

STRESSOR_REGISTER(tlb_flush1_stressor);
STRESSOR_REGISTER(tlb_flush2_stressor);
STRESSOR_REGISTER(tlb_flush3_stressor);
