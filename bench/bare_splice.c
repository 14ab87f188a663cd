/*
 * bare_splice.c - the physical ceiling of the splice stressor's work: N
 * processes each move BYTES per pass through a pipe sized to hold a pass.
 * Modes: zero (splice /dev/zero -> pipe -> /dev/null, the default),
 * vmsplice (a buffer vmspliced into the pipe, spliced to a file wrapping
 * at FILESIZE), write (write() of the buffer to such a file).
 * usage: bare_splice INSTANCES SECONDS zero|vmsplice|write BYTES FILESIZE DIR
 */
#include <fcntl.h>
#include <string.h>
#include <sys/uio.h>

#include "common.h"

struct bare_splice {
	const char *mode, *dir;
	size_t bytes;
	off_t wrap;
};

static void bare_splice(void *arg, struct bench_slot *slot,
			volatile sig_atomic_t *stop)
{
	struct bare_splice *b = arg;
	char *buf = aligned_alloc(4096, (b->bytes + 4095) & ~(size_t)4095), path[4096];
	int fds[2], in = -1, out;
	loff_t off = 0;

	if (!buf || pipe(fds))
		return;
	memset(buf, 0x5a, b->bytes);
	if (b->bytes > 65536)
		fcntl(fds[1], F_SETPIPE_SZ, (int)b->bytes);
	if (!strcmp(b->mode, "zero")) {
		in = open("/dev/zero", O_RDONLY);
		out = open("/dev/null", O_WRONLY);
		while (!*stop) {
			ssize_t n = splice(in, NULL, fds[1], NULL, b->bytes, SPLICE_F_MOVE);

			if (n <= 0 || splice(fds[0], NULL, out, NULL, (size_t)n, SPLICE_F_MOVE) != n)
				continue;
			slot->bytes += (uint64_t)n;
			slot->ops++;
		}
		return;
	}
	snprintf(path, sizeof(path), "%s/bare-splice-%d", b->dir, (int)getpid());
	out = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (!strcmp(b->mode, "vmsplice")) {
		while (!*stop) {
			struct iovec iov = { buf, b->bytes };
			ssize_t n;

			if (off + (off_t)b->bytes > b->wrap)
				off = 0;
			n = vmsplice(fds[1], &iov, 1, 0);
			if (n <= 0 || splice(fds[0], NULL, out, &off, (size_t)n, SPLICE_F_MOVE) != n)
				continue;
			slot->bytes += (uint64_t)n;
			slot->ops++;
		}
		return;
	}
	while (!*stop) {
		ssize_t n;

		if (off + (off_t)b->bytes > b->wrap) {
			off = 0;
			lseek(out, 0, SEEK_SET);
		}
		n = write(out, buf, b->bytes);
		if (n <= 0)
			continue;
		off += n;
		slot->bytes += (uint64_t)n;
		slot->ops++;
	}
}

int main(int argc, char **argv)
{
	struct bare_splice b;

	if (argc != 7)
		return 2;
	b.mode = argv[3];
	b.bytes = strtoul(argv[4], NULL, 0);
	b.wrap = (off_t)strtoull(argv[5], NULL, 0);
	b.dir = argv[6];
	return bench_run(atoi(argv[1]), atof(argv[2]), bare_splice, &b);
}
