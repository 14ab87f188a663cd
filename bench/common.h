/*
 * common.h - what the bare loops share: run N worker processes for a
 * time, each counting its loop iterations into shared memory, and print
 * the sum of each worker's ops over its own measured time, and the
 * envelope of their 50 ms windows, read by the parent as stresskit's
 * controller reads its instances' counters.
 */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t bench_stop;

static void bench_on_alarm(int sig)
{
	(void)sig;
	bench_stop = 1;
}

static double bench_cpu(int who)
{
	struct rusage ru;

	getrusage(who, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

static double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct bench_slot {
	uint64_t ops;
	uint64_t bytes;
	double seconds;
	double cpu;	/* usr+sys of the worker and the children it reaped */
	char pad[32];
};

typedef void (*bench_fn)(void *arg, struct bench_slot *slot,
			 volatile sig_atomic_t *stop);

#define BENCH_WINDOW 0.05
#define BENCH_WINDOWS_MAX 100000

static int bench_cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/*
 * While n workers run, until deadline: every 50 ms, the sum of their
 * counters (one load each) and the clock; then the 95th percentile of the
 * rates of the windows within 20% of 50 ms, as core/stats/estimator.c
 * reads a stresskit run's (its envelope). 0 when there were none.
 */
static double bench_envelope(const struct bench_slot *slots, int n, double deadline)
{
	static double rate[BENCH_WINDOWS_MAX];
	size_t w = 0;
	double last_t = bench_now(), next = last_t + BENCH_WINDOW, at, frac;
	uint64_t last_ops = 0;

	while (next <= deadline) {
		struct timespec ts = { (time_t)next, (long)((next - (double)(time_t)next) * 1e9) };
		uint64_t ops = 0;
		double t;

		if (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) && errno != EINTR)
			break;
		for (int i = 0; i < n; i++)
			ops += __atomic_load_n(&slots[i].ops, __ATOMIC_RELAXED);
		t = bench_now();
		if (w < BENCH_WINDOWS_MAX && t - last_t > 0.8 * BENCH_WINDOW &&
		    t - last_t < 1.2 * BENCH_WINDOW && ops >= last_ops)
			rate[w++] = (double)(ops - last_ops) / (t - last_t);
		last_ops = ops;
		last_t = t;
		next += BENCH_WINDOW;
		if (next <= t)
			next = t + BENCH_WINDOW;
	}
	if (!w)
		return 0;
	qsort(rate, w, sizeof(*rate), bench_cmp);
	at = 0.95 * (double)(w - 1);
	frac = at - (double)(size_t)at;
	return (size_t)at + 1 < w ? rate[(size_t)at] + frac * (rate[(size_t)at + 1] -
							      rate[(size_t)at]) : rate[w - 1];
}

/*
 * Forks n workers running fn for seconds (SIGALRM sets *stop, without
 * SA_RESTART so a blocked call returns), then prints
 * "ops_per_sec TOTAL" and "mb_per_sec TOTAL" (MB = 2^20 bytes),
 * "ops_per_cpu_sec" (all ops over all usr+sys time, as stress-ng's
 * "bogo ops/s (usr+sys time)": the figure a loaded machine disturbs least)
 * and "envelope_ops_per_sec" (bench_envelope).
 */
static int bench_run(int n, double seconds, bench_fn fn, void *arg)
{
	struct bench_slot *slots = mmap(NULL, sizeof(*slots) * (size_t)n,
					PROT_READ | PROT_WRITE,
					MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	double ops = 0, mb = 0, all_ops = 0, cpu = 0, env;

	if (slots == MAP_FAILED)
		return 1;
	for (int i = 0; i < n; i++) {
		if (fork() == 0) {
			struct sigaction sa = { .sa_handler = bench_on_alarm };
			struct itimerval it = { { 0, 0 }, { (time_t)seconds,
				(suseconds_t)((seconds - (double)(time_t)seconds) * 1e6) } };
			double t0;

			sigaction(SIGALRM, &sa, NULL);
			setitimer(ITIMER_REAL, &it, NULL);
			t0 = bench_now();
			fn(arg, &slots[i], &bench_stop);
			slots[i].seconds = bench_now() - t0;
			slots[i].cpu = bench_cpu(RUSAGE_SELF) + bench_cpu(RUSAGE_CHILDREN);
			_exit(0);
		}
	}
	env = bench_envelope(slots, n, bench_now() + seconds);
	while (wait(NULL) > 0 || errno == EINTR)
		;
	for (int i = 0; i < n; i++) {
		if (slots[i].seconds <= 0)
			continue;
		ops += (double)slots[i].ops / slots[i].seconds;
		mb += (double)slots[i].bytes / slots[i].seconds / (1 << 20);
		all_ops += (double)slots[i].ops;
		cpu += slots[i].cpu;
	}
	printf("ops_per_sec %.2f\nmb_per_sec %.2f\nops_per_cpu_sec %.2f\n"
	       "envelope_ops_per_sec %.2f\n", ops, mb, cpu > 0 ? all_ops / cpu : 0.0, env);
	return 0;
}

#endif
