/*
 * unlink.c - will-it-scale's unlink1 and unlink2: each instance creates a
 * file of its own name with open(O_CREAT), closes it and unlinks it, in a
 * loop. One bogo-op is one open(O_CREAT), one close() and one unlink():
 * inode allocation and freeing, and the directory's lock and dcache.
 *   unlink1: every instance's file is in one directory (the directory's
 *            lock is shared);
 *   unlink2: each instance has a directory of its own.
 * The case is about the filesystem, so the directory is the stressor's run
 * directory, on the filesystem --temp-path names; the core removes it,
 * and whatever a killed instance left in it, on every exit path. The
 * name is resolved relative to the run directory's parent (openat,
 * unlinkat; wis_walk_at), so the walk is as long as will-it-scale's
 * /tmp/willitscale.XXXXXX[/willitscale] whatever the run directory's
 * depth (/tmp/stresskit-PID-XXXXXX/NAME/I/).
 */
#include <stresskit/stressor.h>
#include "wis_common.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Makes, for own_dir, the instance's directory in the run directory, and
 * sets name to the path of the instance's file relative to the directory
 * whose fd it returns (wis_walk_at): "unlink1/unlink1-I", or
 * "unlink2/I/willitscale". Returns the fd or a negative errno.
 */
static int unlink_dir(const struct instance *in, bool own_dir, char *name, size_t len)
{
	char path[PATH_MAX], tail[32];
	int n;

	if (own_dir) {
		n = snprintf(path, sizeof(path), "%s/%u", in->ctx->run_dir, in->index);
		if (n < 0 || (size_t)n >= (int)sizeof(path))
			return -ENAMETOOLONG;
		if (mkdir(path, 0700) < 0 && errno != EEXIST)
			return -errno;
		n = snprintf(tail, sizeof(tail), "%u/willitscale", in->index);
	} else {
		n = snprintf(tail, sizeof(tail), "unlink1-%u", in->index);
	}
	if (n < 0 || (size_t)n >= (int)sizeof(tail))
		return -ENAMETOOLONG;
	return wis_walk_at(in->ctx->run_dir, tail, name, len);
}

static int unlink_loop(struct instance *in, int dir, const char *name)
{
	const bool verify = in->ctx->verify;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		int fd = openat(dir, name, O_RDWR | O_CREAT, 0600);

		if (fd < 0) {
			if (errno == EINTR)
				continue;
			return instance_syscall_failed(in, "openat");
		}
		if (verify) {
			struct stat st;

			/* a new file: the loop's last unlink removed the old one */
			if (fstat(fd, &st) < 0 || st.st_nlink != 1 || st.st_size != 0) {
				close(fd);
				instance_fail(in, "verify: %s is not a new empty file", name);
				return SK_FAILED;
			}
		}
		close(fd);
		if (unlinkat(dir, name, 0) < 0)
			return instance_syscall_failed(in, "unlinkat");
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static int unlink_run(struct instance *in, bool own_dir)
{
	char name[PATH_MAX];
	int dir = unlink_dir(in, own_dir, name, sizeof(name));
	int status;

	if (dir < 0)
		return instance_error(in, "open the directory", dir);
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	status = unlink_loop(in, dir, name);
	close(dir);
	return status;
}

static int unlink1_run(struct instance *in)
{
	return unlink_run(in, false);
}

static int unlink2_run(struct instance *in)
{
	return unlink_run(in, true);
}

#define UNLINK_SYSCALLS SK_SYSCALLS("openat", "open", "unlink", "unlinkat", "mkdir", \
				     "mkdirat", "fstat", "newfstatat")

#define UNLINK_HELP_TAIL						\
	"One bogo-op is one open(O_CREAT), close() and unlink(). The files\n"	\
	"are in the run directory, on the filesystem --temp-path names (the\n"	\
	"case is about the filesystem). Runs as processes or as threads\n"	\
	"(--instance-mode thread). With --verify each open must have made\n"	\
	"a new empty file."

static const struct stressor unlink1_stressor = {
	.name      = "unlink1",
	.summary   = "create, close and unlink a file per instance, one directory",
	.help      = "will-it-scale unlink1: each instance creates and removes a file\n"
		     "of its own name; all the files are in one directory.\n"
		     UNLINK_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_IO | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = UNLINK_SYSCALLS,
	.run       = unlink1_run,
	.version   = "2",
};

static const struct stressor unlink2_stressor = {
	.name      = "unlink2",
	.summary   = "create, close and unlink a file per instance, a directory each",
	.help      = "will-it-scale unlink2: each instance creates and removes a file\n"
		     "in a directory of its own.\n"
		     UNLINK_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_IO | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = UNLINK_SYSCALLS,
	.run       = unlink2_run,
	.version   = "2",
};

STRESSOR_REGISTER(unlink1_stressor);
STRESSOR_REGISTER(unlink2_stressor);
