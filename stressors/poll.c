/*
 * poll.c - will-it-scale's poll1 and poll2: each instance polls regular
 * files of its own for POLLOUT with a zero timeout, so poll(2) never
 * sleeps and the cost is the per-fd lookup and ->poll() walk.
 * One bogo-op is one poll() call:
 *   poll1: over 1 file;
 *   poll2: over 128 files (each its own file, as will-it-scale's 128
 *          temporary files, so no two fds share a struct file).
 * The files are empty memfds (shmem) whatever --temp-path says: a regular
 * file is always ready, whichever filesystem holds it.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#define POLL2_FILES	128	/* will-it-scale's NR_FILES */
#define POLL_FD_SLACK	16	/* fds an instance holds beside its files */

/*
 * poll2 needs 128 fds per instance, and thread instances share one fd
 * table: raise the soft RLIMIT_NOFILE (up to the hard limit) in the
 * parent so every instance inherits it; an instance past it still fails
 * with EMFILE, a no-resource status.
 */
static int poll2_prepare(struct stressor_ctx *ctx)
{
	rlim_t want = (rlim_t)(POLL2_FILES + POLL_FD_SLACK) * (ctx->instances ? ctx->instances : 1);
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < want) {
		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > want ?
			      want : rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	return SK_OK;
}

static void poll_close(const int *files, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (files[i] >= 0)
			close(files[i]);
}

static int poll_run_files(struct instance *in, unsigned nfiles)
{
	struct pollfd pfd[POLL2_FILES];
	int files[POLL2_FILES];
	const bool verify = in->ctx->verify;
	int status = SK_OK;
	struct instance_loop l;

	for (unsigned i = 0; i < nfiles; i++)
		files[i] = -1;
	for (unsigned i = 0; i < nfiles; i++) {
		files[i] = memfd_create("stresskit-poll", MFD_CLOEXEC);
		if (files[i] < 0) {
			status = instance_syscall_failed(in, "memfd_create");
			goto out;
		}
	}
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	l = instance_loop_begin(in);	/* after the start: it reads the warmup */
	while (instance_loop_continue(&l)) {
		int n;

		/* the array is built anew for every call, as will-it-scale's
		 * loop does: that is part of its op */
		memset(pfd, 0, sizeof(pfd[0]) * nfiles);
		for (unsigned i = 0; i < nfiles; i++) {
			pfd[i].fd = files[i];
			pfd[i].events = POLLOUT;
		}
		n = poll(pfd, nfiles, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			status = instance_syscall_failed(in, "poll");
			goto out;
		}
		if (verify) {
			unsigned ready = 0;

			for (unsigned i = 0; i < nfiles; i++)
				ready += pfd[i].revents == POLLOUT;
			if ((unsigned)n != nfiles || ready != nfiles) {
				instance_fail(in, "verify: poll found %d of %u files ready (%u POLLOUT)",
					      n, nfiles, ready);
				status = SK_FAILED;
				goto out;
			}
		}
		instance_loop_inc(&l);
	}
out:
	poll_close(files, nfiles);
	return status;
}

static int poll1_run(struct instance *in)
{
	return poll_run_files(in, 1);
}

static int poll2_run(struct instance *in)
{
	return poll_run_files(in, POLL2_FILES);
}

#define POLL_SYSCALLS SK_SYSCALLS("memfd_create", "poll", "ppoll")

#define POLL_HELP_TAIL							\
	"The files are empty memfds (shmem) whatever --temp-path is; a\n"	\
	"regular file is always ready. Runs as processes or as threads.\n"	\
	"With --verify every file must come back POLLOUT."

static const struct stressor poll1_stressor = {
	.name      = "poll1",
	.summary   = "poll one file of each instance with a zero timeout",
	.help      = "will-it-scale poll1: one bogo-op is one poll() of 1 file the\n"
		     "instance owns, for POLLOUT, with a zero timeout.\n"
		     POLL_HELP_TAIL,
	.classes   = CLASS_OS | CLASS_IO,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = POLL_SYSCALLS,
	.run       = poll1_run,
	.version   = "2",	/* 2: the pollfd array is rebuilt every op */
};

static const struct stressor poll2_stressor = {
	.name      = "poll2",
	.summary   = "poll 128 files of each instance with a zero timeout",
	.help      = "will-it-scale poll2: one bogo-op is one poll() of 128 files the\n"
		     "instance owns (128 separate files), for POLLOUT, with a zero\n"
		     "timeout. The soft open-files limit is raised for them, up to\n"
		     "the hard limit.\n"
		     POLL_HELP_TAIL,
	.classes   = CLASS_OS | CLASS_IO,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = POLL_SYSCALLS,
	.prepare   = poll2_prepare,
	.run       = poll2_run,
	.version   = "2",	/* 2: the pollfd array is rebuilt every op */
};

STRESSOR_REGISTER(poll1_stressor);
STRESSOR_REGISTER(poll2_stressor);
