/*
 * helper_unshare.h - the core's side of sk_fork_helper (helper.c): a
 * mapping that the helpers of this process go without, where the
 * process and its helpers run (--placement), whether they are a herd,
 * and whether its last fork failed for want of a process.
 */
#ifndef STRESSKIT_HELPER_UNSHARE_H
#define STRESSKIT_HELPER_UNSHARE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Helpers forked from here on do not map [addr, addr + len): MADV_DONTFORK
 * just for their fork. The instance names the run's shared mapping when
 * its helpers need none of it (instance.c); len 0 names none.
 */
void helper_unshare(void *addr, size_t len);

/*
 * Where this process and its helpers run: at its first helper, the
 * process moves to self_cpu and each helper starts on helper_cpu; -1
 * for either leaves it where the scheduler puts it. A process that forks
 * no helper stays where it is: placement is of the tasks of an instance,
 * which a single task does not have.
 */
void helper_place(int self_cpu, int helper_cpu);

/*
 * Whether the helpers forked from here on are a herd (STRESSOR_HERD,
 * helper.h): in this process's group, stopped by its stop signal.
 */
void helper_herd(bool herd);

/*
 * True once after sk_fork_helper failed with EAGAIN in this thread (a
 * process limit: RLIMIT_NPROC, the task table, a pids cgroup), until
 * the next sk_fork_helper; instance_error asks it, so that the failure
 * is counted for one line after the run instead of a line an instance.
 */
bool helper_fork_hit_limit(void);

#endif
