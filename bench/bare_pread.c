/*
 * bare_pread.c - the ceiling of pread2's work: one 4 KiB memfd made by the
 * parent, N processes or N threads each opening it on their own through
 * /proc/self/fd and looping pread(fd, buf, 4096, 0).
 * usage: bare_pread process|thread INSTANCES SECONDS
 * prints "ops_per_sec TOTAL", the sum of each worker's ops over its time,
 * and "ops_per_cpu_sec", all ops over all usr+sys time.
 */
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>

#include "common.h"

#define LEN 4096

static int bare_file;

static int bare_open(void)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/fd/%d", bare_file);
	return open(path, O_RDONLY);
}

static void bare_loop(int fd, struct bench_slot *slot, volatile sig_atomic_t *stop)
{
	char buf[LEN] __attribute__((aligned(64)));

	while (!*stop) {
		if (pread(fd, buf, LEN, 0) != LEN)
			continue;
		slot->ops++;
	}
}

static void bare_process(void *arg, struct bench_slot *slot,
			 volatile sig_atomic_t *stop)
{
	int fd = bare_open();

	(void)arg;
	if (fd >= 0)
		bare_loop(fd, slot, stop);
}

/* Thread mode: the main thread sleeps, then sets the flag. */
static volatile sig_atomic_t bare_stop;

static void *bare_thread(void *p)
{
	struct bench_slot *slot = p;
	int fd = bare_open();
	double t0 = bench_now();

	if (fd >= 0)
		bare_loop(fd, slot, &bare_stop);
	slot->seconds = bench_now() - t0;
	slot->cpu = bench_cpu(RUSAGE_THREAD);
	return NULL;
}

static int bare_threads(int n, double seconds)
{
	/* one cache line per slot, as the shared mapping gives stresskit */
	struct bench_slot *slots = aligned_alloc(64, (size_t)n * sizeof(*slots));
	pthread_t *th = calloc((size_t)n, sizeof(*th));
	double ops = 0, all_ops = 0, cpu = 0, env;

	if (!slots || !th)
		return 1;
	memset(slots, 0, (size_t)n * sizeof(*slots));
	for (int i = 0; i < n; i++)
		if (pthread_create(&th[i], NULL, bare_thread, &slots[i]))
			return 1;
	env = bench_envelope(slots, n, bench_now() + seconds);
	bare_stop = 1;
	for (int i = 0; i < n; i++) {
		pthread_join(th[i], NULL);
		if (slots[i].seconds > 0)
			ops += (double)slots[i].ops / slots[i].seconds;
		all_ops += (double)slots[i].ops;
		cpu += slots[i].cpu;
	}
	printf("ops_per_sec %.2f\nops_per_cpu_sec %.2f\nenvelope_ops_per_sec %.2f\n", ops,
	       cpu > 0 ? all_ops / cpu : 0, env);
	return 0;
}

int main(int argc, char **argv)
{
	char buf[LEN];

	if (argc != 4)
		return 2;
	bare_file = memfd_create("bare-pread", 0);
	memset(buf, 'a', sizeof(buf));
	if (bare_file < 0 || pwrite(bare_file, buf, LEN, 0) != LEN)
		return 1;
	if (!strcmp(argv[1], "thread"))
		return bare_threads(atoi(argv[2]), atof(argv[3]));
	return bench_run(atoi(argv[2]), atof(argv[3]), bare_process, NULL);
}
