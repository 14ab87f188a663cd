/*
 * sem.c - POSIX semaphores, as stress-ng's sem stressor: --sem-procs
 * threads of each instance take one semaphore (of the instance, or of
 * all with --sem-shared) in turn by sem_trywait, a 10 us sem_timedwait
 * and sem_wait, each trying the next on failure, then sem_post it and
 * sched_yield. One bogo-op is one take and post, by any of the threads.
 * The instance's own thread is the first of them: it counts the others'
 * ops with its own, as stress-ng's threads all count into one counter.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define SEM_PROCS_MIN		2
#define SEM_PROCS_MAX		64
#define SEM_PROCS_DEF		2
#define SEM_TIMEDWAIT_NS	10000
#define SEM_CACHE_LINE		64

struct sem_opts {
	uint64_t procs;
	bool shared;
};

static const struct stressor_opt sem_opts[] = {
	{ .name = "sem-procs", .type = OPT_COUNT,
	  .offset = offsetof(struct sem_opts, procs),
	  .min = SEM_PROCS_MIN, .max = SEM_PROCS_MAX, .def = SEM_PROCS_DEF,
	  .help = "threads of each instance on its semaphore" },
	{ .name = "sem-shared", .type = OPT_BOOL,
	  .offset = offsetof(struct sem_opts, shared),
	  .help = "one semaphore shared by every instance" },
	OPT_TABLE_END,
};

/* A thread's ops, on a cache line of its own: written by it alone. */
struct sem_count {
	volatile uint64_t ops;
	volatile int err;		/* the errno that ended the thread, or 0 */
} __attribute__((aligned(SEM_CACHE_LINE)));

struct sem_state {
	sem_t *sem;
	struct instance *in;
	volatile uint32_t done;		/* the instance's loop ended */
	struct sem_count count[SEM_PROCS_MAX];
};

struct sem_thread {
	struct sem_state *st;
	unsigned index;
};

/*
 * One take and post: sem_trywait, then a 10 us sem_timedwait, then
 * sem_wait, the method after the last one that worked (*next), the next
 * tried on EAGAIN or a timeout, as stress-ng's. Returns 0, 1 when
 * interrupted (no op), or -errno.
 */
static int sem_take_post(sem_t *sem, unsigned *next)
{
	struct timespec ts;
	int value;

	if (sem_getvalue(sem, &value) < 0)
		return -errno;
	for (;;) {
		unsigned m = *next;
		int rc;

		*next = (m + 1) % 3;
		if (m == 0) {
			rc = sem_trywait(sem);
		} else if (m == 1) {
			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_nsec += SEM_TIMEDWAIT_NS;
			if (ts.tv_nsec >= 1000000000L) {
				ts.tv_nsec -= 1000000000L;
				ts.tv_sec++;
			}
			rc = sem_timedwait(sem, &ts);
		} else {
			rc = sem_wait(sem);
		}
		if (rc == 0)
			break;
		if (errno == EINTR)
			return 1;
		if (errno != EAGAIN && errno != ETIMEDOUT)
			return -errno;
	}
	if (sem_post(sem) < 0)
		return -errno;
	sched_yield();
	return 0;
}

static bool sem_thread_go(const struct sem_state *st)
{
	return !__atomic_load_n(&st->done, __ATOMIC_RELAXED) && !instance_stopping(st->in);
}

static void *sem_thread(void *argp)
{
	const struct sem_thread *t = argp;
	struct sem_state *st = t->st;
	struct sem_count *c = &st->count[t->index];
	unsigned next = 0;

	while (sem_thread_go(st)) {
		int rc = sem_take_post(st->sem, &next);

		if (rc < 0) {
			c->err = -rc;
			break;
		}
		if (!rc)
			__atomic_store_n(&c->ops, c->ops + 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/* The instance's thread: ops of its own, and the others' added to them. */
static int sem_loop(struct instance *in, struct sem_state *st, unsigned procs)
{
	uint64_t own = 0;
	unsigned next = 0;
	struct instance_loop l = instance_loop_begin(in);
	const uint64_t base = instance_loop_ops(&l);

	while (instance_loop_continue(&l)) {
		int rc = sem_take_post(st->sem, &next);
		uint64_t all;

		if (rc < 0)
			return instance_error(in, "sem_wait/sem_post", rc);
		own += !rc;
		all = own;
		for (unsigned i = 1; i < procs; i++)
			all += __atomic_load_n(&st->count[i].ops, __ATOMIC_RELAXED);
		if (base + all > instance_loop_ops(&l))
			instance_loop_add(&l, base + all - instance_loop_ops(&l));
	}
	return SK_OK;
}

/* --sem-shared: one semaphore in a mapping every instance inherits. */
static int sem_prepare(struct stressor_ctx *ctx)
{
	const struct sem_opts *o = ctx->opts;
	sem_t *sem;

	if (!o->shared)
		return SK_OK;
	sem = mmap(NULL, sizeof(*sem), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sem == MAP_FAILED)
		return sk_status_from_errno(errno);
	if (sem_init(sem, 1, 1) < 0) {
		int err = errno;

		munmap(sem, sizeof(*sem));
		return sk_status_from_errno(err);
	}
	ctx->priv = sem;
	return SK_OK;
}

static int sem_run(struct instance *in)
{
	const struct sem_opts *o = in->opts;
	const unsigned procs = (unsigned)o->procs;
	static struct sem_state st;
	static struct sem_thread args[SEM_PROCS_MAX];
	pthread_t tid[SEM_PROCS_MAX];
	sem_t local;
	unsigned started = 1;
	int status = SK_OK;

	memset(&st, 0, sizeof(st));
	st.in = in;
	st.sem = in->ctx->priv;
	if (!st.sem) {
		if (sem_init(&local, 0, 1) < 0)
			return instance_syscall_failed(in, "sem_init");
		st.sem = &local;
	}
	for (; started < procs; started++) {
		int err;

		args[started] = (struct sem_thread){ .st = &st, .index = started };
		err = pthread_create(&tid[started], NULL, sem_thread, &args[started]);
		if (err) {
			status = instance_error(in, "pthread_create", -err);
			break;
		}
	}
	if (status == SK_OK) {
		instance_ready(in);
		status = sem_loop(in, &st, procs);
	}
	__atomic_store_n(&st.done, 1, __ATOMIC_RELAXED);
	for (unsigned i = 1; i < started; i++) {
		pthread_join(tid[i], NULL);
		if (st.count[i].err && status == SK_OK)
			status = instance_error(in, "sem_wait/sem_post", -st.count[i].err);
	}
	if (st.sem == &local)
		sem_destroy(&local);
	return status;
}

static void sem_cleanup(struct stressor_ctx *ctx)
{
	if (ctx->priv) {
		sem_destroy(ctx->priv);
		munmap(ctx->priv, sizeof(sem_t));
		ctx->priv = NULL;
	}
}

static const struct stressor sem_stressor = {
	.name      = "sem",
	.summary   = "threads take and post a POSIX semaphore in turn",
	.help      = "stress-ng's sem: --sem-procs threads of each instance (the\n"
		     "instance's own thread the first) take a POSIX semaphore by\n"
		     "sem_trywait, a 10 us sem_timedwait or sem_wait, post it and\n"
		     "sched_yield(). One bogo-op is one take and post, by any thread.\n"
		     "--sem-shared: one semaphore for every instance. stress-ng 0.15.06\n"
		     "sleeps (usleep(0)) instead of yielding after half of its posts\n"
		     "and has no sem_wait turn; this is its current source's op.",
	.classes   = CLASS_OS | CLASS_SCHEDULER | CLASS_IPC,
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START | STRESSOR_HELPERS(1),
	.opts      = sem_opts,
	.opts_size = sizeof(struct sem_opts),
	.syscalls  = SK_SYSCALLS("futex", "sched_yield", "clock_gettime", "clone",
				 "clone3", "rseq", "set_robust_list", "mmap", "munmap",
				 "mprotect", "madvise", "rt_sigprocmask", "rt_sigaction"),
	.prepare   = sem_prepare,
	.run       = sem_run,
	.cleanup   = sem_cleanup,
	.version   = "1",
};
STRESSOR_REGISTER(sem_stressor);
