/*
 * test_sandbox.c - the seccomp allow-lists: every stressor declares one
 * whose names this libseccomp knows, and a sandboxed process that calls
 * outside its list is stopped and named.
 */
#include "config.h"
#include <errno.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "registry.h"
#include "sandbox.h"
#include "unit.h"

#ifdef HAVE_LIBSECCOMP
#include <seccomp.h>

static void sandbox_names_known(const char *owner, const char *const *names)
{
	for (; *names; names++)
		ck_assert_msg(seccomp_syscall_resolve_name(*names) != __NR_SCMP_ERROR,
			      "%s: unknown syscall name '%s'", owner, *names);
}

START_TEST(test_every_stressor_has_a_list)
{
	char err[256];

	unit_registry();
	sandbox_names_known("base set", sandbox_base);
	for (size_t i = 0; i < registry_count(); i++) {
		const struct stressor *s = registry_at(i);

		ck_assert_msg(sandbox_check(s, err, sizeof(err)) == 0, "%s", err);
		sandbox_names_known(s->name, s->syscalls);
	}
}
END_TEST

/* Forks a child that enters the sandbox and calls getuid() when call is
 * set; returns its wait status, its stderr in buf. */
static int sandbox_child(bool call, const char *const *allow, char *buf, size_t len)
{
	int fds[2], wstatus;
	ssize_t n;
	pid_t pid;

	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		dup2(fds[1], STDERR_FILENO);
		if (sk_sandbox_enter("unit", allow))
			_exit(99);
		if (call)
			(void)getuid();
		_exit(0);
	}
	close(fds[1]);
	n = read(fds[0], buf, len - 1);
	buf[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	return wstatus;
}

START_TEST(test_blocked_syscall_named)
{
	char buf[512];
	int ws;

	ws = sandbox_child(true, NULL, buf, sizeof(buf));
	ck_assert(WIFEXITED(ws));
	ck_assert_int_eq(WEXITSTATUS(ws), SK_FAILED);
	ck_assert_msg(strstr(buf, "unit: blocked syscall getuid\n"), "got '%s'", buf);

	ws = sandbox_child(true, SK_SYSCALLS("getuid"), buf, sizeof(buf));
	ck_assert(WIFEXITED(ws));
	ck_assert_int_eq(WEXITSTATUS(ws), 0);
	ck_assert_str_eq(buf, "");

	ws = sandbox_child(false, NULL, buf, sizeof(buf));
	ck_assert(WIFEXITED(ws));
	ck_assert_int_eq(WEXITSTATUS(ws), 0);
}
END_TEST

#else

START_TEST(test_refused_without_libseccomp)
{
	char err[256];

	unit_registry();
	ck_assert_int_eq(sandbox_check(registry_at(0), err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(sk_sandbox_enter("unit", NULL), -ENOSYS);
}
END_TEST

#endif

static Suite *sandbox_suite(void)
{
	Suite *s = suite_create("sandbox");
	TCase *tc = tcase_create("seccomp");

#ifdef HAVE_LIBSECCOMP
	tcase_add_test(tc, test_every_stressor_has_a_list);
	tcase_add_test(tc, test_blocked_syscall_named);
#else
	tcase_add_test(tc, test_refused_without_libseccomp);
#endif
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(sandbox_suite);
