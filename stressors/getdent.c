/*
 * getdent.c - stress-ng's getdent stressor: each instance reads the
 * directory trees of /proc (8 levels deep), /dev (1), /tmp (4), /sys (8)
 * and /run (2) with getdents() or getdents64() (picked at random per
 * directory, as stress-ng does), into a buffer of a random size of 4 KiB
 * to 256 KiB, going down into each subdirectory as its entry is read.
 * Each directory first gets stress-ng's failing calls (a bad fd; a
 * zero-size buffer for getdents). One bogo-op is one getdents call that
 * returned entries. Metric: nanosecs per getdents call, as stress-ng's.
 */
#include <stresskit/stressor.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define GETDENT_BUF_MAX	(256u * 1024)

/* The trees and how deep each is read, stress-ng's. */
static const struct {
	const char *path;
	int depth;
} getdent_roots[] = {
	{ "/proc", 8 }, { "/dev", 1 }, { "/tmp", 4 }, { "/sys", 8 }, { "/run", 2 },
};

struct getdent_state {
	struct instance_loop *l;
	uint32_t rnd;
	uint64_t ns, calls;	/* the time in getdents calls, for the metric */
	size_t page;
	bool verify;
};

/* The old getdents' record: its type is the last byte of the record. */
struct getdent_old {
	unsigned long d_ino, d_off;
	unsigned short d_reclen;
	char d_name[];
};

static uint32_t getdent_rand(struct getdent_state *s)
{
	s->rnd ^= s->rnd << 13;
	s->rnd ^= s->rnd >> 17;
	s->rnd ^= s->rnd << 5;
	return s->rnd;
}

static bool getdent_dot(const char *name)
{
	return name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2]));
}

/*
 * Reads path to its end, going down depth more levels. Returns 0, or a
 * negative errno from a getdents call, which abandons the tree as in
 * stress-ng; an unopenable directory is skipped.
 */
static int getdent_dir(struct getdent_state *s, const char *path, int depth)
{
	const bool is64 = getdent_rand(s) & 1;
	const long nr = is64 ? SYS_getdents64 : SYS_getdents;
	unsigned sz = (unsigned)((getdent_rand(s) % GETDENT_BUF_MAX + s->page) & ~(s->page - 1));
	char *buf;
	int fd, rc = 0;

	if (!instance_loop_continue(s->l))
		return 0;
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	buf = malloc(sz);
	if (!buf)
		goto out;
	(void)syscall(nr, -1, buf, sz);
	if (!is64)
		(void)syscall(nr, fd, buf, 0);
	while (instance_loop_continue(s->l)) {
		uint64_t t0 = sk_clock_ns();
		long n = syscall(nr, fd, buf, sz);

		if (n < 0) {
			rc = -errno;
			break;
		}
		s->ns += sk_clock_ns() - t0;
		s->calls++;
		if (n == 0)
			break;
		instance_loop_inc(s->l);
		if (depth < 1)
			continue;
		for (long off = 0; off < n && rc == 0; ) {
			char sub[PATH_MAX];
			const char *name;
			unsigned char type;
			unsigned short len;

			if (is64) {
				struct dirent64 *d = (struct dirent64 *)(buf + off);

				name = d->d_name, type = d->d_type, len = d->d_reclen;
			} else {
				struct getdent_old *d = (struct getdent_old *)(buf + off);

				name = d->d_name, len = d->d_reclen;
				type = (unsigned char)buf[off + len - 1];
			}
			off += len;
			if (type != DT_DIR || getdent_dot(name))
				continue;
			if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", path, name) >= sizeof(sub))
				continue;
			rc = getdent_dir(s, sub, depth - 1);
		}
		if (rc)
			break;
	}
	free(buf);
out:
	close(fd);
	return rc;
}

static int getdent_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);
	struct getdent_state s = {
		.l = &l, .rnd = 0x9e3779b9u ^ (in->index * 2654435761u ^ (uint32_t)getpid()),
		.page = (size_t)sysconf(_SC_PAGESIZE),
	};
	uint64_t before;

	do {
		before = instance_loop_ops(&l);
		for (size_t i = 0; i < sizeof(getdent_roots) / sizeof(getdent_roots[0]); i++) {
			int err = getdent_dir(&s, getdent_roots[i].path, getdent_roots[i].depth);

			if (err == -ENOSYS)
				return instance_error(in, "getdents", err);
		}
	} while (instance_loop_continue(&l) && instance_loop_ops(&l) > before);
	if (instance_loop_continue(&l)) {
		instance_fail(in, "getdents read no entries from /proc, /dev, /tmp, /sys or /run");
		return SK_FAILED;
	}
	if (s.calls)
		instance_metric(in, "nanosecs per getdents call", (double)s.ns / (double)s.calls,
				MEAN_GEOMETRIC, false);
	return SK_OK;
}

static const struct stressor getdent_stressor = {
	.name      = "getdent",
	.summary   = "read the directory trees of /proc, /dev, /tmp, /sys, /run with getdents",
	.help      = "stress-ng's getdent: getdents() or getdents64() at random per\n"
		     "directory, a buffer of a random 4K..256K, depth-first through /proc\n"
		     "(8 levels), /dev (1), /tmp (4), /sys (8), /run (2). One bogo-op is one\n"
		     "getdents call that returned entries. Metric: nanosecs per getdents call.",
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.syscalls  = SK_SYSCALLS("openat", "getdents", "getdents64", "read"),
	.run       = getdent_run,
	.version   = "1",
};

STRESSOR_REGISTER(getdent_stressor);
