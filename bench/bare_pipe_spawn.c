/*
 * bare_pipe_spawn.c - the floor under a run of N pipe instances that do
 * the work: what bare_spawn forks, each instance also makes its pipe,
 * its reader drains it, and they write 4 KiB pages into it for the run.
 * The parent forks the N instances one by one; each sets up at once
 * (pipe, fork of its reader) and waits at a start futex; the parent
 * opens it when all are ready, sleeps the run, then sets a stop flag and
 * signals them all; each closes its pipe (its reader's EOF), waits for
 * its reader and exits; the parent reaps. Nothing else: no counters, no
 * stop ordering, no libraries but libc. Prints the seconds the whole
 * took beyond its run (fork, set-up, stop): the part of a tool's wall
 * over its timeout that the kernel's work for those processes costs
 * here (bench/scale_instances.sh). The parent sleeps the run at
 * SCHED_FIFO when it may, so that its stop is not seconds late behind
 * thousands of runnable writers; it forks and reaps at the normal
 * policy, as the simplest tool would.
 *
 * usage: bare_pipe_spawn N SECONDS
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct bps_shared {
	unsigned ready, go, stop;
};

static struct bps_shared *bps;

static double bps_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void bps_futex(unsigned *addr, int op, unsigned val)
{
	syscall(SYS_futex, addr, op, val, NULL, NULL, 0);
}

/* the stop signal only interrupts a blocked write: the flag says stop */
static void bps_on_alarm(int sig)
{
	(void)sig;
}

static void bps_reader(int fd, char *buf)
{
	signal(SIGALRM, SIG_IGN);
	while (read(fd, buf, 4096) > 0 || errno == EINTR)
		;
	_exit(0);
}

static void bps_instance(void)
{
	char buf[4096] __attribute__((aligned(4096)));
	unsigned long ops = 0;
	pid_t reader;
	int fds[2], status;

	memset(buf, 0, sizeof(buf));
	if (pipe2(fds, O_CLOEXEC) < 0)
		_exit(1);
	reader = fork();
	if (reader == 0) {
		close(fds[1]);
		bps_reader(fds[0], buf);
	}
	close(fds[0]);
	if (reader < 0)
		_exit(1);
	__atomic_fetch_add(&bps->ready, 1, __ATOMIC_SEQ_CST);
	bps_futex(&bps->ready, FUTEX_WAKE, 1);
	while (!__atomic_load_n(&bps->go, __ATOMIC_ACQUIRE))
		bps_futex(&bps->go, FUTEX_WAIT, 0);
	while (!__atomic_load_n(&bps->stop, __ATOMIC_RELAXED))
		if (write(fds[1], buf, sizeof(buf)) > 0)
			ops++;
	close(fds[1]);
	_exit(waitpid(reader, &status, 0) == reader && status == 0 && ops ? 0 : 1);
}

int main(int argc, char **argv)
{
	long n = argc > 2 ? strtol(argv[1], NULL, 10) : 0;
	double run = argc > 2 ? strtod(argv[2], NULL) : 0;
	struct sched_param fifo = { .sched_priority = 1 }, normal = { 0 };
	struct sigaction sa;
	struct timespec nap;
	double t0, forked, ready, stop, reaped;
	long failed = 0;
	pid_t group = 0;
	unsigned r;
	int status;

	if (n < 1 || run <= 0) {
		fprintf(stderr, "usage: bare_pipe_spawn N SECONDS\n");
		return 2;
	}
	bps = mmap(NULL, sizeof(*bps), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (bps == MAP_FAILED) {
		perror("bare_pipe_spawn: mmap");
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = bps_on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	t0 = bps_now();
	for (long i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("bare_pipe_spawn: fork");
			return 1;
		}
		if (pid == 0)
			bps_instance();
		if (!group)
			group = pid;
		setpgid(pid, group);
	}
	forked = bps_now();
	while ((r = __atomic_load_n(&bps->ready, __ATOMIC_SEQ_CST)) < (unsigned)n)
		bps_futex(&bps->ready, FUTEX_WAIT, r);
	ready = bps_now();
	__atomic_store_n(&bps->go, 1, __ATOMIC_RELEASE);
	bps_futex(&bps->go, FUTEX_WAKE, 0x7fffffff);
	nap.tv_sec = (time_t)run;
	nap.tv_nsec = (long)((run - (double)nap.tv_sec) * 1e9);
	sched_setscheduler(0, SCHED_FIFO, &fifo);
	nanosleep(&nap, NULL);
	sched_setscheduler(0, SCHED_OTHER, &normal);
	stop = bps_now();
	__atomic_store_n(&bps->stop, 1, __ATOMIC_SEQ_CST);
	kill(-group, SIGALRM);
	while (wait(&status) > 0 || errno == EINTR)
		if (status != 0)
			failed++;
	reaped = bps_now();
	printf("bare_pipe_spawn %ld: fork %.3f s, set-up %.3f s, stop %.3f s, "
	       "over the run %.3f s\n", n, forked - t0, ready - forked,
	       reaped - stop, (reaped - t0) - (stop - ready));
	return failed ? 1 : 0;
}
