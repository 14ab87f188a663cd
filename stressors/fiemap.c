/*
 * fiemap.c - stress-ng's fiemap stressor: FS_IOC_FIEMAP on a file that
 * is being written and punched. Each instance opens an O_SYNC file in the
 * run directory (unlinked at once) of --fiemap-bytes / instances, and
 * runs 4 readers of its extent map while it writes: a byte at a random
 * 8 KiB-aligned offset, a sleep of 1 ms, an 8 KiB hole punched at a
 * random offset, a sleep of 1 ms, in a loop. A reader asks how many
 * extents there are, yields, reads them all, yields. One bogo-op is one
 * reader's pair of FS_IOC_FIEMAP calls, as in stress-ng, where the
 * writer's steps count nothing.
 * stress-ng's readers are 4 forked processes sharing the file, counting
 * under a lock; here they are 4 threads of the instance, counting as
 * worker_count.h does, the instance adding their ops after each write
 * step. The calls on the file
 * are the same; the kernel sees the same open file from 5 tasks.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "worker_count.h"

#define FIEMAP_READERS	4
#define FIEMAP_MIN	(1ULL << 20)
#define FIEMAP_DEFAULT	(16ULL << 20)
#define FIEMAP_MAX	(1ULL << 40)

struct fiemap_opts {
	uint64_t bytes;
};

static const struct stressor_opt fiemap_opts[] = {
	{ .name = "fiemap-bytes", .type = OPT_SIZE,
	  .offset = offsetof(struct fiemap_opts, bytes),
	  .min = FIEMAP_MIN, .max = FIEMAP_MAX, .def = FIEMAP_DEFAULT,
	  .help = "the file's size, shared among the instances (at least 1M each)" },
	OPT_TABLE_END,
};

struct fiemap_shared {
	const struct instance *in;
	int fd;
	volatile bool running;
	struct worker_count count;	/* the readers' ops */
	int err;			/* a reader's failure, a negative errno */
};

/* One reader's pair of calls: the count, then the extents. 0 or -errno. */
static int fiemap_read_map(int fd)
{
	struct fiemap *m = calloc(1, sizeof(*m)), *t;
	size_t ext;

	if (!m)
		return -ENOMEM;
	m->fm_length = ~0ULL;
	if (ioctl(fd, FS_IOC_FIEMAP, m) < 0) {
		free(m);
		return -errno;
	}
	sched_yield();
	ext = sizeof(struct fiemap_extent) * m->fm_mapped_extents;
	t = realloc(m, sizeof(*m) + ext);
	if (!t) {
		free(m);
		return -ENOMEM;
	}
	m = t;
	memset(m->fm_extents, 0, ext);
	m->fm_extent_count = m->fm_mapped_extents;
	m->fm_mapped_extents = 0;
	if (ioctl(fd, FS_IOC_FIEMAP, m) < 0) {
		free(m);
		return -errno;
	}
	free(m);
	sched_yield();
	return 0;
}

static void *fiemap_reader(void *arg)
{
	struct fiemap_shared *s = arg;
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	while (s->running && !instance_stopping(s->in)) {
		int err = fiemap_read_map(s->fd);

		if (err) {
			__atomic_store_n(&s->err, err, __ATOMIC_RELAXED);
			break;
		}
		if (!worker_count_claim(&s->count))
			break;
	}
	return NULL;
}

static void fiemap_sleep_ms(void)
{
	struct timespec ts = { 0, 1000000 };

	nanosleep(&ts, NULL);
}

static uint64_t fiemap_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* The writer, in the instance: runs until the loop ends, counting the
 * readers' ops after each step. */
static int fiemap_write_loop(struct instance *in, struct fiemap_shared *s, uint64_t size)
{
	struct instance_loop l = instance_loop_begin(in);
	const uint64_t len = size - 1;
	uint64_t rnd = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)getpid() << 17);
	bool punch = true;
	char byte = (char)rnd;

	while (instance_loop_continue(&l)) {
		if (lseek(s->fd, (off_t)(fiemap_rand(&rnd) % len & ~0x1fffULL), SEEK_SET) < 0)
			return instance_syscall_failed(in, "lseek");
		if (write(s->fd, &byte, 1) < 0 && errno != ENOSPC && errno != EAGAIN &&
		    errno != EINTR)
			return instance_syscall_failed(in, "write");
		if (punch) {
			fiemap_sleep_ms();
			if (fallocate(s->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
				      (off_t)(fiemap_rand(&rnd) % len), 8192) < 0 &&
			    errno == EOPNOTSUPP)
				punch = false;
			fiemap_sleep_ms();
		}
		worker_count_drain(&s->count, &l);
		if (__atomic_load_n(&s->err, __ATOMIC_RELAXED) || worker_count_spent(&s->count))
			break;
	}
	s->running = false;
	return SK_OK;
}

static int fiemap_run(struct instance *in)
{
	const struct fiemap_opts *o = in->opts;
	uint64_t size = o->bytes / in->ctx->instances;
	struct fiemap_shared s = { .in = in, .running = true };
	struct fiemap probe = { .fm_length = ~0ULL };
	pthread_t t[FIEMAP_READERS];
	bool made[FIEMAP_READERS] = { false };
	char path[PATH_MAX];
	int status;

	if (size < FIEMAP_MIN)
		size = FIEMAP_MIN;
	snprintf(path, sizeof(path), "%s/fiemap-%u", in->ctx->run_dir, in->index);
	s.fd = open(path, O_CREAT | O_RDWR | O_SYNC | O_CLOEXEC, 0600);
	if (s.fd < 0)
		return instance_syscall_failed(in, "open");
	unlink(path);
	if (ioctl(s.fd, FS_IOC_FIEMAP, &probe) < 0) {
		close(s.fd);
		return instance_error(in, "FS_IOC_FIEMAP on --temp-path's file system", -ENOSYS);
	}
	instance_ready(in);
	worker_count_init(&s.count, in);
	for (int i = 0; i < FIEMAP_READERS; i++)
		made[i] = pthread_create(&t[i], NULL, fiemap_reader, &s) == 0;
	status = fiemap_write_loop(in, &s, size);
	s.running = false;
	for (int i = 0; i < FIEMAP_READERS; i++)
		if (made[i])
			pthread_join(t[i], NULL);
	if (status == SK_OK) {
		struct instance_loop l = instance_loop_begin(in);

		worker_count_drain(&s.count, &l);
		if (s.err)
			status = instance_error(in, "ioctl FS_IOC_FIEMAP", s.err);
	}
	close(s.fd);
	return status;
}

static const struct stressor fiemap_stressor = {
	.name      = "fiemap",
	.summary   = "FS_IOC_FIEMAP from 4 threads on a file being written and punched",
	.help      = "stress-ng's fiemap: one bogo-op is one reader's pair of\n"
		     "FS_IOC_FIEMAP calls (the extent count, then the extents) on an O_SYNC\n"
		     "file the instance writes a byte into and punches 8K holes in, 1 ms\n"
		     "apart. stress-ng's 4 readers are processes; here they are threads\n"
		     "(the same calls on the same open file). Needs a file system with\n"
		     "FIEMAP under --temp-path (not tmpfs).",
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START | STRESSOR_NO_THREADS,
	.opts      = fiemap_opts,
	.opts_size = sizeof(struct fiemap_opts),
	.syscalls  = SK_SYSCALLS("openat", "unlink", "ioctl", "lseek", "fallocate",
				 "clone", "clone3", "set_robust_list", "rseq",
				 "rt_sigaction"),
	.run       = fiemap_run,
	.version   = "1",
};

STRESSOR_REGISTER(fiemap_stressor);
