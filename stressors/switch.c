/*
 * switch.c - context switches between two processes, as stress-ng's
 * switch stressor, by one of its three methods: pipe (a 1-byte write into
 * a one-slot packet pipe that a helper reads), mq (a helper mq_send()s
 * into a one-message POSIX queue that the instance mq_receive()s) or
 * sem-sysv (the instance and a helper post and wait on one System V
 * semaphore). One bogo-op is one write, one receive or one post-and-wait.
 * --switch-freq paces the ops with sleeps, as stress-ng does.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SWITCH_FREQ_MAX		1000000000ull
#define SWITCH_NS		1000000000ull
/* --switch-freq: the pacing is corrected at this rate, as stress-ng's */
#define SWITCH_THRESH_FREQ	100
/* a sleep shorter than this costs more than it waits: skipped */
#define SWITCH_SLEEP_MIN_NS	1000

enum switch_method { SWITCH_MQ, SWITCH_PIPE, SWITCH_SEM_SYSV };

static const char *const switch_methods[] = { "mq", "pipe", "sem-sysv", NULL };

struct switch_opts {
	uint64_t freq;
	unsigned method;
};

static const struct stressor_opt switch_opts[] = {
	{ .name = "switch-freq", .type = OPT_COUNT,
	  .offset = offsetof(struct switch_opts, freq), .max = SWITCH_FREQ_MAX,
	  .help = "context switches a second to aim at (0: as many as possible)" },
	{ .name = "switch-method", .type = OPT_CHOICE,
	  .offset = offsetof(struct switch_opts, method),
	  .choices = switch_methods, .def = SWITCH_PIPE,
	  .help = "how the two processes hand over: mq, pipe or sem-sysv" },
	OPT_TABLE_END,
};

/* What the helper gets from its instance. */
struct switch_arg {
	unsigned method;
	int fds[2];
	mqd_t mq;
	int sem;
};

/* --switch-freq's pacing: stress-ng's delay, corrected now and then. */
struct switch_pace {
	uint64_t delay_ns, period_ns, threshold, since;
	double start;
};

static void switch_pace_init(struct switch_pace *p, uint64_t freq)
{
	p->period_ns = freq ? SWITCH_NS / freq : 0;
	p->delay_ns = p->period_ns;
	p->threshold = freq / SWITCH_THRESH_FREQ ? freq / SWITCH_THRESH_FREQ : 1;
	p->since = 0;
	p->start = sk_now();
}

static void switch_pace(struct switch_pace *p, uint64_t ops)
{
	if (p->delay_ns > SWITCH_SLEEP_MIN_NS) {
		struct timespec ts = { (time_t)(p->delay_ns / SWITCH_NS),
				       (long)(p->delay_ns % SWITCH_NS) };

		nanosleep(&ts, NULL);
	}
	if (++p->since < p->threshold)
		return;
	p->since = 0;
	/* how far behind the schedule of one op a period: sleep that less */
	double due = p->start + (double)ops * (double)p->period_ns / SWITCH_NS;
	double late_ns = (sk_now() - due) * SWITCH_NS;
	double left = (double)p->period_ns - late_ns;

	p->delay_ns = left < 0 ? 0 : left > (double)p->period_ns ? p->period_ns : (uint64_t)left;
}

/* The helper: the other side of the method, until EOF, EIDRM or SIGTERM. */
static int switch_helper(void *argp, const volatile sig_atomic_t *stop)
{
	const struct switch_arg *a = argp;
	uint64_t value = 0;
	char c;

	switch (a->method) {
	case SWITCH_PIPE:
		close(a->fds[1]);
		while (!*stop) {
			ssize_t n = read(a->fds[0], &c, 1);

			if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
				break;
		}
		break;
	case SWITCH_MQ:
		while (!*stop) {
			value++;
			if (mq_send(a->mq, (const char *)&value, sizeof(value), 0) < 0)
				break;
		}
		break;
	case SWITCH_SEM_SYSV:
		while (!*stop) {
			struct sembuf down = { 0, -1, SEM_UNDO }, up = { 0, 1, SEM_UNDO };

			if (semop(a->sem, &down, 1) < 0 || semop(a->sem, &up, 1) < 0)
				break;
		}
		break;
	}
	return 0;
}

/* One op of the instance's side; 0, 1 when the helper is gone, or -errno. */
static int switch_op(const struct switch_arg *a, uint64_t *expect, bool verify)
{
	static const char c = '_';
	struct sembuf up = { 0, 1, SEM_UNDO }, down = { 0, -1, SEM_UNDO };
	uint64_t value;
	unsigned prio;

	switch (a->method) {
	case SWITCH_PIPE:
		if (write(a->fds[1], &c, 1) < 0)
			return errno == EPIPE ? 1 : errno == EINTR ? 0 : -errno;
		return 0;
	case SWITCH_MQ:
		if (mq_receive(a->mq, (char *)&value, sizeof(value), &prio) < 0)
			return errno == EINTR ? 0 : -errno;
		if (verify && value != ++*expect)
			return -EBADMSG;
		return 0;
	default:
		if (semop(a->sem, &up, 1) < 0 || semop(a->sem, &down, 1) < 0)
			return errno == EINTR ? 0 : -errno;
		return 0;
	}
}

static int switch_loop(struct instance *in, const struct switch_arg *a)
{
	const struct switch_opts *o = in->opts;
	const bool verify = in->ctx->verify;
	static const char *const metric[] = {
		[SWITCH_MQ] = "nanosecs per context switch (mq method)",
		[SWITCH_PIPE] = "nanosecs per context switch (pipe method)",
		[SWITCH_SEM_SYSV] = "nanosecs per context switch (sem-sysv method)",
	};
	struct switch_pace pace;
	uint64_t expect = 0;
	int err = 0;
	struct instance_loop l = instance_loop_begin(in);

	switch_pace_init(&pace, o->freq);
	while (instance_loop_continue(&l)) {
		err = switch_op(a, &expect, verify);
		if (err)
			break;
		instance_loop_inc(&l);
		if (o->freq)
			switch_pace(&pace, instance_loop_ops(&l));
	}
	if (err == -EBADMSG) {
		instance_fail(in, "verify: mq_receive got message %llu out of order",
			      (unsigned long long)expect);
		return SK_FAILED;
	}
	if (err == 1) {
		instance_fail(in, "the helper is gone");
		return SK_FAILED;
	}
	if (err)
		return instance_error(in, switch_methods[a->method], err);
	if (instance_loop_ops(&l))
		/* sem-sysv's op is two switches, as stress-ng counts them */
		instance_metric(in, metric[a->method], (sk_now() - pace.start) * SWITCH_NS /
				(double)instance_loop_ops(&l) /
				(a->method == SWITCH_SEM_SYSV ? 2 : 1), MEAN_HARMONIC, false);
	return SK_OK;
}

/* The method's channel; 0 or an sk_status with the cause reported. */
static int switch_open(struct instance *in, struct switch_arg *a, char *mq_name, size_t len)
{
	struct mq_attr attr = { .mq_maxmsg = 1, .mq_msgsize = sizeof(uint64_t) };

	switch (a->method) {
	case SWITCH_PIPE:
		/* packet mode and one slot: each write waits for the read */
		if (pipe2(a->fds, O_DIRECT | O_CLOEXEC) < 0 && pipe2(a->fds, O_CLOEXEC) < 0)
			return instance_syscall_failed(in, "pipe2");
		(void)fcntl(a->fds[0], F_SETPIPE_SZ, 1);
		(void)fcntl(a->fds[1], F_SETPIPE_SZ, 1);
		return SK_OK;
	case SWITCH_MQ:
		snprintf(mq_name, len, "/stresskit-switch-%d-%u", (int)getpid(), in->index);
		a->mq = mq_open(mq_name, O_CREAT | O_RDWR | O_CLOEXEC, S_IRUSR | S_IWUSR, &attr);
		if (a->mq == (mqd_t)-1)
			return instance_syscall_failed(in, "mq_open");
		return SK_OK;
	default:
		a->sem = semget(IPC_PRIVATE, 1, IPC_CREAT | S_IRUSR | S_IWUSR);
		if (a->sem < 0)
			return instance_syscall_failed(in, "semget");
		return SK_OK;
	}
}

static void switch_close(struct switch_arg *a, const char *mq_name)
{
	if (a->fds[0] >= 0)
		close(a->fds[0]);
	if (a->fds[1] >= 0)
		close(a->fds[1]);
	a->fds[0] = a->fds[1] = -1;
	if (a->mq != (mqd_t)-1) {
		mq_close(a->mq);
		mq_unlink(mq_name);
		a->mq = (mqd_t)-1;
	}
	if (a->sem >= 0)
		(void)semctl(a->sem, 0, IPC_RMID);
	a->sem = -1;
}

static int switch_run(struct instance *in)
{
	const struct switch_opts *o = in->opts;
	struct switch_arg a = { .method = o->method, .fds = { -1, -1 },
				.mq = (mqd_t)-1, .sem = -1 };
	char mq_name[64] = "";
	int status, wstatus;
	pid_t helper;

	status = switch_open(in, &a, mq_name, sizeof(mq_name));
	if (status)
		return status;
	helper = sk_fork_helper("switch", switch_helper, &a);
	if (helper < 0) {
		status = instance_error(in, "fork", (int)helper);
		goto out;
	}
	if (a.method == SWITCH_PIPE) {
		close(a.fds[0]);
		a.fds[0] = -1;
	}
	instance_ready(in);
	status = switch_loop(in, &a);
	/* the pipe's EOF, the semaphore's EIDRM or SIGTERM ends the helper */
	switch_close(&a, mq_name);
	sk_reap_helper(helper, true, SK_HELPER_GRACE, &wstatus);
out:
	switch_close(&a, mq_name);
	return status;
}

static const struct stressor switch_stressor = {
	.name      = "switch",
	.summary   = "context switch between two processes by pipe, mq or semaphore",
	.help      = "stress-ng's switch: the instance and a helper hand over by\n"
		     "--switch-method (pipe, the default: a 1-byte write into a\n"
		     "one-slot packet pipe; mq: a receive from a one-message POSIX\n"
		     "queue; sem-sysv: a post and a wait on a System V semaphore).\n"
		     "One bogo-op is one write, receive or post-and-wait. --verify\n"
		     "checks mq's messages arrive in order. Metric: nanosecs per\n"
		     "context switch (METHOD method).",
	.classes   = CLASS_SCHEDULER | CLASS_OS,
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START | STRESSOR_HELPERS(1),
	.opts      = switch_opts,
	.opts_size = sizeof(struct switch_opts),
	.syscalls  = SK_SYSCALLS("pipe2", "fcntl", "read", "write", "close",
				 "mq_open", "mq_timedsend", "mq_timedreceive", "mq_unlink",
				 "semget", "semop", "semtimedop", "semctl",
				 "nanosleep", "clock_nanosleep", SK_HELPER_SYSCALLS),
	.run       = switch_run,
	.version   = "1",
};
STRESSOR_REGISTER(switch_stressor);
