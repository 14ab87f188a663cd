/*
 * profile_record.c - the run's `perf record` process: started disabled,
 * driven through its control FIFOs (--control, perf 5.10 and later),
 * signalled through its pidfd. Every wait on it has a deadline and ends
 * when perf exits, so a perf that fails or hangs never holds the run.
 */
#include "profile_record.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <stresskit/stressor.h>

void profile_path(const struct profile_rec *r, const char *ext,
		  char *out, size_t len)
{
	snprintf(out, len, "%s.%s", r->base, ext);
}

/* Sends perf sig: through its pidfd, which a reused pid cannot fool. */
void profile_signal(struct profile_rec *r, int sig)
{
	if (!r->pid || r->exited)
		return;
	if (r->pidfd < 0 ||
	    syscall(SYS_pidfd_send_signal, r->pidfd, sig, NULL, 0) < 0)
		kill(r->pid, sig);
}

/*
 * Waits up to secs for perf's "ack" (want_ack) or its exit. Returns 0 on
 * the ack, -ESRCH when perf exited, -ETIMEDOUT. The controller reaps
 * nothing it did not fork but its instances, yet its wait4(-1) may take
 * perf's exit status first: the pidfd still says it exited.
 */
int profile_wait(struct profile_rec *r, bool want_ack, double secs)
{
	double until = sk_now() + secs;

	for (;;) {
		struct pollfd pf[2] = {
			{ .fd = want_ack ? r->ack : -1, .events = POLLIN },
			{ .fd = r->pidfd, .events = POLLIN },
		};
		double left;
		int rc;

		left = until - sk_now();
		if (left <= 0)
			return -ETIMEDOUT;
		/* without a pidfd, a look at the pid every 100 ms */
		rc = poll(pf, 2, r->pidfd >= 0 ? (int)(left * 1000) + 1 :
			  (left > 0.1 ? 100 : (int)(left * 1000) + 1));
		if (rc < 0 && errno != EINTR)
			return -errno;
		if (pf[0].revents & POLLIN) {
			char buf[64];
			ssize_t got = read(r->ack, buf, sizeof(buf) - 1);

			if (got > 0) {
				buf[got] = '\0';
				if (strstr(buf, "ack"))
					return 0;
			}
		}
		/* ECHILD: the controller's wait4(-1) reaped it already */
		if ((pf[1].revents & POLLIN) ||
		    (r->pidfd < 0 && (waitpid(r->pid, NULL, WNOHANG) == r->pid ||
				      errno == ECHILD))) {
			r->exited = true;
			waitpid(r->pid, NULL, WNOHANG);
			return -ESRCH;
		}
	}
}

/* A command on perf's control FIFO, acknowledged within secs. */
int profile_command(struct profile_rec *r, const char *cmd, double secs)
{
	size_t len = strlen(cmd);

	if (!r->pid || r->exited)
		return -ESRCH;
	if (write(r->ctl, cmd, len) != (ssize_t)len)
		return -EIO;
	return profile_wait(r, true, secs);
}

/* In the child: perf, with the signals the controller blocks unblocked. */
void profile_exec(const char *const *argv, const char *err_file,
			 int out_fd, pid_t parent)
{
	sigset_t none;
	int fd;

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGINT, SIG_DFL);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		_exit(127);
	fd = open("/dev/null", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(out_fd >= 0 ? out_fd : fd, 1);
	}
	fd = open(err_file, O_WRONLY | O_CREAT | O_APPEND, 0600);
	if (fd >= 0)
		dup2(fd, 2);
	execvp("perf", (char *const *)argv);
	fprintf(stderr, "cannot run perf: %s\n", strerror(errno));
	_exit(127);
}

/* Starts the perf record of the run, disabled; 0 or -errno. */
int profile_start(struct profile_rec *r, const char *event, unsigned hz,
		  const char *pids)
{
	char freq[16], ctl[PATH_MAX + 8], ack[PATH_MAX + 8];
	char data[PATH_MAX + 8], err[PATH_MAX + 8], control[2 * PATH_MAX + 32];
	pid_t parent = getpid();

	profile_path(r, "ctl", ctl, sizeof(ctl));
	profile_path(r, "ack", ack, sizeof(ack));
	profile_path(r, "data", data, sizeof(data));
	profile_path(r, "err", err, sizeof(err));
	if (mkfifo(ctl, 0600) || mkfifo(ack, 0600))
		return -errno;
	/* read-write: neither open waits for perf's end */
	r->ctl = open(ctl, O_RDWR | O_CLOEXEC);
	r->ack = open(ack, O_RDWR | O_CLOEXEC | O_NONBLOCK);
	if (r->ctl < 0 || r->ack < 0)
		return -errno;
	snprintf(freq, sizeof(freq), "%u", hz);
	snprintf(control, sizeof(control), "fifo:%s,%s", ctl, ack);
	{
		/* -D -1: disabled until "enable"; -B -N: no build-id pass
		 * over the samples at the end, no ~/.debug cache; -p: those
		 * processes, whose children perf follows (inherit) */
		const char *argv[] = { "perf", "record", "-q", "-g", "-e", event,
				       "-F", freq, "-D", "-1", "--control", control,
				       "-B", "-N", "-o", data,
				       pids ? "-p" : "-a", pids, NULL };

		r->pid = fork();
		if (r->pid < 0) {
			r->pid = 0;
			return -errno;
		}
		if (r->pid == 0)
			profile_exec(argv, err, -1, parent);
	}
	r->pidfd = (int)syscall(SYS_pidfd_open, r->pid, 0);
	return 0;
}
