/*
 * malloc.c - will-it-scale's malloc1 and malloc2: malloc() and free() of
 * one block in a loop, the memory never touched. One bogo-op is one
 * malloc(3) and one free(3).
 *   malloc1: 128 MiB, above glibc's mmap threshold: one mmap(2) and one
 *            munmap(2) each (the kernel's VMA setup and teardown);
 *   malloc2: 1 KiB, served from the C library's caches: no syscall at all,
 *            a user-space CPU figure (per-thread arenas as threads).
 */
#include <stresskit/stressor.h>

#include <stdlib.h>

#define MALLOC1_SIZE	(128UL << 20)
#define MALLOC2_SIZE	(1UL << 10)

static int malloc_loop(struct instance *in, size_t size)
{
	const bool verify = in->ctx->verify;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		char *p = malloc(size);

		if (!p) {
			instance_fail(in, "malloc of %zu bytes failed", size);
			return SK_NO_RESOURCE;
		}
		/* the compiler may drop an unused malloc/free pair: use it */
		__asm__ volatile("" : : "r"(p) : "memory");
		if (verify) {
			p[0] = 'a';
			p[size - 1] = 'z';
			__asm__ volatile("" : : "r"(p) : "memory");
			if (p[0] != 'a' || p[size - 1] != 'z') {
				instance_fail(in, "verify: a malloc'ed block read back wrong");
				free(p);
				return SK_FAILED;
			}
		}
		free(p);
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static int malloc1_run(struct instance *in)
{
	return malloc_loop(in, MALLOC1_SIZE);
}

static int malloc2_run(struct instance *in)
{
	return malloc_loop(in, MALLOC2_SIZE);
}

#define MALLOC_HELP_TAIL							\
	"The block is not touched. Runs as processes or threads. With\n"	\
	"--verify its first and last bytes are written and read back (for\n"	\
	"malloc1 that faults in two pages per op)."

static const struct stressor malloc1_stressor = {
	.name      = "malloc1",
	.summary   = "malloc() and free() 128 MiB: an mmap and munmap each",
	.help      = "will-it-scale malloc1: one bogo-op is one malloc() and free() of\n"
		     "128 MiB, which the C library serves with mmap() and munmap().\n"
		     MALLOC_HELP_TAIL,
	.classes   = CLASS_MEMORY | CLASS_OS,
	.syscalls  = SK_SYSCALLS("mmap", "munmap"),
	.run       = malloc1_run,
	.version   = "1",
};

static const struct stressor malloc2_stressor = {
	.name      = "malloc2",
	.summary   = "malloc() and free() 1 KiB: the C library's fast path",
	.help      = "will-it-scale malloc2: one bogo-op is one malloc() and free() of\n"
		     "1 KiB, served from the C library's caches without a syscall.\n"
		     MALLOC_HELP_TAIL,
	.classes   = CLASS_CPU | CLASS_MEMORY,
	.syscalls  = SK_SYSCALLS("brk"),
	.run       = malloc2_run,
	.version   = "1",
};

STRESSOR_REGISTER(malloc1_stressor);
STRESSOR_REGISTER(malloc2_stressor);
