/*
 * msg.c - System V message queues, as stress-ng's msg stressor: each
 * instance msgsnd()s a counter (--msg-bytes long) into a private queue
 * that a forked receiver drains with msgrcv(). One bogo-op is one
 * msgsnd(). As stress-ng does, every 64th send is tried IPC_NOWAIT first,
 * every 512th receive too, and every 256 sends the queue's state is read
 * with msgctl (IPC_STAT, IPC_SET, MSG_STAT_ANY, IPC_INFO, MSG_INFO and
 * four invalid calls); /proc/sysvipc/msg is read every 65536 sends.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MSG_BYTES_MIN	4		/* the counter */
#define MSG_BYTES_MAX	8192
#define MSG_TYPES_MAX	100
#define MSG_STATS_EVERY	0xff		/* sends between msgctl reads, minus one */
#define MSG_PROC_EVERY	0xffff		/* sends between /proc/sysvipc/msg reads */
#define MSG_SEND_NOWAIT	0x3f
#define MSG_RECV_NOWAIT	0x1ff
#define MSG_RECV_COPY	0xfff

struct msg_opts {
	uint64_t types;
	uint64_t bytes;
};

static const struct stressor_opt msg_opts[] = {
	{ .name = "msg-types", .type = OPT_COUNT,
	  .offset = offsetof(struct msg_opts, types), .max = MSG_TYPES_MAX,
	  .help = "message types to send at random, 1..N (0: one type, FIFO order checked by --verify)" },
	{ .name = "msg-bytes", .type = OPT_SIZE,
	  .offset = offsetof(struct msg_opts, bytes),
	  .min = MSG_BYTES_MIN, .max = MSG_BYTES_MAX, .def = MSG_BYTES_MIN,
	  .help = "bytes of each message's text" },
	OPT_TABLE_END,
};

struct msg_buf {
	long mtype;
	union {
		uint32_t value;
		char data[MSG_BYTES_MAX];
	} u;
};

/* What the receiver gets from its instance. */
struct msg_receiver_arg {
	int id;
	size_t bytes;
	long types;
	bool verify;
};

enum { MSG_RECEIVER_OK = 0, MSG_RECEIVER_CORRUPT = 100, MSG_RECEIVER_ERROR = 101 };

/* xorshift32: the message types' picks, as stress-ng's mwc picks them */
static uint32_t msg_rand(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/*
 * The receiver, a helper: takes messages until the queue is removed
 * (EIDRM, the instance's stop) or SIGTERM. Types 1..types+1 are taken
 * lowest first, stress-ng's negative msgtyp.
 */
static int msg_receiver(void *argp, const volatile sig_atomic_t *stop)
{
	const struct msg_receiver_arg *a = argp;
	const long mtype = a->types ? -(a->types + 1) : 0;
	static struct msg_buf m;
	uint32_t i;

	for (i = 0; !*stop; i++) {
		int flag = (i & MSG_RECV_NOWAIT) ? 0 : IPC_NOWAIT;
		ssize_t n;

		if (!(i & MSG_RECV_COPY))	/* a peek; its result is not wanted */
			(void)msgrcv(a->id, &m, a->bytes, mtype, MSG_COPY | IPC_NOWAIT);
		if (!(i & MSG_RECV_NOWAIT))	/* an invalid queue id, as stress-ng */
			(void)msgrcv(-1, &m, a->bytes, mtype, 0);
		for (;;) {
			n = msgrcv(a->id, &m, a->bytes, mtype, flag);
			if (n >= 0 || (errno != ENOMSG && errno != EAGAIN))
				break;
			flag = 0;
		}
		if (n < 0) {
			if (errno == EINTR || errno == E2BIG)
				continue;
			return errno == EIDRM || errno == EINVAL ? MSG_RECEIVER_OK
								 : MSG_RECEIVER_ERROR;
		}
		if ((size_t)n < sizeof(m.u.value))
			return MSG_RECEIVER_CORRUPT;
		if (a->verify && !a->types && m.u.value != i)
			return MSG_RECEIVER_CORRUPT;
	}
	return MSG_RECEIVER_OK;
}

/* stress-ng's periodic look at the queue: the valid calls must work. */
static int msg_stats(int id, uint32_t *seed)
{
	struct msqid_ds ds;
	struct msginfo info;

	if (msgctl(id, IPC_STAT, &ds) < 0)
		return -errno;
	(void)msgctl(id, IPC_SET, &ds);
	memset(&ds, 0, sizeof(ds));
	(void)msgctl((int)(msg_rand(seed) % ((uint32_t)id + 1)), MSG_STAT_ANY, &ds);
	if (msgctl(id, IPC_INFO, (struct msqid_ds *)(void *)&info) < 0 ||
	    msgctl(id, MSG_INFO, (struct msqid_ds *)(void *)&info) < 0)
		return -errno;
	(void)msgctl(id, ~0, &ds);
	(void)msgctl(id, 0xffff, &ds);
	(void)msgctl(-1, IPC_STAT, &ds);
	(void)msgctl(id | 0x7f000000, IPC_STAT, &ds);
	return 0;
}

/* Reads /proc/sysvipc/msg through; false once it cannot be opened. */
static bool msg_procinfo(void)
{
	char buf[4096];
	int fd = open("/proc/sysvipc/msg", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return false;
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
	return true;
}

static int msg_send_loop(struct instance *in, int id, const struct msg_opts *o)
{
	static struct msg_buf m;
	uint32_t seed = 0x9e3779b9u ^ (in->index + 1);
	bool procinfo = true;
	struct instance_loop l = instance_loop_begin(in);

	memset(m.u.data, '#', sizeof(m.u.data));
	m.u.value = 0;
	while (instance_loop_continue(&l)) {
		int flag = (m.u.value & MSG_SEND_NOWAIT) ? 0 : IPC_NOWAIT;

		m.mtype = o->types ? (long)(msg_rand(&seed) % o->types) + 1 : 1;
		while (msgsnd(id, &m, o->bytes, flag) < 0) {
			if (errno == EAGAIN) {
				flag = 0;
				continue;
			}
			if (errno == EINTR)
				return SK_OK;	/* the stop */
			return instance_syscall_failed(in, "msgsnd");
		}
		m.u.value++;
		instance_loop_inc(&l);
		if (!(m.u.value & MSG_STATS_EVERY)) {
			int err = msg_stats(id, &seed);

			if (err)
				return instance_error(in, "msgctl", err);
			if (procinfo && !(m.u.value & MSG_PROC_EVERY))
				procinfo = msg_procinfo();
		}
	}
	return SK_OK;
}

static int msg_run(struct instance *in)
{
	const struct msg_opts *o = in->opts;
	struct msg_receiver_arg arg = {
		.bytes = o->bytes, .types = (long)o->types, .verify = in->ctx->verify,
	};
	int status, wstatus, err;
	pid_t receiver;

	arg.id = msgget(IPC_PRIVATE, S_IRUSR | S_IWUSR | IPC_CREAT | IPC_EXCL);
	if (arg.id < 0)
		return instance_syscall_failed(in, "msgget");
	receiver = sk_fork_helper("msg", msg_receiver, &arg);
	if (receiver < 0) {
		status = instance_error(in, "fork", (int)receiver);
		goto out;
	}
	instance_ready(in);
	status = msg_send_loop(in, arg.id, o);
	/* the queue's removal is the receiver's EOF */
	if (msgctl(arg.id, IPC_RMID, NULL) < 0 && status == SK_OK)
		status = instance_syscall_failed(in, "msgctl IPC_RMID");
	arg.id = -1;
	err = sk_reap_helper(receiver, false, SK_HELPER_GRACE, &wstatus);
	if (err && err != -ETIMEDOUT) {
		status = instance_error(in, "waitpid", err);
	} else if (err) {
		instance_fail(in, "the receiver did not exit when its queue was removed: killed");
		status = SK_FAILED;
	} else if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == MSG_RECEIVER_CORRUPT) {
		instance_fail(in, "verify: the receiver got a message out of sequence or short");
		status = SK_FAILED;
	} else if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0) {
		instance_fail(in, "the receiver failed (msgrcv) or died");
		status = SK_FAILED;
	}
out:
	if (arg.id >= 0)
		(void)msgctl(arg.id, IPC_RMID, NULL);
	return status;
}

static const struct stressor msg_stressor = {
	.name      = "msg",
	.summary   = "send a counter through a System V message queue to a receiver",
	.help      = "stress-ng's msg: one bogo-op is one msgsnd() of --msg-bytes to a\n"
		     "private queue that a forked receiver drains with msgrcv(). The\n"
		     "periodic msgctl() reads, IPC_NOWAIT tries and /proc/sysvipc/msg\n"
		     "reads are stress-ng's. stress-ng also makes up to 1024 idle\n"
		     "queues before the run; stresskit does not. --verify checks the\n"
		     "order of the counters (with --msg-types 0).",
	.classes   = CLASS_SCHEDULER | CLASS_OS | CLASS_IPC,
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START | STRESSOR_HELPERS(1),
	.opts      = msg_opts,
	.opts_size = sizeof(struct msg_opts),
	.syscalls  = SK_SYSCALLS("msgget", "msgsnd", "msgrcv", "msgctl", "openat",
				 "read", "close", SK_HELPER_SYSCALLS),
	.run       = msg_run,
	.version   = "1",
};
STRESSOR_REGISTER(msg_stressor);
