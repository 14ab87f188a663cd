/*
 * brk.c - will-it-scale's brk1 and brk2: move the program break up one
 * page and back down in a loop, never touching the page, so what is
 * measured is the VMA expand/shrink under mmap_lock. One bogo-op is one
 * brk(2) call (will-it-scale counts two per up-and-down pair, the same).
 *   brk1: from the break as the instance finds it;
 *   brk2: first grows the heap by a page of its own ("unshared": that page
 *         is not inherited from the parent), then moves above it.
 * As threads, all instances move the one break of their process.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <unistd.h>

/* Moves the break to addr; glibc's brk() keeps its own idea of it current. */
static int brk_move(struct instance *in, void *addr)
{
	if (brk(addr) == 0)
		return SK_OK;
	return instance_syscall_failed(in, "brk");
}

static int brk_loop(struct instance *in, char *base, long page)
{
	int status;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		status = brk_move(in, base + page);
		if (status)
			return status;
		instance_loop_inc(&l);
		/* always back down; the step counts only while ops are left */
		status = brk_move(in, base);
		if (status)
			return status;
		if (!instance_loop_continue(&l))
			break;
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static int brk1_run(struct instance *in)
{
	return brk_loop(in, sbrk(0), sysconf(_SC_PAGESIZE));
}

static int brk2_run(struct instance *in)
{
	const long page = sysconf(_SC_PAGESIZE);
	char *start = sbrk(page);
	int status;

	if (start == (void *)-1)
		return instance_syscall_failed(in, "brk");
	status = brk_loop(in, start + page, page);
	/*
	 * The page of its own goes back when nothing else moved the break; a
	 * failure there is the run's failure unless the loop already had one.
	 */
	if (sbrk(0) == start + page && brk(start) != 0 && status == SK_OK)
		status = instance_syscall_failed(in, "brk");
	return status;
}

#define BRK_HELP_TAIL							\
	"The page is never touched, so no memory is faulted in. As threads\n"	\
	"(--instance-mode thread) every instance moves its process's one\n"	\
	"break, contending on one mmap_lock. Every call's result is checked."

static const struct stressor brk1_stressor = {
	.name      = "brk1",
	.summary   = "brk() the heap up one page and back down",
	.help      = "will-it-scale brk1: one bogo-op is one brk() call, alternately\n"
		     "raising the program break by one page from where the instance\n"
		     "finds it and lowering it back.\n" BRK_HELP_TAIL,
	.classes   = CLASS_MEMORY | CLASS_OS,
	.syscalls  = SK_SYSCALLS("brk"),
	.run       = brk1_run,
	.version   = "1",
};

static const struct stressor brk2_stressor = {
	.name      = "brk2",
	.summary   = "brk() up one page and back above a page of its own",
	.help      = "will-it-scale brk2: the instance first grows its heap by one page\n"
		     "of its own (not shared with the parent after fork), then one\n"
		     "bogo-op is one brk() call moving the break one page above that\n"
		     "and back.\n" BRK_HELP_TAIL,
	.classes   = CLASS_MEMORY | CLASS_OS,
	.syscalls  = SK_SYSCALLS("brk"),
	.run       = brk2_run,
	.version   = "1",
};

STRESSOR_REGISTER(brk1_stressor);
STRESSOR_REGISTER(brk2_stressor);
