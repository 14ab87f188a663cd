/*
 * testhook.c - the fault hooks of testhook.h. Nothing here runs unless a
 * STRESSKIT_TEST_* variable names the instance.
 */
#include "testhook.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

/* True when variable name holds index, a decimal number. */
static bool testhook_wants(const char *name, uint32_t index)
{
	const char *v = getenv(name);
	char *end;
	unsigned long n;

	if (!v || !*v)
		return false;
	n = strtoul(v, &end, 10);
	return !*end && n == index;
}

void testhook_instance(uint32_t index)
{
	if (testhook_wants("STRESSKIT_TEST_BLOCKED_SYSCALL", index)) {
		int fd = open("/", O_RDONLY | O_DIRECTORY);

		if (fd >= 0)
			close(fd);
	}
	if (testhook_wants("STRESSKIT_TEST_IGNORE_STOP", index)) {
		sigset_t all;

		/* a stressor stuck in the kernel or deaf to the flag: only
		 * SIGKILL ends it */
		sigfillset(&all);
		sigprocmask(SIG_SETMASK, &all, NULL);
		for (;;)
			pause();
	}
}
