/*
 * start_check.c - every requested instance starts, or the run says why
 * not. The user's RLIMIT_NPROC (which root and a process with
 * CAP_SYS_RESOURCE or CAP_SYS_ADMIN are not held to) is checked before
 * anything starts, against the run's instances, their helpers and the
 * tasks the user already has: a run it cannot hold is refused in one
 * line. The system's kernel.threads-max and kernel.pid_max count every
 * user's tasks, which nothing here can reserve: over them, a warning.
 * Tasks that appear after the check (or that /proc does not show, in
 * another pid namespace) can still stop a fork; the message after a
 * failed fork names the limit then.
 */
#include "start_check.h"

#include <stresskit/syslimits.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "log.h"
#include "proc_pid.h"

/* RLIMIT_NPROC when it binds this process, else 0. */
static unsigned long long start_nproc_limit(void)
{
	struct rlimit rl;

	if (getuid() == 0 || sk_user_limits_exempt())
		return 0;
	if (getrlimit(RLIMIT_NPROC, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY)
		return 0;
	return (unsigned long long)rl.rlim_cur;
}

/* The helpers of one instance of s (STRESSOR_HELPERS in its flags). */
static size_t start_helpers(const struct stressor *s)
{
	return (s->flags >> 8) & STRESSOR_HELPERS_MAX;
}

/* The instances of a run, every stressor's. */
static size_t start_instances(const struct run_plan *run)
{
	size_t n = 0;

	for (size_t i = 0; i < run->n; i++)
		n += run->entries[i].instances;
	return n;
}

size_t start_tasks(const struct run_plan *run)
{
	size_t n = 0;

	for (size_t i = 0; i < run->n; i++) {
		const struct plan_entry *e = &run->entries[i];

		n += (size_t)e->instances * (1 + start_helpers(e->stressor));
		if (run->threads)
			n++;	/* the worker whose threads they are */
	}
	return n;
}

/*
 * The tasks (threads) of this real uid, which RLIMIT_NPROC counts,
 * besides this process: the Threads of each /proc/PID/status whose real
 * Uid is ours. One read of a few hundred small files, and only where the
 * limit binds. A process that exits meanwhile is skipped.
 */
static size_t start_user_tasks(void)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	uid_t uid = getuid();
	pid_t self = getpid();
	size_t n = 0;

	while (d && (de = readdir(d))) {
		char status[4096];
		const char *uid_at, *threads_at;
		unsigned long real, threads;
		char *end;
		long pid = strtol(de->d_name, &end, 10);

		if (*end || pid <= 0 || pid == self ||
		    proc_pid_read((pid_t)pid, "status", status, sizeof(status)))
			continue;
		uid_at = strstr(status, "\nUid:");
		threads_at = strstr(status, "\nThreads:");
		if (uid_at && threads_at && sscanf(uid_at, "\nUid: %lu", &real) == 1 &&
		    sscanf(threads_at, "\nThreads: %lu", &threads) == 1 &&
		    real == (unsigned long)uid)
			n += threads;
	}
	if (d)
		closedir(d);
	return n;
}

int start_check_nproc(const struct run_plan *runs, size_t n)
{
	unsigned long long nproc = start_nproc_limit();
	const struct run_plan *big = NULL;
	size_t tasks = 0, inst, held;
	char runs_already[64] = "";

	if (!nproc)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!big || start_tasks(&runs[i]) > tasks) {
			big = &runs[i];
			tasks = start_tasks(big);
		}
	if (!big)
		return 0;
	inst = start_instances(big);
	held = start_user_tasks();
	if (tasks + 1 + held <= nproc)
		return 0;
	if (held)
		snprintf(runs_already, sizeof(runs_already),
			 " and this user runs %zu already", held);
	/* "helpers" covers thread mode's workers too: tasks beside instances */
	log_usage_error("%zu instances need %zu processes with %sthe controller; "
			"ulimit -u allows %llu%s: nothing started", inst, tasks + 1,
			tasks > inst ? "their helpers and " : "", nproc, runs_already);
	return -EAGAIN;
}

void start_check_limits(const struct run_plan *run)
{
	static const char *const sysctls[] = { "kernel.threads-max", "kernel.pid_max" };
	size_t tasks = start_tasks(run), inst = start_instances(run);
	long long v;

	for (size_t i = 0; i < sizeof(sysctls) / sizeof(sysctls[0]); i++)
		if (sk_sysctl_read(sysctls[i], &v) == 0 && v > 0 &&
		    tasks + 1 > (unsigned long long)v)
			log_warn("%zu instances need %zu processes with %sthe "
				 "controller, over %s %lld: some will not start",
				 inst, tasks + 1, tasks > inst ? "their helpers and " : "",
				 sysctls[i], v);
}

void start_fork_limit(int err, char *buf, size_t len)
{
	unsigned long long nproc = err == EAGAIN ? start_nproc_limit() : 0;
	long long threads = 0, pids = 0;

	buf[0] = '\0';
	if (err != EAGAIN)
		return;
	if (nproc) {
		snprintf(buf, len, " (RLIMIT_NPROC %llu)", nproc);
		return;
	}
	/* not the user's limit: the system's task table, or a pids cgroup */
	if (sk_sysctl_read("kernel.threads-max", &threads) == 0 &&
	    sk_sysctl_read("kernel.pid_max", &pids) == 0)
		snprintf(buf, len, " (kernel.threads-max %lld, kernel.pid_max %lld, "
			 "or the cgroup's pids.max)", threads, pids);
}
