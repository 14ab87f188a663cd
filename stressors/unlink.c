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
 * and whatever a killed instance left in it, on every exit path.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Builds instance in's path; own_dir puts it in a directory of its own. */
static int unlink_path(const struct instance *in, bool own_dir, char *path, size_t len)
{
	int n;

	if (!own_dir)
		n = snprintf(path, len, "%s/unlink1-%u", in->ctx->run_dir, in->index);
	else
		n = snprintf(path, len, "%s/%u", in->ctx->run_dir, in->index);
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	if (own_dir) {
		if (mkdir(path, 0700) < 0 && errno != EEXIST)
			return -errno;
		n = snprintf(path + n, len - (size_t)n, "/willitscale");
		if (n < 0 || (size_t)n >= len)
			return -ENAMETOOLONG;
	}
	return 0;
}

static int unlink_loop(struct instance *in, const char *path)
{
	const bool verify = in->ctx->verify;

	while (instance_continue(in)) {
		int fd = open(path, O_RDWR | O_CREAT, 0600);

		if (fd < 0) {
			if (errno == EINTR)
				continue;
			return instance_syscall_failed(in, "open");
		}
		if (verify) {
			struct stat st;

			/* a new file: the loop's last unlink removed the old one */
			if (fstat(fd, &st) < 0 || st.st_nlink != 1 || st.st_size != 0) {
				close(fd);
				instance_fail(in, "verify: %s is not a new empty file", path);
				return SK_FAILED;
			}
		}
		close(fd);
		if (unlink(path) < 0)
			return instance_syscall_failed(in, "unlink");
		instance_ops_inc(in);
	}
	return SK_OK;
}

static int unlink_run(struct instance *in, bool own_dir)
{
	char path[PATH_MAX];
	int err = unlink_path(in, own_dir, path, sizeof(path));

	if (err)
		return instance_error(in, "mkdir", err);
	return unlink_loop(in, path);
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
	.syscalls  = UNLINK_SYSCALLS,
	.run       = unlink1_run,
};

static const struct stressor unlink2_stressor = {
	.name      = "unlink2",
	.summary   = "create, close and unlink a file per instance, a directory each",
	.help      = "will-it-scale unlink2: each instance creates and removes a file\n"
		     "in a directory of its own.\n"
		     UNLINK_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_IO | CLASS_OS,
	.syscalls  = UNLINK_SYSCALLS,
	.run       = unlink2_run,
};

STRESSOR_REGISTER(unlink1_stressor);
STRESSOR_REGISTER(unlink2_stressor);
