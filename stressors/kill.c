/*
 * kill.c - kill(2), as stress-ng's kill stressor: each instance sends
 * itself SIGUSR1 (ignored), probes itself, every process (-1) and a
 * helper with signal 0, tries four invalid signal numbers and pids,
 * stops, continues and signals the helper, and probes an unused pid.
 * One bogo-op is that round of thirteen kill() calls.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* stress-ng eases in: sleeps of 5 ms down to 1 ms, 0.5 ms less each op */
#define KILL_RAMP_START_US	5000
#define KILL_RAMP_STEP_US	500
#define KILL_RAMP_END_US	1000
/* unused pids are guessed above the first 1023, below PID_MAX_LIMIT */
#define KILL_PID_FLOOR		1023
#define KILL_PID_LIMIT		(4 * 1024 * 1024)

static void kill_helper_on_usr1(int sig)
{
	(void)sig;
}

/* The helper: wakes for each signal and checks its instance is alive. */
static int kill_helper(void *arg, const volatile sig_atomic_t *stop)
{
	const pid_t instance = *(const pid_t *)arg;
	struct sigaction sa = { .sa_handler = kill_helper_on_usr1 };

	sigaction(SIGUSR1, &sa, NULL);
	while (!*stop) {
		if (kill(instance, 0) < 0)
			break;
		pause();
	}
	return 0;
}

/* xorshift32, for the unused-pid guess */
static uint32_t kill_rand(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* A pid that kill(pid, 0) says is unused, as stress-ng guesses one. */
static pid_t kill_unused_pid(uint32_t *seed)
{
	pid_t pid = KILL_PID_FLOOR;

	for (int i = 0; i < 10; i++) {
		pid = (pid_t)(kill_rand(seed) % (KILL_PID_LIMIT - KILL_PID_FLOOR)) + KILL_PID_FLOOR;
		if (kill(pid, 0) < 0 && errno == ESRCH)
			break;
	}
	return pid;
}

/* The three calls that must work; a failure is reported under --verify. */
static int kill_checked(struct instance *in, pid_t pid, int sig, bool verify)
{
	if (kill(pid, sig) == 0 || !verify)
		return SK_OK;
	instance_fail(in, "verify: kill(%d, %d) failed: %s", (int)pid, sig, strerror(errno));
	return SK_FAILED;
}

static int kill_loop(struct instance *in, pid_t helper)
{
	const bool verify = in->ctx->verify;
	const pid_t self = getpid();
	uint32_t seed = 0x2545f491u ^ (uint32_t)self;
	unsigned ramp = KILL_RAMP_START_US;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		if (ramp >= KILL_RAMP_END_US) {
			struct timespec ts = { 0, (long)ramp * 1000 };

			nanosleep(&ts, NULL);
			ramp -= KILL_RAMP_STEP_US;
		}
		if (kill_checked(in, self, SIGUSR1, verify) ||
		    kill_checked(in, self, 0, verify) ||
		    kill_checked(in, -1, 0, verify))
			return SK_FAILED;
		/* invalid signals and pid: EINVAL or ESRCH */
		(void)kill(self, -1);
		(void)kill(self, INT_MIN);
		(void)kill(0, INT_MIN);
		(void)kill(INT_MIN, 0);
		(void)kill(helper, 0);
		(void)kill(helper, SIGSTOP);
		(void)kill(helper, SIGCONT);
		(void)kill(helper, SIGUSR1);
		(void)kill(kill_unused_pid(&seed), 0);
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static int kill_run(struct instance *in)
{
	pid_t self = getpid(), helper;
	int status, wstatus;

	if (signal(SIGUSR1, SIG_IGN) == SIG_ERR)
		return instance_syscall_failed(in, "signal");
	helper = sk_fork_helper("kill", kill_helper, &self);
	if (helper < 0)
		return instance_error(in, "fork", (int)helper);
	instance_ready(in);
	status = kill_loop(in, helper);
	/* a helper left stopped would not see its SIGTERM */
	(void)kill(helper, SIGCONT);
	sk_reap_helper(helper, true, SK_HELPER_GRACE, &wstatus);
	return status;
}

static const struct stressor kill_stressor = {
	.name      = "kill",
	.summary   = "kill() self, every process and a helper with several signals",
	.help      = "stress-ng's kill: one bogo-op is thirteen kill() calls: SIGUSR1\n"
		     "(ignored) and signal 0 to itself, signal 0 to pid -1, four\n"
		     "invalid signals or pids, signal 0, SIGSTOP, SIGCONT and SIGUSR1\n"
		     "to a helper process, and signal 0 to a guessed unused pid and\n"
		     "again to it (more when a guess is in use). The first ops sleep 5 ms down to\n"
		     "1 ms, as stress-ng's do. --verify reports a failed call to self\n"
		     "or to -1.",
	.classes   = CLASS_INTERRUPT | CLASS_SCHEDULER | CLASS_OS,
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START | STRESSOR_HELPERS(1),
	.syscalls  = SK_SYSCALLS("kill", "nanosleep", "clock_nanosleep", "rt_sigaction",
				 "pause", "ppoll", SK_HELPER_SYSCALLS),
	.run       = kill_run,
	.version   = "1",
};
STRESSOR_REGISTER(kill_stressor);
