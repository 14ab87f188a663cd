/*
 * link.c - stress-ng's link and symlink stressors: each instance makes
 * one file in the run directory, then in turn 8192 hard links (link) or
 * symbolic links (symlink) to it, each checked with lstat(), and unlinks
 * them all. One bogo-op is one such round of 8192 links, as in stress-ng:
 *   link:    link(); a hard link of a mount point to the run directory,
 *            which the kernel refuses (EXDEV or EPERM: a directory);
 *            lstat();
 *   symlink: symlink(); open(dir), readlinkat(), close; readlink(), whose
 *            target must be the file (checked always, as stress-ng
 *            does); lstat().
 * After the round the six failing readlink/readlinkat calls of
 * stress-ng (a zero-size buffer, "", a non-link) and the 8192 unlinks.
 * --link-sync / --symlink-sync fsync() the directory after each link and
 * around the unlinks. The paths are absolute, as stress-ng's are.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LINK_ROUND	8192	/* stress-ng's DEFAULT_LINKS */
#define LINK_MOUNTS_MAX	128

struct link_opts {
	bool sync;
};

static const struct stressor_opt link_opts[] = {
	{ .name = "link-sync", .type = OPT_BOOL,
	  .offset = offsetof(struct link_opts, sync),
	  .help = "fsync() the directory after each link and around the unlinks" },
	OPT_TABLE_END,
};

static const struct stressor_opt symlink_opts[] = {
	{ .name = "symlink-sync", .type = OPT_BOOL,
	  .offset = offsetof(struct link_opts, sync),
	  .help = "fsync() the directory after each link and around the unlinks" },
	OPT_TABLE_END,
};

/* One instance's names: the target, the links' common prefix, the mounts. */
struct link_state {
	char old[PATH_MAX];
	size_t old_len;
	char dir[PATH_MAX - 64];	/* the instance's directory: room for a name */
	char cross[PATH_MAX];	/* the cross-device link's new name */
	char *mounts[LINK_MOUNTS_MAX];
	unsigned n_mounts;
	uint32_t rnd;		/* picks the mount point, as stress-ng's random one */
	int dir_fd;		/* -1 without --*-sync */
	bool symbolic;
};

static void link_path(const struct link_state *s, char *out, size_t len, unsigned i)
{
	snprintf(out, len, "%s/link-%u", s->dir, i);
}

/* The mount points of /proc/mounts: hard links to them fail across devices. */
static void link_read_mounts(struct link_state *s)
{
	FILE *f = fopen("/proc/mounts", "re");
	char line[PATH_MAX + 256], mnt[PATH_MAX];

	if (!f)
		return;
	while (s->n_mounts < LINK_MOUNTS_MAX && fgets(line, sizeof(line), f))
		if (sscanf(line, "%*s %4095s", mnt) == 1 &&
		    (s->mounts[s->n_mounts] = strdup(mnt)))
			s->n_mounts++;
	fclose(f);
}

/* The symlink's checks: readlinkat through a directory fd, then readlink. */
static int link_read_back(struct instance *in, struct link_state *s,
			  const char *path, unsigned i)
{
	char buf[PATH_MAX], name[32];
	int dfd = open(s->dir, O_DIRECTORY | O_RDONLY | O_CLOEXEC);
	ssize_t n;

	snprintf(name, sizeof(name), "link-%u", i);
	if (dfd >= 0) {
		if (readlinkat(dfd, name, buf, sizeof(buf) - 1) < 0) {
			close(dfd);
			return instance_syscall_failed(in, "readlinkat");
		}
		close(dfd);
	}
	n = readlink(path, buf, sizeof(buf) - 1);
	if (n < 0)
		return instance_syscall_failed(in, "readlink");
	if ((size_t)n != s->old_len || memcmp(buf, s->old, (size_t)n)) {
		instance_fail(in, "readlink of %s gives %.*s, expected %s", path,
			      (int)n, buf, s->old);
		return SK_FAILED;
	}
	return SK_OK;
}

/*
 * One round: links 0..LINK_ROUND-1, the failing calls, the unlinks.
 * Returns SK_OK, or a status having said why; *made is how many links
 * the round made (LINK_ROUND: a whole round, an op).
 */
static int link_round(struct instance_loop *l, struct link_state *s, unsigned *made)
{
	struct instance *in = l->in;
	char path[PATH_MAX], buf[PATH_MAX];
	int status = SK_OK;
	unsigned i;

	for (i = 0; i < LINK_ROUND && instance_loop_continue(l); i++) {
		struct stat st;
		int r;

		link_path(s, path, sizeof(path), i);
		r = s->symbolic ? symlink(s->old, path) : link(s->old, path);
		if (r < 0) {
			/* stress-ng's retries: full, a link limit, a signal */
			if (errno == EDQUOT || errno == ENOMEM || errno == EMLINK ||
			    errno == EINTR || errno == ENOSPC)
				continue;
			status = instance_syscall_failed(in, s->symbolic ? "symlink" : "link");
			break;
		}
		*made = i + 1;	/* a retried link leaves a gap: unlinked anyway */
		if (s->symbolic) {
			status = link_read_back(in, s, path, i);
			if (status != SK_OK)
				break;
		} else if (s->n_mounts) {
			s->rnd = s->rnd * 1103515245u + 12345u;
			if (link(s->mounts[(s->rnd >> 16) % s->n_mounts], s->cross) == 0)
				unlink(s->cross);
		}
		if (lstat(path, &st) < 0) {
			status = instance_syscall_failed(in, "lstat");
			break;
		}
		if (s->dir_fd >= 0)
			fsync(s->dir_fd);
	}
	/* stress-ng's failing calls: zero size, empty path, not a link */
	(void)!readlink(s->old, buf, 0);
	(void)!readlink("", buf, sizeof(buf));
	(void)!readlink("/", buf, sizeof(buf));
	(void)!readlinkat(AT_FDCWD, ".", buf, 0);
	(void)!readlinkat(AT_FDCWD, "", buf, sizeof(buf));
	(void)!readlinkat(AT_FDCWD, "/", buf, sizeof(buf));
	if (s->dir_fd >= 0)
		fsync(s->dir_fd);
	for (unsigned j = 0; j < *made; j++) {
		link_path(s, path, sizeof(path), j);
		unlink(path);
	}
	if (s->dir_fd >= 0)
		fsync(s->dir_fd);
	return status;
}

static int link_run_kind(struct instance *in, bool symbolic)
{
	const struct link_opts *o = in->opts;
	struct link_state *s = calloc(1, sizeof(*s));
	struct instance_loop l;
	unsigned made = 0;
	int fd, status = SK_OK;

	if (!s)
		return SK_NO_RESOURCE;
	s->symbolic = symbolic;
	s->dir_fd = -1;
	s->rnd = in->index + 1;
	if ((size_t)snprintf(s->dir, sizeof(s->dir), "%s/%u", in->ctx->run_dir,
			     in->index) >= sizeof(s->dir)) {
		status = instance_error(in, "the run directory's path", -ENAMETOOLONG);
		goto out;
	}
	snprintf(s->old, sizeof(s->old), "%s/target", s->dir);
	snprintf(s->cross, sizeof(s->cross), "%s/cross", s->dir);
	s->old_len = strlen(s->old);
	if (mkdir(s->dir, 0700) < 0 && errno != EEXIST) {
		status = instance_syscall_failed(in, "mkdir");
		goto out;
	}
	fd = open(s->old, O_CREAT | O_RDWR | O_CLOEXEC, 0600);
	if (fd < 0) {
		status = instance_syscall_failed(in, "open");
		goto out;
	}
	close(fd);
	if (o->sync)
		s->dir_fd = open(s->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (!symbolic)
		link_read_mounts(s);
	instance_ready(in);
	l = instance_loop_begin(in);
	while (status == SK_OK && instance_loop_continue(&l)) {
		status = link_round(&l, s, &made);
		/* a round cut short by the stop is no op (stress-ng counts it) */
		if (status == SK_OK && made == LINK_ROUND)
			instance_loop_inc(&l);
		made = 0;
	}
	unlink(s->old);
out:
	if (s->dir_fd >= 0)
		close(s->dir_fd);
	for (unsigned i = 0; i < s->n_mounts; i++)
		free(s->mounts[i]);
	rmdir(s->dir);
	free(s);
	return status;
}

static int link_run(struct instance *in)
{
	return link_run_kind(in, false);
}

static int symlink_run(struct instance *in)
{
	return link_run_kind(in, true);
}

#define LINK_SYSCALLS SK_SYSCALLS("openat", "link", "linkat", "symlink", "symlinkat", \
	"readlink", "readlinkat", "lstat", "newfstatat", "statx", "unlink", "unlinkat", \
	"mkdir", "mkdirat", "rmdir", "fsync", "read", "fstat", "lseek")

static const struct stressor link_stressor = {
	.name      = "link",
	.summary   = "hard link a file 8192 times, lstat each, unlink them",
	.help      = "stress-ng's link: one bogo-op is a round of 8192 hard links to one\n"
		     "file in the run directory (each with lstat() and a refused link of a\n"
		     "mount point, stress-ng's EXDEV exercise), then their unlinks.",
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.opts      = link_opts,
	.opts_size = sizeof(struct link_opts),
	.syscalls  = LINK_SYSCALLS,
	.run       = link_run,
	.version   = "1",
};

static const struct stressor symlink_stressor = {
	.name      = "symlink",
	.summary   = "symlink a file 8192 times, readlink and lstat each, unlink them",
	.help      = "stress-ng's symlink: one bogo-op is a round of 8192 symbolic links\n"
		     "to one file in the run directory, each read back with readlinkat()\n"
		     "and readlink() (the target is checked every time, as stress-ng does)\n"
		     "and lstat()ed, then their unlinks.",
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.opts      = symlink_opts,
	.opts_size = sizeof(struct link_opts),
	.syscalls  = LINK_SYSCALLS,
	.run       = symlink_run,
	.version   = "1",
};

STRESSOR_REGISTER(link_stressor);
STRESSOR_REGISTER(symlink_stressor);
