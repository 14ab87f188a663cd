/*
 * testhook.h - faults the integration tests inject through the
 * environment of build/stresskit.test (the shipped binary has none, see
 * testhook.c), so no test-only stressor ships to users:
 *   STRESSKIT_TEST_IGNORE_STOP=N      instance N of each stressor ignores
 *                                     the stop flag and signals until the
 *                                     controller SIGKILLs it
 *   STRESSKIT_TEST_SPIN_STOP=N        the same, but spinning on the CPU:
 *                                     busy, yet deaf to the stop
 *   STRESSKIT_TEST_BLOCKED_SYSCALL=N  instance N calls personality(2)
 *                                     just before run(): under --sandbox,
 *                                     a blocked syscall
 *   STRESSKIT_TEST_LATE_START=N       instance N starts 1.5 s after the
 *                                     start barrier opens, as one does
 *                                     that waits for a CPU behind
 *                                     thousands of others
 *   STRESSKIT_TEST_SLOW_HELPER=1      every helper (sk_fork_helper) sleeps
 *                                     2.5 s after its work, before it
 *                                     exits: an instance waits on it
 *                                     past a stop grace window
 *   STRESSKIT_TEST_SLOW_HELPER_START=1 sk_fork_helper returns to the
 *                                     instance 1 s after the fork: a
 *                                     set-up that takes a second
 * The first three are read once per instance, after the start barrier;
 * LATE_START just before the instance notes its start. Stressors ask
 * for their own faults with sk_test_hook() (<stresskit-builtin.h>):
 *   STRESSKIT_TEST_SPLICE_ZERO_EINVAL splice acts as if the kernel refused
 *                                     to splice from /dev/zero
 *   STRESSKIT_TEST_SENDFILE_SKEW      the sendfile stream starts 8 bytes
 *                                     in, so --verify must fail
 */
#ifndef STRESSKIT_TESTHOOK_H
#define STRESSKIT_TESTHOOK_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Looks once for any STRESSKIT_TEST_ variable. The controller calls it
 * before it forks, so that in a run without one (every run but the
 * tests') no instance or helper looks up the environment or formats a
 * name: each would touch text and data pages of its own after the fork,
 * a page fault apiece (scheduler.c). Without the call, the first hook
 * looks.
 */
void testhook_scan(void);

/* Runs the hooks the environment asks of instance index; may not return. */
void testhook_instance(uint32_t index);

/* Delays an instance's start as the environment asks (LATE_START). */
void testhook_before_start(uint32_t index);

/* Runs the hooks the environment asks of a helper whose work is done. */
void testhook_helper_exit(void);

/* Delays the return of sk_fork_helper as the environment asks. */
void testhook_helper_start(void);

#endif
