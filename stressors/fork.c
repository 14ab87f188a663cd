/*
 * fork.c - stress-ng's fork stressor: each instance forks --fork-max
 * children, then waits for them in turn. A child does what stress-ng's
 * does before it exits: getpid, getpgid, setsid (then vhangup, which
 * fails without capabilities), four setpgid calls (two valid, two
 * EINVAL) and sched_yield. One bogo-op is one child forked and reaped.
 * The instance drops its capabilities and sets no_new_privs first, as
 * stress-ng's does, so its children are as unprivileged.
 *
 * The children are plain fork()s, not sk_fork_helper's helpers: a child
 * runs a dozen syscalls and exits by itself, and the helper's set-up
 * (signal masks, a process group, PR_SET_PDEATHSIG, a name) would be
 * most of the work the op measures and more than stress-ng's child does.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <stdlib.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drop_capabilities.h"

#define FORK_MAX	16000u	/* stress-ng's MAX_FORKS */

struct fork_opts {
	uint64_t max;
};

static const struct stressor_opt fork_opts[] = {
	{ .name = "fork-max", .type = OPT_COUNT,
	  .offset = offsetof(struct fork_opts, max),
	  .min = 1, .max = FORK_MAX, .def = 1,
	  .help = "children forked before the instance waits for them" },
	OPT_TABLE_END,
};

static void __attribute__((noreturn)) fork_child(void)
{
	const pid_t me = getpid();
	const pid_t pgid = getpgid(me);

	if (setsid() != -1)
		(void)syscall(SYS_vhangup);
	(void)setpgid(0, 0);
	(void)setpgid(me, pgid);
	(void)setpgid(0, -1);
	(void)setpgid(-1, 0);
	(void)sched_yield();
	_exit(0);
}

static int fork_run(struct instance *in)
{
	const struct fork_opts *o = in->opts;
	pid_t *pids = calloc(o->max, sizeof(*pids));
	struct instance_loop l;
	int status = SK_OK;

	if (!pids)
		return SK_NO_RESOURCE;
	drop_capabilities();
	l = instance_loop_begin(in);
	while (status == SK_OK && instance_loop_continue(&l)) {
		uint64_t n;

		for (n = 0; n < o->max; n++) {
			pids[n] = fork();
			if (pids[n] == 0)
				fork_child();
			if (pids[n] < 0 && errno != EAGAIN && errno != ENOMEM &&
			    errno != EINTR && in->ctx->verify) {
				status = instance_syscall_failed(in, "fork");
				n++;
				break;
			}
			if (!instance_loop_continue(&l)) {
				n++;
				break;
			}
		}
		for (uint64_t i = 0; i < n; i++) {
			int st;

			if (pids[i] <= 0)
				continue;
			while (waitpid(pids[i], &st, 0) < 0 && errno == EINTR)
				;
			instance_loop_inc(&l);
		}
	}
	free(pids);
	return status;
}

static const struct stressor fork_stressor = {
	.name      = "fork",
	.summary   = "fork children that exit at once, and reap them",
	.help      = "stress-ng's fork: one bogo-op is one child forked and reaped; the\n"
		     "instance forks --fork-max of them before it waits. A child runs\n"
		     "stress-ng's getpgid, setsid, vhangup, setpgid and sched_yield calls.\n"
		     "With --verify a fork failing other than EAGAIN/ENOMEM fails the run.\n"
		     "stress-ng's --fork-vm is not taken.",
	.classes   = CLASS_SCHEDULER | CLASS_OS,
	.flags     = STRESSOR_NO_THREADS,
	.opts      = fork_opts,
	.opts_size = sizeof(struct fork_opts),
	.syscalls  = SK_SYSCALLS("clone", "clone3", "fork", "wait4", DROP_CAPABILITIES_SYSCALLS,
				 "getpgid", "setsid", "vhangup", "setpgid",
				 "set_robust_list", "rseq"),
	.run       = fork_run,
	.version   = "1",
};

STRESSOR_REGISTER(fork_stressor);
