/*
 * bare_spawn.c - the floor under a run of N pipe instances on this
 * machine: its process management alone, with no work and no waiting.
 * The parent forks N children one by one (as the controller forks its
 * instances); each forks one helper (as a pipe instance forks its reader)
 * and waits for it; everyone exits at once and the parent reaps them.
 * Prints the seconds the 2N forks and exits took: what any tool pays here
 * for N such instances on top of its timeout (bench/scale_instances.sh).
 * A fork costs ~1-2 ms in some VMs (page-table work under a hypervisor),
 * so at thousands of instances this floor is seconds.
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

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 0;
	long failed = 0;
	double t0, forked, reaped;
	int status;

	if (n < 1) {
		fprintf(stderr, "usage: bare_spawn N\n");
		return 2;
	}
	t0 = spawn_now();
	for (long i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("bare_spawn: fork");
			return 1;
		}
		if (pid == 0) {
			pid_t helper = fork();

			if (helper == 0)
				_exit(0);
			_exit(helper > 0 && waitpid(helper, &status, 0) == helper &&
			      status == 0 ? 0 : 1);
		}
	}
	forked = spawn_now();
	while (wait(&status) > 0 || errno == EINTR)
		if (status != 0)
			failed++;
	reaped = spawn_now();
	printf("bare_spawn %ld: fork %.3f s, the rest and reap %.3f s, total %.3f s\n",
	       n, forked - t0, reaped - forked, reaped - t0);
	return failed ? 1 : 0;
}
