/*
 * rundir.c - creation and removal of the run directory.
 */
#include "rundir.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int rundir_create(const char *temp_path, char *out, size_t outlen)
{
	int n = snprintf(out, outlen, "%s/stresskit-%d-XXXXXX",
			 temp_path, (int)getpid());

	if (n < 0 || (size_t)n >= outlen)
		return -ENAMETOOLONG;
	return mkdtemp(out) ? 0 : -errno;
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

void rundir_remove(const char *dir)
{
	if (dir && *dir)
		nftw(dir, rundir_unlink, 16, FTW_DEPTH | FTW_PHYS);
}
