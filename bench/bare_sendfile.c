/*
 * bare_sendfile.c - the physical ceiling of the sendfile stressor's work:
 * N processes each sendfile() their own file of SIZE bytes, CHUNK bytes per
 * call cycling through it, to /dev/null or to a loopback TCP connection a
 * forked receiver drains with 128K reads. The files are written before
 * the timed loops start.
 * usage: bare_sendfile INSTANCES SECONDS null|tcp SIZE CHUNK DIR
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/socket.h>

#include "common.h"

struct bare_sendfile {
	const char *dir;
	size_t size, chunk;
	int tcp;
	int *next;	/* shared: hands each worker its own file */
};

static int bare_file(const char *dir, int i, size_t size)
{
	char path[4096], buf[65536];
	int fd;

	snprintf(path, sizeof(path), "%s/bare-sendfile-%d", dir, i);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return -1;
	unlink(path);
	memset(buf, 0x5a, sizeof(buf));
	for (size_t off = 0; off < size; off += sizeof(buf))
		if (write(fd, buf, size - off < sizeof(buf) ? size - off : sizeof(buf)) < 0)
			return -1;
	return fd;
}

/* A connected loopback pair and a receiver process draining it. */
static int bare_connect(pid_t *receiver)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t alen = sizeof(a);
	int l = socket(AF_INET, SOCK_STREAM, 0), tx, rx;

	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) || listen(l, 1) ||
	    getsockname(l, (struct sockaddr *)&a, &alen))
		return -1;
	tx = socket(AF_INET, SOCK_STREAM, 0);
	if (tx < 0 || connect(tx, (struct sockaddr *)&a, sizeof(a)))
		return -1;
	rx = accept(l, NULL, NULL);
	close(l);
	if (rx < 0)
		return -1;
	*receiver = fork();
	if (*receiver == 0) {
		static char buf[128 << 10];

		signal(SIGALRM, SIG_IGN);
		close(tx);
		while (read(rx, buf, sizeof(buf)) > 0 || errno == EINTR)
			;
		_exit(0);
	}
	close(rx);
	return tx;
}

static void bare_sendfile(void *arg, struct bench_slot *slot,
			  volatile sig_atomic_t *stop)
{
	struct bare_sendfile *b = arg;
	int fd = 3 + __atomic_fetch_add(b->next, 1, __ATOMIC_SEQ_CST);
	pid_t receiver = -1;
	int out = b->tcp ? bare_connect(&receiver) : open("/dev/null", O_WRONLY);
	off_t off = 0;

	if (out < 0)
		return;
	while (!*stop) {
		size_t len = (size_t)off + b->chunk > b->size ? b->size - (size_t)off : b->chunk;
		ssize_t n = sendfile(out, fd, &off, len);

		if (n <= 0)
			continue;
		slot->bytes += (uint64_t)n;
		if ((size_t)off >= b->size)
			off = 0;
		slot->ops++;
	}
	close(out);
	if (receiver > 0)
		waitpid(receiver, NULL, 0);
}

int main(int argc, char **argv)
{
	struct bare_sendfile b;
	int n;

	if (argc != 7)
		return 2;
	n = atoi(argv[1]);
	b.tcp = !strcmp(argv[3], "tcp");
	b.size = strtoul(argv[4], NULL, 0);
	b.chunk = strtoul(argv[5], NULL, 0);
	b.dir = argv[6];
	b.next = mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (b.next == MAP_FAILED)
		return 1;
	*b.next = 0;
	/* fds 3 .. 3+n-1, one file per worker, already in the page cache */
	for (int i = 0; i < n; i++)
		if (bare_file(b.dir, i, b.size) != 3 + i)
			return 1;
	return bench_run(n, atof(argv[2]), bare_sendfile, &b);
}
