/* test_stop_gate.c - the stop gate: how many instances wind down at once. */
#include "shared.h"
#include "stop_gate.h"
#include "unit.h"

#include <pthread.h>
#include <unistd.h>

struct gate_waiter {
	struct run_shared *sh;
	int passed;
};

static void *gate_waiter_main(void *p)
{
	struct gate_waiter *w = p;

	stop_gate_pass(w->sh);
	__atomic_store_n(&w->passed, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static int gate_passed(struct gate_waiter *w, size_t n)
{
	int sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += __atomic_load_n(&w[i].passed, __ATOMIC_SEQ_CST);
	return sum;
}

/* Before the stop the gate is open: every instance passes, and refills
 * do not close it. */
START_TEST(test_open_from_the_start)
{
	size_t len;
	struct run_shared *sh = shared_map(1, &len);

	ck_assert_ptr_nonnull(sh);
	for (int i = 0; i < 100; i++)
		stop_gate_pass(sh);
	stop_gate_refill(sh, 3);
	ck_assert_uint_eq(sh->gate, STOP_GATE_OPEN);
	ck_assert(!stop_gate_open(sh));
	shared_unmap(sh, len);
}
END_TEST

/* A limit of n lets n through; the next waits until a refill, and only
 * as many as were refilled go. */
START_TEST(test_limit_and_refill)
{
	size_t len;
	struct run_shared *sh = shared_map(1, &len);
	struct gate_waiter w[3] = { { sh, 0 }, { sh, 0 }, { sh, 0 } };
	pthread_t t[3];

	stop_gate_limit(sh, 2);
	stop_gate_pass(sh);
	stop_gate_pass(sh);
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, gate_waiter_main, &w[i]), 0);
	usleep(100000);
	ck_assert_int_eq(gate_passed(w, 3), 0);
	stop_gate_refill(sh, 1);
	while (gate_passed(w, 3) < 1)
		usleep(1000);
	usleep(100000);
	ck_assert_int_eq(gate_passed(w, 3), 1);
	stop_gate_refill(sh, 2);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	ck_assert_int_eq(gate_passed(w, 3), 3);
	ck_assert_uint_eq(sh->gate, 0);
	shared_unmap(sh, len);
}
END_TEST

/* Opening lets every waiter go and keeps the gate open. */
START_TEST(test_open_releases_all)
{
	size_t len;
	struct run_shared *sh = shared_map(1, &len);
	struct gate_waiter w[4];
	pthread_t t[4];

	stop_gate_limit(sh, 1);
	stop_gate_pass(sh);
	for (int i = 0; i < 4; i++) {
		w[i] = (struct gate_waiter){ sh, 0 };
		ck_assert_int_eq(pthread_create(&t[i], NULL, gate_waiter_main, &w[i]), 0);
	}
	usleep(50000);
	ck_assert_int_eq(gate_passed(w, 4), 0);
	ck_assert(stop_gate_open(sh));
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	ck_assert_int_eq(gate_passed(w, 4), 4);
	ck_assert(!stop_gate_open(sh));
	stop_gate_pass(sh);
	shared_unmap(sh, len);
}
END_TEST

/* A limit of 0 still lets one through (the stop always moves), and the
 * width grows with the CPUs. */
START_TEST(test_width)
{
	size_t len;
	struct run_shared *sh = shared_map(1, &len);

	stop_gate_limit(sh, 0);
	stop_gate_pass(sh);
	ck_assert_uint_eq(sh->gate, 0);
	ck_assert_uint_ge(stop_gate_width(1), 1);
	ck_assert_uint_eq(stop_gate_width(0), stop_gate_width(1));
	ck_assert_uint_gt(stop_gate_width(8), stop_gate_width(2));
	shared_unmap(sh, len);
}
END_TEST

static Suite *stop_gate_suite(void)
{
	Suite *s = suite_create("stop_gate");
	TCase *tc = tcase_create("stop_gate");

	tcase_add_test(tc, test_open_from_the_start);
	tcase_add_test(tc, test_limit_and_refill);
	tcase_add_test(tc, test_open_releases_all);
	tcase_add_test(tc, test_width);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(stop_gate_suite);
