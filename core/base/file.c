/*
 * file.c - the files of will-it-scale-style stressors (include/stresskit/
 * file.h): memfds, unnamed files in the run directory, and the one file
 * every instance reopens.
 */
#include <stresskit/file.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define FILE_CHUNK	(64 * 1024)	/* bytes written per pwrite while filling */

/* The shared file, in ctx->priv between prepare and cleanup. */
struct file_shared {
	int fd;
};

/*
 * An unnamed file in dir: O_TMPFILE where the filesystem has it, else a
 * named one unlinked at once. Either way nothing is left on any exit.
 */
static int file_run_dir(const char *dir)
{
	char path[PATH_MAX];
	int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);

	if (fd >= 0)
		return fd;
	if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
		return -errno;
	if (snprintf(path, sizeof(path), "%s/stresskit-file-XXXXXX", dir) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	fd = mkostemp(path, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	unlink(path);
	return fd;
}

static int file_fill(int fd, uint64_t size, int fill)
{
	char *buf;
	uint64_t at = 0;

	if (fill == SK_FILE_SPARSE)
		return ftruncate(fd, (off_t)size) < 0 ? -errno : 0;
	buf = malloc(FILE_CHUNK);
	if (!buf)
		return -ENOMEM;
	memset(buf, fill, FILE_CHUNK);
	while (at < size) {
		size_t len = size - at < FILE_CHUNK ? (size_t)(size - at) : FILE_CHUNK;
		ssize_t n = pwrite(fd, buf, len, (off_t)at);

		if (n <= 0) {
			int err = n < 0 ? errno : ENOSPC;

			if (err == EINTR)
				continue;
			free(buf);
			return -err;
		}
		at += (uint64_t)n;
	}
	free(buf);
	return 0;
}

int sk_file_make(const struct stressor_ctx *ctx, enum sk_file_place where,
		 uint64_t size, int fill)
{
	int fd, err;

	if (fill != SK_FILE_SPARSE && (fill < 0 || fill > 255))
		return -EINVAL;
	if (where == SK_FILE_RUN_DIR) {
		if (!ctx || !ctx->run_dir)
			return -EINVAL;
		fd = file_run_dir(ctx->run_dir);
	} else {
		fd = memfd_create("stresskit-file", MFD_CLOEXEC);
		if (fd < 0)
			fd = -errno;
	}
	if (fd < 0)
		return fd;
	err = file_fill(fd, size, fill);
	/* on disk, not in the page cache: where an O_DIRECT reader finds it */
	if (!err && where == SK_FILE_RUN_DIR && fill != SK_FILE_SPARSE) {
		if (fdatasync(fd) < 0)
			err = -errno;
		else
			posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	}
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

/*
 * /proc/self/fd/N opens the inode the fd refers to, named or not: a new
 * open file description, not a dup.
 */
int sk_file_reopen(int fd, int flags)
{
	char path[64];
	int nfd;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	nfd = open(path, flags | O_CLOEXEC);
	return nfd < 0 ? -errno : nfd;
}

int sk_shared_file_prepare(struct stressor_ctx *ctx, enum sk_file_place where,
			   uint64_t size, int fill)
{
	struct file_shared *sh = malloc(sizeof(*sh));

	if (!sh)
		return SK_NO_RESOURCE;
	sh->fd = sk_file_make(ctx, where, size, fill);
	if (sh->fd < 0) {
		int status = sk_status_from_errno(-sh->fd);

		free(sh);
		return status;
	}
	ctx->priv = sh;
	return SK_OK;
}

uint64_t sk_file_pages(const struct stressor_ctx *ctx)
{
	return (uint64_t)(ctx->instances ? ctx->instances : 1) * (uint64_t)sysconf(_SC_PAGESIZE);
}

int sk_shared_file_open(const struct instance *in, int flags)
{
	const struct file_shared *sh = in->ctx->priv;

	if (!sh)
		return -EBADF;
	return sk_file_reopen(sh->fd, flags);
}

void sk_shared_file_cleanup(struct stressor_ctx *ctx)
{
	struct file_shared *sh = ctx->priv;

	if (!sh)
		return;
	close(sh->fd);
	free(sh);
	ctx->priv = NULL;
}

int sk_instance_file(const struct instance *in, enum sk_file_place where,
		     uint64_t size, int fill, int flags)
{
	int fd, nfd;

	if (in->ctx->priv)
		return sk_shared_file_open(in, flags);
	fd = sk_file_make(in->ctx, where, size, fill);
	if (fd < 0 || (flags & ~O_CLOEXEC) == O_RDWR)
		return fd;
	nfd = sk_file_reopen(fd, flags);
	close(fd);
	return nfd;
}
