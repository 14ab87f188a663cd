/*
 * open.c - will-it-scale's open1-3: open(2) a file by its path and close
 * it, in a loop. One bogo-op is one open(O_RDWR) and one close(2).
 *   open1: a file per instance, all in one directory;
 *   open2: a file per instance, each in a directory of its own;
 *   open3: one file opened by every instance (one dentry and inode).
 * The point is the path walk and the dentry/inode the instances share, so
 * the files are real paths in the run directory: --temp-path decides the
 * filesystem (/dev/shm for tmpfs, as will-it-scale's /tmp often is), and
 * the walk is as long as will-it-scale's whatever its depth (wis_walk_at).
 */
#include <stresskit/stressor.h>
#include "wis_common.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

enum open_layout {
	OPEN_FILE_EACH,		/* open1: run_dir/file-I */
	OPEN_DIR_EACH,		/* open2: run_dir/dir-I/file */
	OPEN_SHARED,		/* open3: run_dir/file */
};

/* The path instance index opens in dir; returns 0 or -ENAMETOOLONG. */
static int open_path(const char *dir, enum open_layout layout, uint32_t index,
		     char *out, size_t len)
{
	int n;

	switch (layout) {
	case OPEN_FILE_EACH:
		n = snprintf(out, len, "%s%sfile-%u", dir, *dir ? "/" : "", index);
		break;
	case OPEN_DIR_EACH:
		n = snprintf(out, len, "%s%sdir-%u/file", dir, *dir ? "/" : "", index);
		break;
	default:
		n = snprintf(out, len, "%s%sfile", dir, *dir ? "/" : "");
		break;
	}
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/*
 * Creates the instance's (empty) file and, for open2, its directory, and
 * gives its inode number. Each instance makes its own before its loop;
 * open3's instances all make the one file (O_CREAT without O_EXCL).
 * Returns 0 or -errno.
 */
static int open_make(const char *dir, enum open_layout layout, uint32_t index,
		     char *path, size_t len, ino_t *ino)
{
	struct stat st;
	int fd, err;

	if (layout == OPEN_DIR_EACH) {
		if (snprintf(path, len, "%s/dir-%u", dir, index) >= (int)len)
			return -ENAMETOOLONG;
		if (mkdir(path, 0700) < 0 && errno != EEXIST)
			return -errno;
	}
	err = open_path(dir, layout, index, path, len);
	if (err)
		return err;
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	err = fstat(fd, &st) < 0 ? -errno : 0;
	*ino = st.st_ino;
	close(fd);
	return err;
}

/* path: relative to dir, as long a walk as will-it-scale's (wis_walk_at) */
static int open_loop(struct instance *in, int dir, const char *path, ino_t ino)
{
	const bool verify = in->ctx->verify;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		/* O_RDWR alone, as will-it-scale: the fd is closed at once */
		int fd = openat(dir, path, O_RDWR);
		struct stat st;

		if (fd < 0) {
			if (errno == EINTR)
				continue;
			return instance_syscall_failed(in, "openat");
		}
		if (verify && (fstat(fd, &st) < 0 || st.st_ino != ino)) {
			instance_fail(in, "verify: %s is not the file made for it", path);
			close(fd);
			return SK_FAILED;
		}
		close(fd);
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static int open_run_layout(struct instance *in, enum open_layout layout)
{
	char path[PATH_MAX], tail[64], rel[PATH_MAX];
	ino_t ino = 0;
	int err = open_make(in->ctx->run_dir, layout, in->index, path, sizeof(path), &ino);
	int dir, status;

	if (err)
		return instance_error(in, "creating the file to open", err);
	err = open_path("", layout, in->index, tail, sizeof(tail));
	if (err)
		return instance_error(in, "the file's path", err);
	dir = wis_walk_at(in->ctx->run_dir, tail, rel, sizeof(rel));
	if (dir < 0)
		return instance_error(in, "open the run directory's parent", dir);
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	status = open_loop(in, dir, rel, ino);
	close(dir);
	return status;
}

static int open1_run(struct instance *in)
{
	return open_run_layout(in, OPEN_FILE_EACH);
}

static int open2_run(struct instance *in)
{
	return open_run_layout(in, OPEN_DIR_EACH);
}

static int open3_run(struct instance *in)
{
	return open_run_layout(in, OPEN_SHARED);
}

#define OPEN_HELP_TAIL							\
	"The files are in the run directory, so --temp-path decides the\n"	\
	"filesystem (--temp-path /dev/shm: tmpfs); the path walked is as\n"	\
	"long as will-it-scale's (/tmp/willitscale.XXXXXX) whatever its\n"	\
	"depth. Runs as processes or threads. With --verify each open\n"	\
	"file's inode is checked against the file made for it."
#define OPEN_SYSCALLS SK_SYSCALLS("openat", "mkdir", "mkdirat", "fstat", "newfstatat")

static const struct stressor open1_stressor = {
	.name      = "open1",
	.summary   = "open() and close() a file per instance, all in one directory",
	.help      = "will-it-scale open1: one bogo-op is one open(O_RDWR) by path and\n"
		     "one close() of a file of the instance's own; all the files are\n"
		     "in one directory.\n" OPEN_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = OPEN_SYSCALLS,
	.run       = open1_run,
	.version   = "2",
};

static const struct stressor open2_stressor = {
	.name      = "open2",
	.summary   = "open() and close() a file per instance, a directory each",
	.help      = "will-it-scale open2: open1 with each instance's file in a\n"
		     "directory of its own, so only the path above it is shared. One\n"
		     "bogo-op is one open(O_RDWR) and one close().\n" OPEN_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = OPEN_SYSCALLS,
	.run       = open2_run,
	.version   = "2",
};

static const struct stressor open3_stressor = {
	.name      = "open3",
	.summary   = "open() and close() one file shared by every instance",
	.help      = "will-it-scale open3: every instance opens the same file by path\n"
		     "(one dentry and inode for all). One bogo-op is one open(O_RDWR)\n"
		     "and one close().\n" OPEN_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = OPEN_SYSCALLS,
	.run       = open3_run,
	.version   = "2",
};

STRESSOR_REGISTER(open1_stressor);
STRESSOR_REGISTER(open2_stressor);
STRESSOR_REGISTER(open3_stressor);

