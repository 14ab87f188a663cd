/*
 * pipeherd.c - a herd of processes on one pipe, as stress-ng's pipeherd
 * stressor: an 8-byte counter (and a check word) sits in a pipe that the
 * instance and --pipeherd-procs helpers all read and write; whoever reads
 * it adds one and writes it back. One bogo-op is one such pass, by any
 * of them: the counter is the count, which the instance takes over each
 * time the token reaches it.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define PIPEHERD_PROCS_MIN	8
#define PIPEHERD_PROCS_MAX	1024
#define PIPEHERD_PROCS_DEF	100

struct pipeherd_opts {
	uint64_t procs;
	bool yield;
};

static const struct stressor_opt pipeherd_opts[] = {
	{ .name = "pipeherd-procs", .type = OPT_COUNT,
	  .offset = offsetof(struct pipeherd_opts, procs),
	  .min = PIPEHERD_PROCS_MIN, .max = PIPEHERD_PROCS_MAX, .def = PIPEHERD_PROCS_DEF,
	  .help = "helper processes sharing the instance's pipe" },
	{ .name = "pipeherd-yield", .type = OPT_BOOL,
	  .offset = offsetof(struct pipeherd_opts, yield),
	  .help = "sched_yield() after each pass" },
	OPT_TABLE_END,
};

/* The token: stress-ng's layout, a counter and a check word. */
struct pipeherd_token {
	uint64_t counter;
	uint32_t check;
};

struct pipeherd_arg {
	int fds[2];
	bool yield;
};

/*
 * A pass is a take and a give: the instance looks at the token between
 * the two. Each returns 1 when done, 0 when interrupted (a token read
 * and not given is then lost: only at the stop), or -errno.
 */
static int pipeherd_take(const struct pipeherd_arg *a, struct pipeherd_token *t)
{
	ssize_t n = read(a->fds[0], t, sizeof(*t));

	if (n <= 0)
		return n == 0 || errno == EINTR ? 0 : -errno;
	return 1;
}

/* Counts the pass in the token and writes it back; a write with room
 * does not wait, so it is never interrupted. */
static int pipeherd_give(const struct pipeherd_arg *a, struct pipeherd_token *t)
{
	ssize_t n;

	t->counter++;
	n = write(a->fds[1], t, sizeof(*t));
	if (n <= 0)
		return n == 0 || errno == EINTR ? 0 : -errno;
	if (a->yield)
		sched_yield();
	return 1;
}

/* A helper of the herd: passes the token on until the run's stop or
 * SIGTERM (STRESSOR_HERD). */
static int pipeherd_helper(void *argp, const volatile sig_atomic_t *stop)
{
	const struct pipeherd_arg *a = argp;
	struct pipeherd_token t;

	while (!*stop) {
		int got = pipeherd_take(a, &t);

		if (got > 0)
			got = pipeherd_give(a, &t);
		if (got < 0)
			return 1;
	}
	return 0;
}

/*
 * The instance's passes. It counts the token's counter each time it reads
 * it, and at the end (the stop, --pipeherd-ops) keeps the token, as
 * stress-ng's instance takes it out with a last read: the herd then waits
 * in read() for a token that never comes, so no pass it makes goes
 * uncounted while it is told to stop. At the run's stop the herd stops
 * too (STRESSOR_HERD): a hundred helpers passing the token on one CPU
 * kept a stopping instance from it for seconds (stress-ng's too).
 */
static int pipeherd_loop(struct instance *in, const struct pipeherd_arg *a,
			 uint32_t check)
{
	struct pipeherd_token t;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		int got = pipeherd_take(a, &t);

		if (got < 0)
			return instance_error(in, "pipe read", got);
		if (!got)
			continue;
		if (t.check != check) {
			instance_fail(in, "verify: the token's check word is %#x, "
				      "expected %#x", t.check, check);
			return SK_FAILED;
		}
		/* the passes since the token was here last, its own included */
		if (t.counter > instance_loop_ops(&l))
			instance_loop_add(&l, t.counter - instance_loop_ops(&l));
		if (!instance_loop_continue(&l))
			break;
		if ((got = pipeherd_give(a, &t)) < 0)
			return instance_error(in, "pipe write", got);
	}
	return SK_OK;
}

/* Context switches of the instance and its reaped helpers per pass. */
static void pipeherd_switches(struct instance *in, uint64_t ops)
{
	struct rusage self, kids;

	if (!ops || getrusage(RUSAGE_SELF, &self) || getrusage(RUSAGE_CHILDREN, &kids))
		return;
	instance_metric(in, "context switches per bogo op",
			(double)(self.ru_nvcsw + self.ru_nivcsw + kids.ru_nvcsw +
				 kids.ru_nivcsw) / (double)ops, MEAN_HARMONIC, false);
}

static int pipeherd_run(struct instance *in)
{
	const struct pipeherd_opts *o = in->opts;
	struct pipeherd_arg a = { .fds = { -1, -1 }, .yield = o->yield };
	const uint32_t check = 0x5eed0000u ^ (uint32_t)getpid();
	struct pipeherd_token t = { .check = check };	/* its counter: at the start */
	pid_t *pids;
	uint64_t n = 0;
	int status = SK_OK, wstatus;

	pids = calloc(o->procs, sizeof(*pids));
	if (!pids)
		return instance_error(in, "calloc", -ENOMEM);
	if (pipe2(a.fds, O_CLOEXEC) < 0) {
		status = instance_syscall_failed(in, "pipe2");
		goto out;
	}
	/* packet mode, as stress-ng asks: a read takes one write's bytes */
	(void)fcntl(a.fds[1], F_SETFL, fcntl(a.fds[1], F_GETFL) | O_DIRECT);
	/* the herd waits in read() for the token, which comes at the start:
	 * no pass before it is counted */
	for (n = 0; n < o->procs; n++) {
		pids[n] = sk_fork_helper("pipeherd", pipeherd_helper, &a);
		if (pids[n] < 0) {
			status = instance_error(in, "fork", (int)pids[n]);
			goto reap;
		}
	}
	instance_ready(in);
	t.counter = in->counter->ops;
	if (write(a.fds[1], &t, sizeof(t)) != (ssize_t)sizeof(t)) {
		status = instance_syscall_failed(in, "write");
		goto reap;
	}
	status = pipeherd_loop(in, &a, check);
reap:
	for (uint64_t i = 0; i < n; i++)
		(void)kill(pids[i], SIGTERM);
	for (uint64_t i = 0; i < n; i++) {
		if (sk_reap_helper(pids[i], true, SK_HELPER_GRACE, &wstatus) == 0 &&
		    status == SK_OK && (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus))) {
			instance_fail(in, "a herd process failed a pipe read or write");
			status = SK_FAILED;
		}
	}
	if (status == SK_OK)
		pipeherd_switches(in, in->counter->ops);
out:
	if (a.fds[0] >= 0)
		close(a.fds[0]);
	if (a.fds[1] >= 0)
		close(a.fds[1]);
	free(pids);
	return status;
}

static const struct stressor pipeherd_stressor = {
	.name      = "pipeherd",
	.summary   = "a herd of processes passing a counter through one pipe",
	.help      = "stress-ng's pipeherd: the instance and --pipeherd-procs helpers\n"
		     "share one pipe holding a counter; each reads it, adds one and\n"
		     "writes it back. One bogo-op is one such pass by any of them.\n"
		     "The counter's check word is always verified. Metric: context\n"
		     "switches per bogo op (the instance and its helpers). stress-ng\n"
		     "0.15.06 passes the counter alone (8 bytes), its current source\n"
		     "and stresskit the counter and a check word (16). --pipeherd-ops N\n"
		     "stops when the token reaches the instance at or past N: the herd's\n"
		     "passes meanwhile are all counted, so the count may pass N (stress-ng's\n"
		     "run does not stop at N).",
	.classes   = CLASS_PIPE_IO | CLASS_MEMORY | CLASS_OS | CLASS_IPC,
	/* --pipeherd-procs helpers, 100 by default: more than STRESSOR_HELPERS
	 * can say, so a run short of them says so after the run */
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START | STRESSOR_HERD |
		     STRESSOR_HELPERS(STRESSOR_HELPERS_MAX),
	.opts      = pipeherd_opts,
	.opts_size = sizeof(struct pipeherd_opts),
	.syscalls  = SK_SYSCALLS("pipe2", "fcntl", "read", "write", "sched_yield",
				 "getrusage", SK_HELPER_SYSCALLS),
	.run       = pipeherd_run,
	.version   = "2",
};
STRESSOR_REGISTER(pipeherd_stressor);
