/*
 * test_helper.c - sk_fork_helper's unshared mapping (helper_unshare): a
 * helper does not map it, the instance keeps it, and any other child of
 * the instance still inherits it; and the helper's process group, its
 * own, out of its instance's.
 */
#include <stresskit/stressor.h>

#include "helper_unshare.h"
#include "unit.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define HELPER_TEST_LEN (2 * 4096)

/* 1 when the calling process maps addr (its /proc/self/maps), 0 if not. */
static int helper_test_mapped(void *addr)
{
	char line[512], want[32];
	int found = 0;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		return 2;
	snprintf(want, sizeof(want), "%lx-", (unsigned long)addr);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, want, strlen(want)))
			found = 1;
	fclose(f);
	return found;
}

static int helper_test_body(void *arg, const volatile sig_atomic_t *stop)
{
	(void)stop;
	return helper_test_mapped(arg);
}

/* What a helper forked now sees of addr: 1 mapped, 0 not. */
static int helper_test_fork(void *addr)
{
	int ws = 0;
	pid_t pid = sk_fork_helper("unit", helper_test_body, addr);

	ck_assert_int_gt(pid, 0);
	ck_assert_int_eq(sk_reap_helper(pid, false, SK_HELPER_GRACE, &ws), 0);
	ck_assert(WIFEXITED(ws));
	return WEXITSTATUS(ws);
}

START_TEST(test_helper_goes_without)
{
	char *p = mmap(NULL, HELPER_TEST_LEN, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid;
	int ws = 0;

	ck_assert(p != MAP_FAILED);
	ck_assert_int_eq(helper_test_fork(p), 1);	/* by default it has it */
	helper_unshare(p, HELPER_TEST_LEN);
	ck_assert_int_eq(helper_test_fork(p), 0);
	/* the instance keeps it, and its other children inherit it */
	p[0] = 1;
	ck_assert_int_eq(helper_test_mapped(p), 1);
	pid = fork();
	if (pid == 0)
		_exit(helper_test_mapped(p) == 1 && p[0] == 1 ? 0 : 1);
	ck_assert_int_gt(pid, 0);
	ck_assert_int_eq(waitpid(pid, &ws, 0), pid);
	ck_assert(WIFEXITED(ws) && WEXITSTATUS(ws) == 0);
	helper_unshare(NULL, 0);
	ck_assert_int_eq(helper_test_fork(p), 1);
	munmap(p, HELPER_TEST_LEN);
}
END_TEST

/* 0 when the helper leads its own process group, 1 if not. */
static int helper_test_group(void *arg, const volatile sig_atomic_t *stop)
{
	(void)arg;
	(void)stop;
	return getpgid(0) == getpid() ? 0 : 1;
}

START_TEST(test_helper_own_group)
{
	int ws = 0;
	pid_t pid = sk_fork_helper("unit", helper_test_group, NULL);

	ck_assert_int_gt(pid, 0);
	ck_assert_int_eq(sk_reap_helper(pid, false, SK_HELPER_GRACE, &ws), 0);
	ck_assert(WIFEXITED(ws));
	ck_assert_int_eq(WEXITSTATUS(ws), 0);
	/* the instance's group is left as it was */
	ck_assert_int_ne(getpgid(0), pid);
}
END_TEST

static Suite *helper_suite(void)
{
	Suite *s = suite_create("helper");
	TCase *tc = tcase_create("helper");

	tcase_add_test(tc, test_helper_goes_without);
	tcase_add_test(tc, test_helper_own_group);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(helper_suite);
