/*
 * testhook.c - the fault hooks of testhook.h. Built twice: with
 * -DSK_TEST_HOOKS into build/stresskit.test, the binary make test runs,
 * where nothing here runs unless a STRESSKIT_TEST_* variable names the
 * instance; and without, into the shipped build/stresskit, where every
 * hook is empty and no STRESSKIT_TEST_ name is in the binary, so no
 * variable in a user's environment changes what a run does.
 */
#include "testhook.h"

#include <stresskit-builtin.h>

#ifdef SK_TEST_HOOKS

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <time.h>
#include <unistd.h>

/* Whether the environment has any STRESSKIT_TEST_ variable: -1 unknown */
static int testhook_any = -1;

void testhook_scan(void)
{
	static const char prefix[] = "STRESSKIT_TEST_";
	extern char **environ;

	testhook_any = 0;
	for (char **e = environ; e && *e; e++)
		if (!strncmp(*e, prefix, sizeof(prefix) - 1))
			testhook_any = 1;
}

/* False at once when no hook is set, as in every run but the tests'. */
static bool testhook_none(void)
{
	if (testhook_any < 0)
		testhook_scan();
	return !testhook_any;
}

/* True when variable name holds index, a decimal number. */
static bool testhook_wants(const char *name, uint32_t index)
{
	const char *v;
	char *end;
	unsigned long n;

	if (testhook_none())
		return false;
	v = getenv(name);
	if (!v || !*v)
		return false;
	n = strtoul(v, &end, 10);
	return !*end && n == index;
}

void testhook_instance(uint32_t index)
{
	/* a query no stressor lists: it changes nothing */
	if (testhook_wants("STRESSKIT_TEST_BLOCKED_SYSCALL", index))
		personality(0xffffffff);
	if (testhook_wants("STRESSKIT_TEST_IGNORE_STOP", index)) {
		sigset_t all;

		/* a stressor stuck in the kernel or deaf to the flag: only
		 * SIGKILL ends it */
		sigfillset(&all);
		sigprocmask(SIG_SETMASK, &all, NULL);
		for (;;)
			pause();
	}
	if (testhook_wants("STRESSKIT_TEST_SPIN_STOP", index)) {
		sigset_t all;

		sigfillset(&all);
		sigprocmask(SIG_SETMASK, &all, NULL);
		for (volatile unsigned long spin = 0;; spin++)
			;
	}
}

void testhook_before_start(uint32_t index)
{
	/* the start of an instance that waited seconds for a CPU */
	struct timespec late = { 1, 500000000 };

	if (testhook_wants("STRESSKIT_TEST_LATE_START", index))
		while (nanosleep(&late, &late) < 0)
			;
}

void testhook_helper_exit(void)
{
	/* asleep, not running: only the instance waiting on it shows life */
	struct timespec slow = { 2, 500000000 };

	if (sk_test_hook("SLOW_HELPER"))
		while (nanosleep(&slow, &slow) < 0)
			;
}

void testhook_helper_start(void)
{
	/* a fork that waited long for a CPU, as at thousands of instances */
	struct timespec slow = { 1, 0 };

	if (sk_test_hook("SLOW_HELPER_START"))
		while (nanosleep(&slow, &slow) < 0)
			;
}

bool sk_test_hook(const char *name)
{
	char var[64];
	const char *v;

	if (testhook_none())
		return false;
	snprintf(var, sizeof(var), "STRESSKIT_TEST_%s", name);
	v = getenv(var);
	return v && *v;
}

#else

void testhook_scan(void)
{
}

void testhook_instance(uint32_t index)
{
	(void)index;
}

void testhook_before_start(uint32_t index)
{
	(void)index;
}

void testhook_helper_exit(void)
{
}

void testhook_helper_start(void)
{
}

bool sk_test_hook(const char *name)
{
	(void)name;
	return false;
}

#endif
