/*
 * calibrate_runs.c - calibrate's invocations, run one at a time as
 * separate processes (calibrate_runs.h). A sample is an invocation
 * (docs/compare.md): each is a new exec of the binary, so its image,
 * layout and files are its own, as two runs a user compares are.
 */
#include "calibrate_runs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <stresskit/stressor.h>

#include "user_stop.h"

/* What a stopped child gets to end its run and clean up before SIGKILL. */
#define CALIBRATE_RUNS_GRACE_SECONDS 10
#define CALIBRATE_RUNS_STDERR "stderr"
/* "--repeat N --json FILE" and the NULL after the user's options */
#define CALIBRATE_RUNS_ADDED 5

int calibrate_runs_begin(struct calibrate_runs *r, char *err, size_t errlen)
{
	const char *tmp = getenv("TMPDIR");

	memset(r, 0, sizeof(*r));
	if (!tmp || !*tmp)
		tmp = "/tmp";
	if (snprintf(r->dir, sizeof(r->dir), "%s/stresskit-calibrate.XXXXXX", tmp) >=
	    (int)sizeof(r->dir) || !mkdtemp(r->dir)) {
		int rc = errno ? -errno : -ENAMETOOLONG;

		snprintf(err, errlen, "cannot make a temporary directory in %s: %s",
			 tmp, strerror(-rc));
		r->dir[0] = '\0';
		return rc;
	}
	sigemptyset(&r->taken);
	sigaddset(&r->taken, SIGCHLD);
	user_stop_signals(&r->taken);
	/* ignored, a child would be reaped by the kernel and its status lost */
	signal(SIGCHLD, SIG_DFL);
	sigprocmask(SIG_BLOCK, &r->taken, &r->saved);
	return 0;
}

void calibrate_runs_end(struct calibrate_runs *r)
{
	DIR *d;
	struct dirent *e;

	if (!r->dir[0])
		return;
	/* only files: the runs' own run directories are under --temp-path */
	d = opendir(r->dir);
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			unlinkat(dirfd(d), e->d_name, 0);
	if (d)
		closedir(d);
	rmdir(r->dir);
	r->dir[0] = '\0';
	sigprocmask(SIG_SETMASK, &r->saved, NULL);
}

/* In the child: the fds, the death signal, the mask; then the exec. */
static void calibrate_runs_child(const struct calibrate_runs *r, pid_t parent,
				 char *const *argv, int errfd)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(null, STDOUT_FILENO) < 0 ||
	    dup2(errfd, STDERR_FILENO) < 0)
		_exit(SK_USAGE);
	/* a calibrate killed outright takes its invocation with it */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		_exit(SK_SIGNALED);
	sigprocmask(SIG_SETMASK, &r->saved, NULL);
	execv("/proc/self/exe", argv);
	dprintf(STDERR_FILENO, "calibrate: cannot run /proc/self/exe: %s\n", strerror(errno));
	_exit(SK_USAGE);
}

/*
 * The line of the child's stderr that says why it failed: the first
 * "error" line, else the last line. why is "" when stderr was empty.
 */
static void calibrate_runs_why(const struct calibrate_runs *r, char *why, size_t whylen)
{
	char path[PATH_MAX + 16], line[1024];
	bool found = false;
	FILE *f;

	why[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s", r->dir, CALIBRATE_RUNS_STDERR);
	f = fopen(path, "r");
	while (f && !found && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0])
			continue;
		found = strstr(line, "error") != NULL;
		snprintf(why, whylen, "%s", line);
	}
	if (f)
		fclose(f);
}

/* The status of a reaped child as calibrate exits with it. */
static int calibrate_runs_status(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return SK_SIGNALED;
}

/*
 * Stops the child after a stop signal: SIGTERM, which a run takes as the
 * end of its timeout and cleans up after; SIGKILL when the grace is over.
 */
static void calibrate_runs_stop(struct calibrate_runs *r, pid_t pid)
{
	struct timespec grace = { .tv_sec = CALIBRATE_RUNS_GRACE_SECONDS };
	int status;

	kill(pid, SIGTERM);
	for (;;) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return;
		if (sigtimedwait(&r->taken, NULL, &grace) < 0 && errno == EAGAIN)
			break;
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
}

int calibrate_runs_one(struct calibrate_runs *r, unsigned i, char *const *argv,
		       unsigned passes, char *path, size_t pathlen,
		       char *why, size_t whylen)
{
	char errpath[PATH_MAX + 16], repeat[16];
	size_t argc = 0;
	char **full;
	siginfo_t si;
	pid_t pid, parent = getpid();
	int errfd, status;

	why[0] = '\0';
	while (argv[argc])
		argc++;
	full = calloc(argc + CALIBRATE_RUNS_ADDED, sizeof(*full));
	if (!full)
		return -ENOMEM;
	memcpy(full, argv, argc * sizeof(*full));
	snprintf(repeat, sizeof(repeat), "%u", passes);
	snprintf(path, pathlen, "%s/run-%u.json", r->dir, i);
	snprintf(errpath, sizeof(errpath), "%s/%s", r->dir, CALIBRATE_RUNS_STDERR);
	/* last on the line: a --repeat or --json among the user's loses to them */
	full[argc] = "--repeat";
	full[argc + 1] = repeat;
	full[argc + 2] = "--json";
	full[argc + 3] = path;
	errfd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (errfd < 0) {
		int rc = -errno;

		free(full);
		return rc;
	}
	pid = fork();
	if (pid == 0)
		calibrate_runs_child(r, parent, full, errfd);
	close(errfd);
	free(full);
	if (pid < 0)
		return -errno;
	for (;;) {
		int sig = sigwaitinfo(&r->taken, &si);

		if (sig == SIGCHLD || sig < 0) {
			if (waitpid(pid, &status, WNOHANG) == pid)
				break;
			continue;
		}
		r->signo = sig;
		calibrate_runs_stop(r, pid);
		return -EINTR;
	}
	status = calibrate_runs_status(status);
	if (status)
		calibrate_runs_why(r, why, whylen);
	return status;
}

int calibrate_runs_gap(struct calibrate_runs *r, double seconds)
{
	struct timespec now, end, left;
	int sig;

	if (!(seconds > 0))
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += (time_t)seconds;
	end.tv_nsec += (long)((seconds - floor(seconds)) * 1e9);
	if (end.tv_nsec >= 1000000000L) {
		end.tv_sec++;
		end.tv_nsec -= 1000000000L;
	}
	/* a stray SIGCHLD (none is expected) does not cut the gap short */
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		left.tv_sec = end.tv_sec - now.tv_sec;
		left.tv_nsec = end.tv_nsec - now.tv_nsec;
		if (left.tv_nsec < 0) {
			left.tv_sec--;
			left.tv_nsec += 1000000000L;
		}
		if (left.tv_sec < 0)
			return 0;
		sig = sigtimedwait(&r->taken, NULL, &left);
		if (sig < 0 && errno == EAGAIN)
			return 0;
		if (sig > 0 && sig != SIGCHLD) {
			r->signo = sig;
			return -EINTR;
		}
	}
}
