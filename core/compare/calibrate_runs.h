/*
 * calibrate_runs.h - calibrate's invocations: each a fresh exec of this
 * binary (fork, exec /proc/self/exe) with the user's run options and
 * --repeat N --json FILE, its results in a private temporary directory.
 * The directory and every file in it are removed on every exit path: a
 * normal end, a failed invocation, and SIGINT, SIGTERM or SIGHUP, which
 * are blocked from begin to end and taken synchronously (sigtimedwait),
 * so a signal is never lost between the fork and the wait and the gap
 * between invocations sleeps without a busy loop.
 */
#ifndef STRESSKIT_CALIBRATE_RUNS_H
#define STRESSKIT_CALIBRATE_RUNS_H

#include <limits.h>
#include <signal.h>
#include <stddef.h>

struct calibrate_runs {
	char dir[PATH_MAX];	/* the private directory; "" when there is none */
	sigset_t taken;		/* the signals waited for: SIGCHLD and the stops */
	sigset_t saved;		/* the mask before begin, the child's mask */
	int signo;		/* the stop signal that ended a wait, or 0 */
};

/*
 * Makes the private directory (under $TMPDIR, else /tmp) and blocks the
 * signals. Returns 0, or -errno with one line in err.
 */
int calibrate_runs_begin(struct calibrate_runs *r, char *err, size_t errlen);

/*
 * Runs "stresskit ARGV... --repeat passes --json DIR/run-I.json" with stdin
 * on /dev/null, stdout to /dev/null and stderr kept in DIR, and waits for
 * it. Returns 0 with the results file's path in path; the child's exit
 * status (SK_SIGNALED when a signal killed it) with its first error line,
 * or its last line, in why; or -EINTR when a stop signal came (r->signo),
 * the child stopped and reaped; or -errno when it could not be started.
 */
int calibrate_runs_one(struct calibrate_runs *r, unsigned i, char *const *argv,
		       unsigned passes, char *path, size_t pathlen,
		       char *why, size_t whylen);

/* Waits seconds (not at all when 0): 0, or -EINTR on a stop signal. */
int calibrate_runs_gap(struct calibrate_runs *r, double seconds);

/* Removes the directory and all in it, unblocks the signals. Idempotent. */
void calibrate_runs_end(struct calibrate_runs *r);

#endif
