/*
 * drop_capabilities.h - what stress-ng does to a stressor's process
 * before the stressors that exercise privileged calls unprivileged (fork,
 * pthread): every capability set cleared and no_new_privs set, so that
 * their calls fail as they do under stress-ng, root or not.
 * Header-only: every file in stressors/ is one stressor unit.
 */
#ifndef STRESSKIT_DROP_CAPABILITIES_H
#define STRESSKIT_DROP_CAPABILITIES_H

#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>

/* Syscalls drop_capabilities() makes, for a stressor's SK_SYSCALLS. */
#define DROP_CAPABILITIES_SYSCALLS "capget", "capset", "prctl"

static inline void drop_capabilities(void)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3] = { 0 };

	if (syscall(SYS_capget, &h, d) == 0) {
		for (unsigned i = 0; i < _LINUX_CAPABILITY_U32S_3; i++)
			d[i].inheritable = d[i].permitted = d[i].effective = 0;
		(void)syscall(SYS_capset, &h, d);
	}
	(void)prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

#endif
