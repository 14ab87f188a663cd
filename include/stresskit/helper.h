/*
 * helper.h - a helper process of an instance: the reader of a pipe, the
 * receiver of a socket, a server. The one way a stressor forks, so every
 * helper dies with its instance, is named in ps, and is reaped without
 * hanging the instance.
 */
#ifndef STRESSKIT_HELPER_H
#define STRESSKIT_HELPER_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

#include <stresskit/version.h>

/*
 * The helper's body: its return value is its exit status. stop is set
 * when the instance asks it to stop (sk_reap_helper(..., true, ...));
 * a helper that only waits for EOF may ignore it.
 */
typedef int (*sk_helper_fn)(void *arg, const volatile sig_atomic_t *stop);

/*
 * Forks a helper that runs fn(arg) and exits with its result. In the
 * helper: SIGKILL when the instance dies (PR_SET_PDEATHSIG), and an exit
 * with status 127 when the instance died before that was set; the process
 * name "stresskit-NAME" (first 15 bytes); SIGINT, SIGHUP and SIGALRM
 * ignored (Ctrl-C reaches the instance, which stops its helpers); SIGTERM
 * sets *stop. No signal reaches the helper before that is in place. The
 * helper leads a process group of its own: no signal to the run's group
 * reaches it. A herd (a stressor flagged STRESSOR_HERD, ABI 1.1: many
 * helpers that keep one another busy, as pipeherd's) stays in the run's
 * group instead, and its stop signal, SIGALRM, sets *stop as SIGTERM
 * does: the herd stops with the run, and does not keep the CPU from a
 * stopping instance that shares it. Its helpers end their loops then,
 * so the instance must take a helper gone at the stop for no error.
 * The helper does not map the run's shared mapping (the instances'
 * counters, the stop flag) unless --latency is on, when it may record
 * latencies into its instance's histograms with
 * instance_latency_record(): it must not count ops, read the stop flag
 * (the loop, instance_stopping) or write metrics; it ends at EOF or
 * *stop. Fork and exit of thousands of helpers then leave that
 * mapping's lock alone.
 * Returns the pid, or a negative errno.
 */
SK_API pid_t sk_fork_helper(const char *name, sk_helper_fn fn, void *arg);

/*
 * Waits for helper pid (retrying EINTR), first sending SIGTERM when
 * terminate is set. timeout is a grace window: a helper still running at
 * its end gets another window if it used CPU in this one, is runnable
 * (outside --sandbox), or the caller itself spent half of it waiting for
 * a CPU (a busy machine, not a stuck helper; such a window does not count
 * against the cap), up to 30 windows in all; otherwise it is SIGKILLed and
 * reaped. *wstatus gets waitpid's status. Returns 0, -ETIMEDOUT when it
 * had to be killed, or another negative errno.
 */
SK_API int sk_reap_helper(pid_t pid, bool terminate, double timeout, int *wstatus);

/* The reap window for a helper that was told to stop or saw its EOF:
 * extended while the helper keeps using CPU (sk_reap_helper). */
#define SK_HELPER_GRACE 5.0

/* What sk_fork_helper and sk_reap_helper call, for a stressor's .syscalls. */
#define SK_HELPER_SYSCALLS "clone", "set_robust_list", "prctl", "rt_sigaction", \
	"wait4", "kill"

#endif
