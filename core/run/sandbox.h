/*
 * sandbox.h - --sandbox: a seccomp allow-list per instance, the core's
 * base set plus the syscalls the stressor declares in its descriptor.
 * sk_sandbox_enter(), the call a subcommand makes, is in stresskit-builtin.h.
 */
#ifndef STRESSKIT_SANDBOX_H
#define STRESSKIT_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <stresskit/stressor.h>
#include <stresskit-builtin.h>

/*
 * Whether stressor s can run under --sandbox: stresskit was built with
 * libseccomp and s declares its syscalls. Returns 0, or -EINVAL with one
 * line in err.
 */
int sandbox_check(const struct stressor *s, char *err, size_t errlen);

/*
 * Confines an instance (a process, or a thread of a worker) to its
 * stressor's list; called in the instance before run().
 */
int sandbox_instance(struct instance *in);

/* True when this thread instance made a blocked call: it has failed. */
bool sandbox_tripped(void);

/* The core's own syscalls, NULL-terminated: what every sandbox allows. */
extern const char *const sandbox_base[];

#endif
