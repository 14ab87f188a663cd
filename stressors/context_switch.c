/*
 * context_switch.c - will-it-scale's context_switch1: each instance and a
 * partner of its own pass one byte back and forth through two pipes, so
 * every transfer puts one task to sleep and wakes the other. One bogo-op
 * is one such switch: a byte written to the partner, or its echo read back
 * (will-it-scale counts two per round trip, the same). With --latency a
 * sampled round trip, the write to the echo's read, is timed: what perf
 * bench sched pipe reports per op.
 * The partner is what will-it-scale's new_task() makes in each mode: a
 * forked process for a process instance (a switch changes address space),
 * a thread for a thread instance (the same mm).
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The two pipes: to[1] instance -> partner -> back[1] -> instance. */
struct context_switch_pipes {
	int to[2];
	int back[2];
};

/* One byte through fd, retrying EINTR; returns 0, -EPIPE at EOF or -errno. */
static int context_switch_byte(int fd, char *c, bool out)
{
	for (;;) {
		ssize_t n = out ? write(fd, c, 1) : read(fd, c, 1);

		if (n == 1)
			return 0;
		if (n == 0)
			return -EPIPE;
		if (errno != EINTR)
			return -errno;
	}
}

/* The partner: echoes every byte until the instance closes its end. */
static void *context_switch_partner(void *arg)
{
	const struct context_switch_pipes *p = arg;
	char c;

	while (context_switch_byte(p->to[0], &c, false) == 0)
		if (context_switch_byte(p->back[1], &c, true))
			break;
	return NULL;
}

/* The process partner, under sk_fork_helper(): it keeps only its own ends. */
static int context_switch_helper(void *arg, const volatile sig_atomic_t *stop)
{
	struct context_switch_pipes *p = arg;

	(void)stop;	/* it ends at EOF */
	close(p->to[1]);
	close(p->back[0]);
	context_switch_partner(p);
	return 0;
}

static int context_switch_loop(struct instance *in, const struct context_switch_pipes *p)
{
	const bool verify = in->ctx->verify;
	unsigned char seq = 0;
	int err;
	struct instance_loop l = instance_loop_begin(in);

	instance_latency_name(in, 0, "round-trip");
	while (instance_loop_continue(&l)) {
		char c = (char)seq, echo = 0;
		uint64_t t0 = instance_latency_begin(in);

		err = context_switch_byte(p->to[1], &c, true);
		if (err)
			goto failed;
		instance_loop_inc(&l);
		/* the echo counts only while ops are left; unread, it is dropped */
		if (!instance_loop_continue(&l))
			break;
		err = context_switch_byte(p->back[0], &echo, false);
		if (err)
			goto failed;
		instance_latency_end(in, t0);
		if (verify && echo != c) {
			instance_fail(in, "verify: sent byte %u, the partner echoed %u",
				      (unsigned)(unsigned char)c, (unsigned)(unsigned char)echo);
			return SK_FAILED;
		}
		instance_loop_inc(&l);
		seq++;
	}
	return SK_OK;
failed:
	if (err == -EPIPE) {
		instance_fail(in, "the partner is gone");
		return SK_FAILED;
	}
	return instance_error(in, "pipe read/write", err);
}

/*
 * A thread instance runs on a thread that is not its process's main one
 * (the worker's main thread relays signals); a process instance runs on
 * its process's main thread. That says which partner will-it-scale uses.
 */
static bool context_switch_in_thread(void)
{
	return (pid_t)syscall(SYS_gettid) != getpid();
}

static int context_switch1_run(struct instance *in)
{
	struct context_switch_pipes p = { { -1, -1 }, { -1, -1 } };
	const bool thread = context_switch_in_thread();
	pthread_t partner_thread;
	pid_t partner = -1;
	int status, err;

	if (pipe2(p.to, O_CLOEXEC) < 0 || pipe2(p.back, O_CLOEXEC) < 0) {
		status = instance_syscall_failed(in, "pipe2");
		goto out;
	}
	if (thread) {
		err = pthread_create(&partner_thread, NULL, context_switch_partner, &p);
		if (err) {
			status = instance_error(in, "pthread_create", -err);
			goto out;
		}
	} else {
		partner = sk_fork_helper("cswitch", context_switch_helper, &p);
		if (partner < 0) {
			status = instance_error(in, "fork", (int)partner);
			goto out;
		}
	}
	/* the partner waits on its pipe: the run starts at the barrier */
	instance_ready(in);
	status = context_switch_loop(in, &p);
	/* EOF on its pipe ends the partner */
	close(p.to[1]);
	p.to[1] = -1;
	if (thread) {
		pthread_join(partner_thread, NULL);
	} else {
		int wstatus;

		sk_reap_helper(partner, false, SK_HELPER_GRACE, &wstatus);
	}
out:
	for (int i = 0; i < 2; i++) {
		if (p.to[i] >= 0)
			close(p.to[i]);
		if (p.back[i] >= 0)
			close(p.back[i]);
	}
	return status;
}

static const struct stressor context_switch1_stressor = {
	.name      = "context_switch1",
	.summary   = "ping-pong a byte with a partner task through two pipes",
	.help      = "will-it-scale context_switch1: each instance writes a byte to a\n"
		     "partner of its own and reads its echo, through two pipes; one\n"
		     "bogo-op is one switch (a byte one way). The partner is a forked\n"
		     "process for process instances and a thread for thread instances\n"
		     "(--instance-mode thread). With --verify each echo is checked;\n"
		     "with --latency a round trip is timed (perf bench sched pipe's op).",
	.classes   = CLASS_SCHEDULER | CLASS_OS,
	/* the partner, a process or a thread: a task either way, which
	 * RLIMIT_NPROC counts */
	.flags     = STRESSOR_OWN_START | STRESSOR_HELPERS(1),
	/* a partner thread: clone3 (or clone), set_robust_list and rseq */
	.syscalls  = SK_SYSCALLS("pipe2", "read", "write", SK_HELPER_SYSCALLS,
				 "clone3", "rseq"),
	.run       = context_switch1_run,
	.version   = "1",
};

STRESSOR_REGISTER(context_switch1_stressor);
