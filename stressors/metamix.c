/*
 * metamix.c - stress-ng's metamix stressor (its current source; Debian's
 * stress-ng 0.15.06 has none): a mix of file data and metadata calls by
 * 16 workers per instance at once, each in a loop over files of its own
 * in the run directory. One bogo-op is one file's life, by any worker:
 * create (O_EXCL, a short write-life hint); 256 writes of 4 to 258
 * random bytes (4 for a power-of-2 span: stress-ng's bound is 8 bits of
 * span / 256), each after an lseek spreading them over
 * --metamix-bytes / instances (some page aligned); one time in 16, an
 * fdatasync; close; stat or lstat (50/50), the size checked; open,
 * fdatasync, close; the directory fsync()ed; the writes read back in a
 * shuffled order, each lseek + read (checked with --verify), each page-
 * aligned one also mmap()ed, populated and unmapped; lstat, the size
 * checked again; close; unlink.
 * The workers are the instance and 15 helper processes, as stress-ng's
 * (which count under a lock): threads would share one file table and one
 * mm, so each lseek, read and write would take and drop a reference to
 * its file and the file's position lock, and each munmap would shoot
 * down the TLB of the other CPU. The helpers count into a shared
 * mapping of the instance's (worker_count.h), which the instance moves
 * into its count.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/futex.h>

#include "worker_count.h"

#define METAMIX_HELPERS	15		/* besides the instance: 16 workers */
#define METAMIX_WRITES	256
#define METAMIX_MIN	512ULL
#define METAMIX_DEFAULT	(1ULL << 20)
#define METAMIX_MAX	(1ULL << 40)
#define METAMIX_RW_HINT	1038		/* F_SET_FILE_RW_HINT, as stress-ng's */

struct metamix_opts {
	uint64_t bytes;
};

static const struct stressor_opt metamix_opts[] = {
	{ .name = "metamix-bytes", .type = OPT_SIZE,
	  .offset = offsetof(struct metamix_opts, bytes),
	  .min = METAMIX_MIN, .max = METAMIX_MAX, .def = METAMIX_DEFAULT,
	  .help = "bytes a file spans, shared among the instances (at least 512 each)" },
	OPT_TABLE_END,
};

struct metamix_write {
	off_t offset;
	size_t len;
	uint32_t sum;		/* the data's hash (--verify), else random: the read order */
};

/* The workers' state, in a shared mapping: the instance's until the
 * helpers are forked, then read-only but for the flags and the count. */
struct metamix_shared {
	struct instance *in;	/* the instance's: a helper only logs through it */
	const char *dir;
	off_t bytes;
	size_t page;
	bool verify;
	volatile bool running;	/* false: the helpers start no more files */
	uint32_t go;		/* the helpers' start: a futex word */
	struct worker_count count;
	int status;		/* a worker's failure, an enum sk_status */
};

/* One worker: its random state and the file name it reuses. */
struct metamix_worker {
	struct metamix_shared *sh;
	unsigned id;
	uint64_t rnd;
	pid_t pid;		/* a helper's, or <= 0 */
};

static uint64_t metamix_rand(struct metamix_worker *w)
{
	w->rnd ^= w->rnd << 13;
	w->rnd ^= w->rnd >> 7;
	w->rnd ^= w->rnd << 17;
	return w->rnd;
}

static uint32_t metamix_hash(const uint8_t *p, size_t n)
{
	uint32_t h = 2166136261u;

	while (n--)
		h = (h ^ *p++) * 16777619u;
	return h;
}

static int metamix_cmp(const void *a, const void *b)
{
	const uint32_t x = ((const struct metamix_write *)a)->sum;
	const uint32_t y = ((const struct metamix_write *)b)->sum;

	return x < y ? 1 : x > y ? -1 : 0;
}

static int metamix_fail(struct metamix_worker *w, const char *what, const char *path)
{
	instance_fail(w->sh->in, "%s %s: %s", what, path, strerror(errno ? errno : EIO));
	return SK_FAILED;
}

/*
 * The helpers cannot read the run's stop flag (helper.h): the instance's
 * worker looks at it before each call of its file's loops, a load, and
 * passes the stop on at once, so that no helper starts a file after it
 * and the count ends with the run as a thread's would.
 */
static inline void metamix_pass_stop(const struct metamix_worker *w)
{
	if (w->id == 0 && instance_stopping(w->sh->in))
		w->sh->running = false;
}

/* The writes; returns how many were made (*end: the file's size) or -1. */
static int metamix_write_all(struct metamix_worker *w, int fd, struct metamix_write *wr,
			     off_t *end)
{
	const struct metamix_shared *sh = w->sh;
	const size_t max_seek = (size_t)(sh->bytes / METAMIX_WRITES);
	const off_t page_mask = ~(off_t)(sh->page - 1);
	/* stress-ng takes these bounds as 16 and 8 bits (mwc16modn, mwc8modn
	 * of a truncated value): a 1M file starts at 0 and its writes are 4
	 * bytes. Kept, so the op is the same. */
	const uint16_t start = (uint16_t)(sh->bytes >> 2);
	const uint8_t spread = (uint8_t)max_seek;
	off_t off = sh->bytes > (off_t)sh->page && start > 1 ?
		    (off_t)(metamix_rand(w) % start) : 0;
	uint8_t buf[256 + 2 * sizeof(uint32_t)];
	int n;

	for (n = 0; n < METAMIX_WRITES; n++) {
		const size_t len = (spread > 1 ? (size_t)(metamix_rand(w) % spread) : 0) +
				   sizeof(uint32_t);
		off_t left;

		wr[n].offset = off;
		wr[n].len = len;
		metamix_pass_stop(w);
		if (lseek(fd, off, SEEK_SET) < 0)
			return -1;
		for (size_t i = 0; i < len; i += 8) {
			uint64_t r = metamix_rand(w);

			memcpy(buf + i, &r, len - i < 8 ? len - i : 8);
		}
		wr[n].sum = sh->verify ? metamix_hash(buf, len) : (uint32_t)metamix_rand(w);
		if (write(fd, buf, len) != (ssize_t)len)
			break;
		off += (off_t)len;
		*end = off;
		left = (sh->bytes - off) / (METAMIX_WRITES - n);
		if (off > sh->bytes) {
			n++;
			break;
		}
		off += left;
		/* now and then page aligned, as stress-ng's */
		if (n % (METAMIX_WRITES >> 2) == 0 && sh->bytes - off > (off_t)sh->page)
			off = (off & page_mask) + (off_t)sh->page;
	}
	return n;
}

/* Reads the writes back in wr's order; SK_OK or a failure said. */
static int metamix_read_all(struct metamix_worker *w, int fd, const struct metamix_write *wr,
			    int n, const char *path)
{
	const struct metamix_shared *sh = w->sh;
	const off_t page_mask = ~(off_t)(sh->page - 1);
	uint8_t buf[256 + 2 * sizeof(uint32_t)];

	for (int i = 0; i < n; i++) {
		metamix_pass_stop(w);
		if (lseek(fd, wr[i].offset, SEEK_SET) < 0)
			return metamix_fail(w, "lseek", path);
		if (read(fd, buf, wr[i].len) != (ssize_t)wr[i].len)
			return metamix_fail(w, "read back", path);
		if (sh->verify && metamix_hash(buf, wr[i].len) != wr[i].sum) {
			instance_fail(sh->in, "verify: %s: %zu bytes at %lld read back changed",
				      path, wr[i].len, (long long)wr[i].offset);
			return SK_FAILED;
		}
		if ((wr[i].offset & page_mask) == wr[i].offset) {
			void *p = mmap(NULL, sh->page, PROT_READ, MAP_PRIVATE | MAP_POPULATE,
				       fd, wr[i].offset);

			if (p != MAP_FAILED) {
				if (sh->verify && wr[i].len < sh->page &&
				    metamix_hash(p, wr[i].len) != wr[i].sum) {
					munmap(p, sh->page);
					instance_fail(sh->in, "verify: %s: the mapping at %lld differs",
						      path, (long long)wr[i].offset);
					return SK_FAILED;
				}
				munmap(p, sh->page);
			}
		}
	}
	return SK_OK;
}

/* One file's life: the op. SK_OK, or a failure said. */
static int metamix_file(struct metamix_worker *w)
{
	struct metamix_write wr[METAMIX_WRITES];
	char path[PATH_MAX];
	struct stat st;
	off_t end = 0;
	uint64_t hint = 2;	/* RWH_WRITE_LIFE_SHORT */
	int fd, n, status;

	snprintf(path, sizeof(path), "%s/metamix-%u-%08x", w->sh->dir, w->id,
		 (unsigned)metamix_rand(w));
	errno = 0;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return metamix_fail(w, "open for write", path);
	(void)fcntl(fd, METAMIX_RW_HINT, &hint);
	n = metamix_write_all(w, fd, wr, &end);
	if (n < 0) {
		status = metamix_fail(w, "lseek", path);
		close(fd);
		goto out;
	}
	if ((metamix_rand(w) & 0xff) > 240)
		(void)fdatasync(fd);
	close(fd);
	if ((metamix_rand(w) & 1 ? stat(path, &st) : lstat(path, &st)) < 0) {
		status = metamix_fail(w, "stat", path);
		goto out;
	}
	if (st.st_size != end) {
		instance_fail(w->sh->in, "%s is %lld bytes, expected %lld", path,
			      (long long)st.st_size, (long long)end);
		status = SK_FAILED;
		goto out;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		status = metamix_fail(w, "open for read", path);
		goto out;
	}
	(void)fdatasync(fd);
	close(fd);
	fd = open(w->sh->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	qsort(wr, (size_t)n, sizeof(wr[0]), metamix_cmp);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		status = metamix_fail(w, "open for read", path);
		goto out;
	}
	status = metamix_read_all(w, fd, wr, n, path);
	if (status == SK_OK && (lstat(path, &st) < 0 || st.st_size != end))
		status = metamix_fail(w, "lstat", path);
	close(fd);
out:
	unlink(path);
	return status;
}

static long metamix_futex(uint32_t *word, int op, uint32_t val)
{
	return syscall(SYS_futex, word, op, val, NULL, NULL, 0);
}

/* A helper: waits for the start, then does files until the instance
 * says stop (or the budget of --metamix-ops is spent). */
static int metamix_helper(void *arg, const volatile sig_atomic_t *stop)
{
	struct metamix_worker *w = arg;
	struct metamix_shared *sh = w->sh;

	while (!__atomic_load_n(&sh->go, __ATOMIC_ACQUIRE) && !*stop)
		metamix_futex(&sh->go, FUTEX_WAIT, 0);
	while (sh->running && !*stop) {
		int status = metamix_file(w);

		if (status != SK_OK) {
			__atomic_store_n(&sh->status, status, __ATOMIC_RELAXED);
			return 1;
		}
		if (!worker_count_claim(&sh->count))
			break;
	}
	return 0;
}

/* The helpers go (sh->running says whether to do files). */
static void metamix_go(struct metamix_shared *sh)
{
	__atomic_store_n(&sh->go, 1, __ATOMIC_RELEASE);
	metamix_futex(&sh->go, FUTEX_WAKE, INT_MAX);
}

static int metamix_run(struct instance *in)
{
	const struct metamix_opts *o = in->opts;
	struct metamix_shared *sh;
	struct metamix_worker w[METAMIX_HELPERS + 1];
	char dir[PATH_MAX];
	struct instance_loop l;
	int status = SK_OK, wstatus;

	snprintf(dir, sizeof(dir), "%s/%u", in->ctx->run_dir, in->index);
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return instance_syscall_failed(in, "mkdir");
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		status = instance_syscall_failed(in, "mmap");
		rmdir(dir);
		return status;
	}
	*sh = (struct metamix_shared){
		.in = in, .dir = dir, .page = (size_t)sysconf(_SC_PAGESIZE),
		.verify = in->ctx->verify, .running = true, .status = SK_OK,
		.bytes = (off_t)(o->bytes / in->ctx->instances),
	};
	if (sh->bytes < (off_t)METAMIX_MIN)
		sh->bytes = METAMIX_MIN;
	for (unsigned i = 0; i <= METAMIX_HELPERS; i++)
		w[i] = (struct metamix_worker){ .sh = sh, .id = i,
			.rnd = 0x9e3779b97f4a7c15ULL * (i + 1) ^ ((uint64_t)getpid() << 20) };
	/* forked before the start, waiting for it on sh->go */
	for (unsigned i = 1; i <= METAMIX_HELPERS && status == SK_OK; i++) {
		w[i].pid = sk_fork_helper("metamix", metamix_helper, &w[i]);
		if (w[i].pid < 0)
			status = instance_error(in, "fork", (int)w[i].pid);
	}
	if (status == SK_OK) {
		instance_ready(in);
		worker_count_init(&sh->count, in);
	} else {
		sh->running = false;
	}
	metamix_go(sh);
	/* the instance is worker 0, and the one that counts */
	l = instance_loop_begin(in);
	while (status == SK_OK && instance_loop_continue(&l) && sh->status == SK_OK) {
		status = metamix_file(&w[0]);
		if (status != SK_OK) {
			sh->status = status;
			break;
		}
		if (worker_count_claim(&sh->count))
			worker_count_drain(&sh->count, &l);
		else
			break;
	}
	sh->running = false;
	for (unsigned i = 1; i <= METAMIX_HELPERS; i++) {
		if (w[i].pid <= 0)
			continue;
		/* no SIGTERM: a helper ends its file and sees sh->running */
		if (sk_reap_helper(w[i].pid, false, SK_HELPER_GRACE, &wstatus) == 0 &&
		    (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus)) && sh->status == SK_OK) {
			instance_fail(in, "a file worker died or failed");
			sh->status = SK_FAILED;
		}
	}
	if (status == SK_OK) {
		l = instance_loop_begin(in);
		worker_count_drain(&sh->count, &l);
		status = sh->status;
	}
	munmap(sh, sizeof(*sh));
	rmdir(dir);
	return status;
}

static const struct stressor metamix_stressor = {
	.name      = "metamix",
	.summary   = "16 workers each create, seek+write, sync, stat, read back, unlink files",
	.help      = "stress-ng's metamix (its current source; Debian's 0.15.06 has none):\n"
		     "one bogo-op is one file's life by one of 16 workers (the instance and\n"
		     "15 helper processes, as stress-ng's): create, 256 seek+writes over\n"
		     "--metamix-bytes / instances, sometimes fdatasync, stat, fdatasync,\n"
		     "directory fsync, seek+read back in shuffled order (checked with\n"
		     "--verify), page-aligned parts mmap()ed, lstat, unlink.",
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START | STRESSOR_NO_THREADS | STRESSOR_HELPERS(METAMIX_HELPERS),
	.opts      = metamix_opts,
	.opts_size = sizeof(struct metamix_opts),
	.syscalls  = SK_SYSCALLS("openat", "lseek", "read", "fcntl", "fdatasync", "fsync",
				 "stat", "lstat", "newfstatat", "statx", "unlink", "mkdir",
				 "rmdir", "futex", SK_HELPER_SYSCALLS),
	.run       = metamix_run,
	.version   = "2",
};

STRESSOR_REGISTER(metamix_stressor);
