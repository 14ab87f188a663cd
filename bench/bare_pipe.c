/*
 * bare_pipe.c - the physical ceiling of the pipe stressor's work: N
 * processes each write() SIZE bytes into a pipe a forked reader drains.
 * usage: bare_pipe INSTANCES SECONDS SIZE
 */
#include <errno.h>
#include <string.h>

#include "common.h"

static void bare_pipe(void *arg, struct bench_slot *slot,
		      volatile sig_atomic_t *stop)
{
	size_t size = *(size_t *)arg;
	char *buf = NULL;
	int fds[2];
	pid_t reader;

	/* page-aligned, as the stressor's buffers (and stress-ng's) */
	if (posix_memalign((void **)&buf, 4096, size) || pipe(fds))
		return;
	memset(buf, 0, size);
	reader = fork();
	if (reader == 0) {
		close(fds[1]);
		signal(SIGALRM, SIG_IGN);
		while (read(fds[0], buf, size) > 0 || errno == EINTR)
			;
		_exit(0);
	}
	close(fds[0]);
	while (!*stop) {
		ssize_t n = write(fds[1], buf, size);

		if (n < 0)
			continue;
		slot->bytes += (uint64_t)n;
		slot->ops++;
	}
	close(fds[1]);
	waitpid(reader, NULL, 0);
}

int main(int argc, char **argv)
{
	size_t size;

	if (argc != 4)
		return 2;
	size = strtoul(argv[3], NULL, 0);
	return bench_run(atoi(argv[1]), atof(argv[2]), bare_pipe, &size);
}
