/* test_grace.c - the stop grace's decision: another window or the kill. */
#include "grace.h"
#include "unit.h"

#include <sys/wait.h>
#include <unistd.h>

/* Progress in the window just waited buys exactly one more window. */
START_TEST(test_extends_on_progress)
{
	ck_assert_double_eq(grace_next(100.0, 1.0, 101.0, true), 102.0);
	ck_assert_double_eq(grace_next(100.0, 1.0, 105.5, true), 106.5);
	/* a window that ended late (the controller waited for a CPU) counts
	 * from when it really ended */
	ck_assert_double_eq(grace_next(100.0, 1.0, 103.25, true), 104.25);
}
END_TEST

/* A window without progress ends the grace: whoever is left is deaf. */
START_TEST(test_ends_without_progress)
{
	ck_assert_double_eq(grace_next(100.0, 1.0, 101.0, false), 0);
	ck_assert_double_eq(grace_next(100.0, 5.0, 101.0, false), 0);
}
END_TEST

/* However much progress, never past GRACE_WINDOWS_MAX windows in all. */
START_TEST(test_capped)
{
	double start = 10.0, w = 1.0, cap = start + w * GRACE_WINDOWS_MAX;
	double now = start + w, end;
	int windows = 1;

	while ((end = grace_next(start, w, now, true)) != 0) {
		ck_assert(end <= cap);
		ck_assert(end > now);
		now = end;
		windows++;
	}
	ck_assert_int_eq(windows, GRACE_WINDOWS_MAX);
	/* the last window is cut to the cap, not granted whole */
	ck_assert_double_eq(grace_next(start, w, cap - 0.25, true), cap);
	ck_assert_double_eq(grace_next(start, w, cap + 3, true), 0);
}
END_TEST

/* A zero window (no grace asked) never extends. */
START_TEST(test_zero_window)
{
	ck_assert_double_eq(grace_next(10.0, 0, 10.0, true), 0);
}
END_TEST

/* Running after the stop is progress, while within the CPU budget. */
START_TEST(test_cpu_progress)
{
	/* ran 0.1 s in the window, 0.3 s since the stop: on its way out */
	ck_assert(grace_cpu_progress(5.0, 5.2, 5.3, 1.0, false));
	/* exactly the budget still counts; past it, busy but deaf */
	ck_assert(grace_cpu_progress(5.0, 5.5, 6.0, 1.0, false));
	ck_assert(!grace_cpu_progress(5.0, 5.9, 6.1, 1.0, false));
	/* did not run at all: asleep, deaf */
	ck_assert(!grace_cpu_progress(5.0, 5.2, 5.2, 1.0, false));
	/* did not run, but waited for a CPU the whole window: not deaf */
	ck_assert(grace_cpu_progress(5.0, 5.2, 5.2, 1.0, true));
	/* waiting counts no more once past the budget: spinning, deaf */
	ck_assert(!grace_cpu_progress(5.0, 6.1, 6.1, 1.0, true));
}
END_TEST

/* A clock that could not be read (-1: the process is gone) proves nothing. */
START_TEST(test_cpu_unknown)
{
	ck_assert(!grace_cpu_progress(-1, -1, 0.5, 1.0, false));
	ck_assert(!grace_cpu_progress(5.0, -1, 5.1, 1.0, false));
	ck_assert(!grace_cpu_progress(5.0, 5.1, -1, 1.0, false));
}
END_TEST

/* The clock of a process that lives reads, and only moves forward. */
START_TEST(test_cpu_time_reads)
{
	double a = grace_cpu_time(getpid()), b;

	ck_assert(a >= 0);
	for (volatile int i = 0; i < 1000000; i++)
		;
	b = grace_cpu_time(getpid());
	ck_assert(b > a);
}
END_TEST

/* A running process is runnable; one asleep, or gone, is not. */
START_TEST(test_runnable)
{
	int fds[2];
	pid_t sleeper;
	char c;

	ck_assert(grace_runnable(getpid()));
	ck_assert_int_eq(pipe(fds), 0);
	sleeper = fork();
	if (sleeper == 0) {
		close(fds[1]);
		_exit(read(fds[0], &c, 1) < 0);
	}
	ck_assert(sleeper > 0);
	close(fds[0]);
	/* until it blocks in read, it runs */
	for (int i = 0; i < 1000 && grace_runnable(sleeper); i++)
		usleep(1000);
	ck_assert(!grace_runnable(sleeper));
	close(fds[1]);
	waitpid(sleeper, NULL, 0);
	ck_assert(!grace_runnable(sleeper));
}
END_TEST

/*
 * A process in an uninterruptible kernel wait counts as waiting: a vfork
 * parent waits in D until its child exits, as an exit waits in D on a
 * lock that thousands of exits queue for.
 */
START_TEST(test_uninterruptible_waits)
{
	pid_t parent = fork();

	if (parent == 0) {
		pid_t child = vfork();

		if (child == 0) {
			usleep(300000);
			_exit(0);
		}
		_exit(child < 0);
	}
	ck_assert(parent > 0);
	/* the vfork parent sleeps in D for the child's 300 ms */
	usleep(100000);
	ck_assert(grace_runnable(parent));
	waitpid(parent, NULL, 0);
}
END_TEST

static Suite *grace_suite(void)
{
	Suite *s = suite_create("grace");
	TCase *tc = tcase_create("grace");

	tcase_add_test(tc, test_extends_on_progress);
	tcase_add_test(tc, test_ends_without_progress);
	tcase_add_test(tc, test_capped);
	tcase_add_test(tc, test_zero_window);
	tcase_add_test(tc, test_runnable);
	tcase_add_test(tc, test_uninterruptible_waits);
	tcase_add_test(tc, test_cpu_progress);
	tcase_add_test(tc, test_cpu_unknown);
	tcase_add_test(tc, test_cpu_time_reads);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(grace_suite);
