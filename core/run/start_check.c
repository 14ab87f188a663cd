/*
 * start_check.c - every requested instance starts, or the run says how
 * many did and why. The limits that stop a fork at thousands of instances
 * are named with their values: the user's RLIMIT_NPROC (which root and a
 * process with CAP_SYS_RESOURCE or CAP_SYS_ADMIN are not held to), the
 * system's kernel.threads-max and kernel.pid_max. The processes already
 * running count too, so the check before the forks can only say when the
 * run alone is over a limit; the message after a failed fork says the rest.
 */
#include "start_check.h"

#include <stresskit/syslimits.h>

#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "log.h"

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

void start_check_limits(size_t processes)
{
	static const char *const sysctls[] = { "kernel.threads-max", "kernel.pid_max" };
	unsigned long long nproc = start_nproc_limit();
	long long v;

	if (nproc && processes + 1 > nproc)
		log_warn("%zu instances need %zu processes with the controller, "
			 "over RLIMIT_NPROC %llu: some will not start", processes,
			 processes + 1, nproc);
	for (size_t i = 0; i < sizeof(sysctls) / sizeof(sysctls[0]); i++)
		if (sk_sysctl_read(sysctls[i], &v) == 0 && v > 0 &&
		    processes + 1 > (unsigned long long)v)
			log_warn("%zu instances need %zu processes with the "
				 "controller, over %s %lld: some will not start",
				 processes, processes + 1, sysctls[i], v);
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
