/*
 * bare_spawn.c - the floor under a run of N pipe instances on this
 * machine: the process management alone, with no work. The parent forks
 * N children one by one (as the controller does); once all are forked it
 * opens a pipe barrier, each child forks one helper (as a pipe instance
 * forks its reader) and, once every helper exists, all 2N processes exit
 * and the parent reaps them. Prints the seconds of each part and the
 * total; what stresskit adds to its timeout at N instances is compared
 * with this total (bench/scale_instances.sh).
 *
 * usage: bare_spawn N
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double spawn_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A child: wait for the barrier, fork its helper, report, wait, exit. */
static void spawn_child(int barrier, int ready, int done)
{
	char c;
	pid_t helper;

	if (read(barrier, &c, 1) != 0)	/* EOF: the parent opened it */
		_exit(1);
	helper = fork();
	if (helper == 0) {
		(void)!read(done, &c, 1);	/* EOF: exit together */
		_exit(0);
	}
	(void)!write(ready, "r", 1);
	(void)!read(done, &c, 1);
	waitpid(helper, NULL, 0);
	_exit(helper > 0 ? 0 : 1);
}

int main(int argc, char **argv)
{
	int barrier[2], ready[2], done[2];
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 0;
	double t0, forked, helpers, reaped;
	long got = 0;
	char buf[512];

	if (n < 1 || pipe(barrier) || pipe(ready) || pipe(done)) {
		fprintf(stderr, "usage: bare_spawn N\n");
		return 2;
	}
	t0 = spawn_now();
	for (long i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("fork");
			return 1;
		}
		if (pid == 0) {
			close(barrier[1]);
			close(ready[0]);
			close(done[1]);
			spawn_child(barrier[0], ready[1], done[0]);
		}
	}
	forked = spawn_now();
	close(barrier[1]);
	close(barrier[0]);
	close(ready[1]);
	close(done[0]);
	while (got < n) {
		ssize_t r = read(ready[0], buf, sizeof(buf));

		if (r <= 0 && errno != EINTR)
			break;
		if (r > 0)
			got += r;
	}
	helpers = spawn_now();
	close(done[1]);
	while (wait(NULL) > 0 || errno == EINTR)
		;
	reaped = spawn_now();
	printf("bare_spawn %ld: fork %.3f s, helpers %.3f s, exit and reap %.3f s, "
	       "total %.3f s\n", n, forked - t0, helpers - forked,
	       reaped - helpers, reaped - t0);
	return got == n ? 0 : 1;
}
