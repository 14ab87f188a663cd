/*
 * fstat.c - stress-ng's fstat stressor: the entries of a directory
 * (--fstat-dir, /dev by default, /dev/watchdog never) are stat()ed by
 * the instance and 4 threads at once. One bogo-op is one entry: the 4
 * threads are started, the instance runs the entry's calls 16 times
 * while the threads run them over and over (16 at a time, then
 * sched_yield), then the threads are stopped and joined, as in
 * stress-ng. The calls: stat, lstat, statx (and stress-ng's four
 * failing statx calls), then, unless root (opening a device as root may
 * block), open + fstat + close; stat(""), lstat("") and fstat of a bad
 * fd. An entry on which stat, lstat, statx and fstat all fail is left
 * out of the following passes.
 */
#include <stresskit/stressor.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FSTAT_THREADS	4
#define FSTAT_LOOPS	16

enum {
	FSTAT_NO_STAT = 1, FSTAT_NO_LSTAT = 2, FSTAT_NO_STATX = 4, FSTAT_NO_FSTAT = 8,
	FSTAT_NO_ALL = 15,
};

struct fstat_opts {
	const char *dir;
};

static const struct stressor_opt fstat_opts[] = {
	{ .name = "fstat-dir", .type = OPT_STRING,
	  .offset = offsetof(struct fstat_opts, dir), .def_str = "/dev",
	  .flags = OPT_ONE_WORD,
	  .help = "the directory whose entries are stat()ed" },
	OPT_TABLE_END,
};

struct fstat_entry {
	char *path;
	volatile unsigned ignore;	/* FSTAT_NO_*: written by every thread */
	volatile bool access;		/* false once an open failed */
};

/* What the instance and its threads share for one entry. */
struct fstat_ctx {
	struct fstat_entry *e;
	const struct instance *in;
	volatile bool running;		/* the threads go on while set */
	bool root;
};

/* The entry's calls, stress-ng's, once. */
static void fstat_calls(struct fstat_ctx *c)
{
	struct fstat_entry *e = c->e;
	struct statx sx;
	struct stat st;

	if (stat(e->path, &st) < 0 && errno != ENOMEM)
		e->ignore |= FSTAT_NO_STAT;
	if (lstat(e->path, &st) < 0 && errno != ENOMEM)
		e->ignore |= FSTAT_NO_LSTAT;
	/* AT_EMPTY_PATH as the dirfd, as stress-ng passes it: a bad fd that
	 * an absolute path makes irrelevant */
	if (statx(AT_EMPTY_PATH, e->path, AT_SYMLINK_NOFOLLOW, STATX_ALL, &sx) < 0 &&
	    errno != ENOMEM)
		e->ignore |= FSTAT_NO_STATX;
	(void)statx(-1, "baddfd", AT_SYMLINK_NOFOLLOW, STATX_ALL, &sx);
	(void)statx(AT_EMPTY_PATH, "", AT_SYMLINK_NOFOLLOW, STATX_ALL, &sx);
	(void)statx(AT_EMPTY_PATH, e->path, ~0, STATX_ALL, &sx);
	(void)statx(AT_EMPTY_PATH, e->path, AT_SYMLINK_NOFOLLOW, ~0u, &sx);
	if (e->access && !c->root) {
		int fd = open(e->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

		if (fd < 0) {
			e->access = false;
			return;
		}
		if (fstat(fd, &st) < 0 && errno != ENOMEM)
			e->ignore |= FSTAT_NO_FSTAT;
		close(fd);
	}
	(void)!stat("", &st);
	(void)!lstat("", &st);
	(void)!fstat(-1, &st);
}

static void *fstat_thread(void *arg)
{
	struct fstat_ctx *c = arg;
	sigset_t all;

	/* the instance takes the stop signal, not these */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	while (c->running && !instance_stopping(c->in)) {
		for (int i = 0; i < FSTAT_LOOPS && !instance_stopping(c->in); i++)
			fstat_calls(c);
		sched_yield();
	}
	return NULL;
}

/* One op: the threads and the instance on one entry. */
static void fstat_entry_op(struct fstat_ctx *c)
{
	pthread_t t[FSTAT_THREADS];
	bool made[FSTAT_THREADS];

	c->running = true;
	for (int i = 0; i < FSTAT_THREADS; i++)
		made[i] = pthread_create(&t[i], NULL, fstat_thread, c) == 0;
	for (int i = 0; i < FSTAT_LOOPS && !instance_stopping(c->in); i++)
		fstat_calls(c);
	c->running = false;
	for (int i = 0; i < FSTAT_THREADS; i++)
		if (made[i])
			pthread_join(t[i], NULL);
}

/* The directory's entries; *n gets their count. NULL: errno says why. */
static struct fstat_entry *fstat_list(const char *dir, size_t *n)
{
	struct fstat_entry *v = NULL;
	size_t cap = 0;
	struct dirent *d;
	DIR *dp = opendir(dir);

	*n = 0;
	if (!dp)
		return NULL;
	while ((d = readdir(dp))) {
		char path[PATH_MAX];

		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, d->d_name) >= sizeof(path) ||
		    !strncmp(path, "/dev/watchdog", 13))
			continue;
		if (*n == cap) {
			struct fstat_entry *nv = realloc(v, (cap = cap ? 2 * cap : 64) * sizeof(*v));

			if (!nv)
				break;
			v = nv;
		}
		v[*n] = (struct fstat_entry){ .path = strdup(path), .access = true };
		if (v[*n].path)
			++*n;
	}
	closedir(dp);
	if (!*n) {
		free(v);
		errno = ENOENT;
		return NULL;
	}
	return v;
}

static int fstat_run(struct instance *in)
{
	const struct fstat_opts *o = in->opts;
	struct fstat_ctx c = { .in = in, .root = geteuid() == 0 };
	struct instance_loop l;
	size_t n;
	struct fstat_entry *v = fstat_list(o->dir, &n);
	bool some = true;

	if (!v)
		return instance_syscall_failed(in, "reading --fstat-dir");
	instance_ready(in);
	l = instance_loop_begin(in);
	while (some && instance_loop_continue(&l)) {
		some = false;
		for (size_t i = n; i-- > 0 && instance_loop_continue(&l); ) {
			if (v[i].ignore == FSTAT_NO_ALL)
				continue;
			c.e = &v[i];
			fstat_entry_op(&c);
			some = true;
			instance_loop_inc(&l);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(v[i].path);
	free(v);
	if (!some) {
		instance_fail(in, "no entry of %s could be stat()ed", o->dir);
		return SK_FAILED;
	}
	return SK_OK;
}

static const struct stressor fstat_stressor = {
	.name      = "fstat",
	.summary   = "stat, lstat, statx and fstat the entries of /dev, 5 threads at once",
	.help      = "stress-ng's fstat: one bogo-op is one entry of --fstat-dir (/dev):\n"
		     "4 threads started that stat it over and over while the instance does\n"
		     "so 16 times, then joined. The calls are stress-ng's: stat, lstat,\n"
		     "statx and its failing forms, open+fstat when not root.",
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START | STRESSOR_NO_THREADS,
	.opts      = fstat_opts,
	.opts_size = sizeof(struct fstat_opts),
	.syscalls  = SK_SYSCALLS("openat", "getdents64", "newfstatat", "stat", "lstat",
				 "fstat", "statx", "geteuid", "clone", "clone3",
				 "set_robust_list", "rseq", "rt_sigaction"),
	.run       = fstat_run,
	.version   = "1",
};

STRESSOR_REGISTER(fstat_stressor);
