/*
 * profile_probe.c - whether this machine can take --perf-profile, and
 * with which event: perf in PATH, the permission to sample every CPU with
 * kernel call chains, kernel symbols, and cycles with the most precision
 * the PMU takes (LKP's cycles:pp first), else cpu-clock. Without that
 * permission, where the kernel lets a user sample its own processes in
 * user space (kernel.perf_event_paranoid 1 or 2), the profile is of the
 * run's processes in user space: cycles:u, else cpu-clock:u.
 */
#include "profile_probe.h"

#include <linux/perf_event.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static bool profile_perf_in_path(void)
{
	const char *path = getenv("PATH");
	char dir[PATH_MAX], file[PATH_MAX + 8];

	while (path && *path) {
		size_t len = strcspn(path, ":");

		snprintf(dir, sizeof(dir), "%.*s", (int)len, len ? path : ".");
		snprintf(file, sizeof(file), "%s/perf", dir);
		if (access(file, X_OK) == 0)
			return true;
		path += len + (path[len] == ':');
	}
	return false;
}

static long profile_read_long(const char *file, long fallback)
{
	FILE *f = fopen(file, "r");
	long v = fallback;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = fallback;
		fclose(f);
	}
	return v;
}

/* Kernel frames need kernel symbols: addresses that are not all 0. */
static bool profile_kallsyms(void)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	unsigned long long addr = 0;
	bool ok = false;

	for (int i = 0; f && i < 16 && !ok; i++)
		ok = fscanf(f, "%llx %*s %*s", &addr) == 1 && addr != 0;
	if (f)
		fclose(f);
	return ok;
}

/* Whether a sampling event of type and config opens on this process. */
static bool profile_event_opens(uint32_t type, uint64_t config, unsigned precise,
				bool user_only)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.config = config;
	attr.sample_period = 1000003;
	attr.precise_ip = precise;
	attr.disabled = 1;
	attr.exclude_kernel = user_only;
	attr.exclude_hv = 1;
	fd = (int)syscall(__NR_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* cycles with the most precision the PMU takes (LKP's cycles:pp first). */
static void profile_pick_event(char *event, size_t len)
{
	static const char *const names[] = { "cycles", "cycles:p", "cycles:pp" };

	snprintf(event, len, "cpu-clock");
	for (int precise = 2; precise >= 0; precise--) {
		if (profile_event_opens(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES,
					(unsigned)precise, false)) {
			snprintf(event, len, "%s", names[precise]);
			return;
		}
	}
}

/* The user-space event this user may sample: false when none opens
 * (kernel.perf_event_paranoid 3 on some distributions). */
static bool profile_pick_user_event(char *event, size_t len)
{
	if (profile_event_opens(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0, true))
		snprintf(event, len, "cycles:u");
	else if (profile_event_opens(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, 0, true))
		snprintf(event, len, "cpu-clock:u");
	else
		return false;
	return true;
}

int profile_probe(char *event, size_t event_len, char *why, size_t why_len)
{
	long paranoid = profile_read_long("/proc/sys/kernel/perf_event_paranoid", 2);

	if (!profile_perf_in_path())
		snprintf(why, why_len,
			 "perf not found in PATH (Debian: linux-perf, RPM: perf)");
	else if (geteuid() != 0 && paranoid > 0) {
		snprintf(why, why_len,
			 "not permitted to sample every CPU with kernel call chains "
			 "(kernel.perf_event_paranoid is %ld: needs 0 or less, or root)",
			 paranoid);
		if (paranoid <= 2 && profile_pick_user_event(event, event_len))
			return PROFILE_PROBE_USER;
	} else if (!profile_kallsyms())
		snprintf(why, why_len,
			 "no kernel symbols (/proc/kallsyms shows no addresses: "
			 "kernel.kptr_restrict is %ld)",
			 profile_read_long("/proc/sys/kernel/kptr_restrict", -1));
	else {
		profile_pick_event(event, event_len);
		return PROFILE_PROBE_FULL;
	}
	return -1;
}
