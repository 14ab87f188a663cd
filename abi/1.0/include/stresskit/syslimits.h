/*
 * syslimits.h - the kernel limits a stressor may run into at high
 * instance counts, read once before the run so it can say which one
 * bites (its name and value) instead of silently changing its workload.
 */
#ifndef STRESSKIT_SYSLIMITS_H
#define STRESSKIT_SYSLIMITS_H

#include <stdbool.h>

#include <stresskit/version.h>

/*
 * The integer value of a sysctl, named as sysctl(8) names it
 * ("fs.pipe-user-pages-soft"), read from /proc/sys. Returns 0, or a
 * negative errno (-ENOENT: no such sysctl here).
 */
SK_API int sk_sysctl_read(const char *name, long long *value);

/*
 * True when the per-user limits do not bind this process: it holds
 * CAP_SYS_RESOURCE or CAP_SYS_ADMIN, as the kernel checks for
 * RLIMIT_NPROC and fs.pipe-user-pages-soft/-hard.
 */
SK_API bool sk_user_limits_exempt(void);

#endif
