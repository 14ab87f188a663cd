/*
 * rundir.c - creation and removal of the run directory, and of those a
 * killed controller left (rundir.h).
 *
 * The lock is made as "lock.new", flock()ed, then renamed to "lock": a
 * sweeper that finds "lock" and can take it knows its owner is gone,
 * never that its owner has yet to take it. A directory without "lock"
 * was left between mkdtemp() and that rename, or is being made right
 * now: its pid decides, and a pid reused in that window only keeps a
 * directory a while longer, never loses a live one.
 */
#include "rundir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"

#define RUNDIR_LOCK "lock"

static int rundir_lock(const char *dir)
{
	char tmp[PATH_MAX], path[PATH_MAX];
	int fd;

	snprintf(tmp, sizeof(tmp), "%s/" RUNDIR_LOCK ".new", dir);
	snprintf(path, sizeof(path), "%s/" RUNDIR_LOCK, dir);
	fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX | LOCK_NB) || rename(tmp, path)) {
		int err = -errno;

		close(fd);
		unlink(tmp);
		return err;
	}
	return fd;
}

int rundir_create(const char *temp_path, char *out, size_t outlen, int *lock_fd)
{
	int n = snprintf(out, outlen, "%s/stresskit-%d-XXXXXX",
			 temp_path, (int)getpid());

	*lock_fd = -1;
	if (n < 0 || (size_t)n >= outlen)
		return -ENAMETOOLONG;
	if (!mkdtemp(out))
		return -errno;
	*lock_fd = rundir_lock(out);
	if (*lock_fd < 0) {
		int err = *lock_fd;

		rmdir(out);
		return err;
	}
	return 0;
}

int rundir_subdir(const char *dir, const char *name, char *out, size_t outlen)
{
	int n = snprintf(out, outlen, "%s/%s", dir, name);

	if (n < 0 || (size_t)n >= outlen)
		return -ENAMETOOLONG;
	if (mkdir(out, 0700) && errno != EEXIST)
		return -errno;
	return 0;
}

static int rundir_unlink(const char *path, const struct stat *st, int type,
			 struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	remove(path);
	return 0;
}

void rundir_remove(const char *dir, int lock_fd)
{
	if (dir && *dir)
		nftw(dir, rundir_unlink, 16, FTW_DEPTH | FTW_PHYS);
	if (lock_fd >= 0)
		close(lock_fd);
}

/* Whether the run directory dir (named for pid) has no living owner.
 * When true, *held is the lock taken (or -1): kept until it is removed,
 * so no other sweeper judges it meanwhile. */
static bool rundir_stale(int dfd, const char *name, pid_t pid, int *held)
{
	char lock[NAME_MAX + 8];
	int fd;

	*held = -1;
	snprintf(lock, sizeof(lock), "%s/" RUNDIR_LOCK, name);
	fd = openat(dfd, lock, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT && kill(pid, 0) < 0 && errno == ESRCH;
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		close(fd);
		return false;
	}
	*held = fd;
	return true;
}

int rundir_sweep(const char *temp_path, bool tell)
{
	DIR *d = opendir(temp_path);
	struct dirent *de;
	int removed = 0;

	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		char path[PATH_MAX], tail[8];
		struct stat st;
		int pid, held;

		/* stresskit-PID-XXXXXX, as rundir_create names them, and no other */
		if (sscanf(de->d_name, "stresskit-%d-%7s", &pid, tail) != 2 ||
		    strlen(tail) != 6 || pid <= 0)
			continue;
		if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
			continue;
		if (!rundir_stale(dirfd(d), de->d_name, (pid_t)pid, &held))
			continue;
		snprintf(path, sizeof(path), "%s/%s", temp_path, de->d_name);
		rundir_remove(path, held);
		removed++;
		if (tell)
			log_info("removed %s: its controller (pid %d) is gone", path, pid);
	}
	closedir(d);
	return removed;
}
