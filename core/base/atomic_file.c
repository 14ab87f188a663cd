/*
 * atomic_file.c - write-to-temporary-and-rename for every output file
 * (atomic_file.h). The text is collected in a memory stream and written
 * with write(2) at the end, so the errno of a failed write is the real
 * cause (a FILE's buffered error loses it), and a run that fails half
 * way has touched nothing. The temporary is an O_TMPFILE inode: it has
 * no name until it is complete, so even a SIGKILL leaves nothing beside
 * the target. A filesystem without O_TMPFILE gets a named ".NAME.XXXXXX"
 * instead, removed on every path but SIGKILL.
 */
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A named temporary's name, ".BASE.stresskit-PID-N" or shorter when
 * BASE is long; tmp is at least NAME_MAX + 1 bytes. */
static void atomic_file_tmpname(const struct atomic_file *af, unsigned n,
				char *tmp, size_t len)
{
	if (snprintf(tmp, len, ".%s.stresskit-%d-%u", af->base, (int)getpid(), n) > NAME_MAX)
		snprintf(tmp, len, ".stresskit-%d-%u", (int)getpid(), n);
}

/* Paths on /dev and /proc name what is already open (/dev/stdout may be
 * the shell's redirection to a regular file): never renamed over. */
static bool atomic_file_is_direct(const char *path, const struct stat *st, bool exists)
{
	if (exists && !S_ISREG(st->st_mode))
		return true;
	return !strncmp(path, "/dev/", 5) || !strncmp(path, "/proc/", 6);
}

/* Splits the target, symlinks resolved, into its directory and name:
 * the temporary must be on the filesystem the rename lands on. */
static int atomic_file_split(struct atomic_file *af, const char *path, bool exists)
{
	char *copy, *slash, *real;

	if (exists) {
		real = realpath(path, NULL);
		if (!real)
			return -errno;
	} else {
		real = strdup(path);
		if (!real)
			return -ENOMEM;
	}
	slash = strrchr(real, '/');
	copy = slash ? real : NULL;
	af->base = strdup(slash ? slash + 1 : real);
	if (slash == real)
		af->dir = strdup("/");
	else if (slash) {
		*slash = '\0';
		af->dir = realpath(copy, NULL);
		if (!af->dir) {
			int err = -errno;

			free(real);
			return err;
		}
	} else
		af->dir = strdup(".");
	free(real);
	if (!af->dir || !af->base)
		return -ENOMEM;
	if (!*af->base || !strcmp(af->base, ".") || !strcmp(af->base, ".."))
		return -EISDIR;
	return 0;
}

/* The unnamed file in the target's directory, with the target's mode
 * when it exists (else 0666 less the umask, as creat(2) gives). */
static int atomic_file_temp(struct atomic_file *af, const struct stat *st, bool exists)
{
	char tmp[NAME_MAX + 1];

	af->dirfd = open(af->dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (af->dirfd < 0)
		return -errno;
	af->fd = openat(af->dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
	if (af->fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
		mode_t mask = umask(0);

		umask(mask);
		for (unsigned n = 0; af->fd < 0 && n < 100; n++) {
			atomic_file_tmpname(af, n, tmp, sizeof(tmp));
			af->fd = openat(af->dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
					0666 & ~mask);
			if (af->fd < 0 && errno != EEXIST)
				break;
		}
		if (af->fd >= 0 && !(af->named = strdup(tmp))) {
			unlinkat(af->dirfd, tmp, 0);
			return -ENOMEM;
		}
	}
	if (af->fd < 0)
		return -errno;
	if (exists && fchmod(af->fd, st->st_mode & 07777))
		return -errno;
	return 0;
}

int atomic_file_open(struct atomic_file *af, const char *path)
{
	struct stat st;
	bool exists;
	int rc;

	memset(af, 0, sizeof(*af));
	af->fd = af->dirfd = -1;
	exists = stat(path, &st) == 0;
	af->direct = atomic_file_is_direct(path, &st, exists);
	if (af->direct) {
		af->fd = open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC);
		rc = af->fd < 0 ? -errno : 0;
	} else {
		rc = atomic_file_split(af, path, exists);
		if (!rc)
			rc = atomic_file_temp(af, &st, exists);
	}
	if (!rc && !(af->f = open_memstream(&af->buf, &af->len)))
		rc = -errno;
	if (rc)
		atomic_file_abort(af);
	return rc;
}

static int atomic_file_write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -ENOSPC;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Gives the complete unnamed file a temporary name, then renames it
 * over the target: rename(2) is the one step that replaces a name
 * atomically, and linkat(2) cannot replace one. */
static int atomic_file_place(struct atomic_file *af)
{
	char proc[64], tmp[NAME_MAX + 1];
	int rc = -EEXIST;

	if (!af->named) {
		snprintf(proc, sizeof(proc), "/proc/self/fd/%d", af->fd);
		for (unsigned n = 0; rc == -EEXIST && n < 100; n++) {
			atomic_file_tmpname(af, n, tmp, sizeof(tmp));
			rc = linkat(AT_FDCWD, proc, af->dirfd, tmp, AT_SYMLINK_FOLLOW) ? -errno : 0;
		}
		if (rc)
			return rc;
	} else
		snprintf(tmp, sizeof(tmp), "%s", af->named);
	if (renameat(af->dirfd, tmp, af->dirfd, af->base)) {
		rc = -errno;
		unlinkat(af->dirfd, tmp, 0);
		return rc;
	}
	free(af->named);
	af->named = NULL;
	return 0;
}

int atomic_file_commit(struct atomic_file *af)
{
	int rc = 0;

	if (!af->f)
		return -EBADF;
	if (fclose(af->f))
		rc = -errno;
	af->f = NULL;
	if (!rc)
		rc = atomic_file_write_all(af->fd, af->buf, af->len);
	if (!rc && !af->direct && fsync(af->fd))
		rc = -errno;
	if (!rc && !af->direct)
		rc = atomic_file_place(af);
	/* an NFS write error may first show at close */
	if (close(af->fd) && !rc)
		rc = -errno;
	af->fd = -1;
	atomic_file_abort(af);
	return rc;
}

int atomic_file_finish(struct atomic_file *af, int wrote)
{
	if (!wrote)
		return atomic_file_commit(af);
	atomic_file_abort(af);
	return -ENOMEM;
}

void atomic_file_abort(struct atomic_file *af)
{
	if (af->f)
		fclose(af->f);
	if (af->fd >= 0)
		close(af->fd);
	if (af->named && af->dirfd >= 0)
		unlinkat(af->dirfd, af->named, 0);
	if (af->dirfd >= 0)
		close(af->dirfd);
	free(af->buf);
	free(af->named);
	free(af->dir);
	free(af->base);
	memset(af, 0, sizeof(*af));
	af->fd = af->dirfd = -1;
}
