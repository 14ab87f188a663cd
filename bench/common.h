/*
 * common.h - what the bare loops share: run N worker processes for a
 * time, each counting its loop iterations into shared memory, and print
 * the sum of each worker's ops over its own measured time.
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

/*
 * Forks n workers running fn for seconds (SIGALRM sets *stop, without
 * SA_RESTART so a blocked call returns), then prints
 * "ops_per_sec TOTAL" and "mb_per_sec TOTAL" (MB = 2^20 bytes), and
 * "ops_per_cpu_sec" (all ops over all usr+sys time, as stress-ng's
 * "bogo ops/s (usr+sys time)": the figure a loaded machine disturbs least).
 */
static int bench_run(int n, double seconds, bench_fn fn, void *arg)
{
	struct bench_slot *slots = mmap(NULL, sizeof(*slots) * (size_t)n,
					PROT_READ | PROT_WRITE,
					MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	double ops = 0, mb = 0, all_ops = 0, cpu = 0;

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
	while (wait(NULL) > 0)
		;
	for (int i = 0; i < n; i++) {
		if (slots[i].seconds <= 0)
			continue;
		ops += (double)slots[i].ops / slots[i].seconds;
		mb += (double)slots[i].bytes / slots[i].seconds / (1 << 20);
		all_ops += (double)slots[i].ops;
		cpu += slots[i].cpu;
	}
	printf("ops_per_sec %.2f\nmb_per_sec %.2f\nops_per_cpu_sec %.2f\n", ops, mb,
	       cpu > 0 ? all_ops / cpu : 0.0);
	return 0;
}

#endif
