/*
 * timer.c - POSIX interval timers, as stress-ng's timer stressor: each
 * instance arms a CLOCK_REALTIME timer at --timer-freq (1 MHz) that
 * signals it with SIGRTMIN; the handler counts the signal and reads the
 * overrun with timer_getoverrun(), while the instance sleeps in 10 ms
 * nanosleep()s that each signal cuts short. One bogo-op is one signal
 * handled. Every 65536 ops /proc/self/timers is read, and before every
 * 1025th sleep two invalid nanosleep()s are tried (a negative tv_sec, a
 * tv_nsec of 1e9: both EINVAL), as stress-ng's.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TIMER_FREQ_MIN		1
#define TIMER_FREQ_MAX		100000000
#define TIMER_FREQ_DEF		1000000
#define TIMER_NS		1000000000.0
#define TIMER_SLEEP_NS		10000000L
#define TIMER_PROBE_EVERY	1024	/* sleeps before each nanosleep probe */
#define TIMER_PROC_EVERY	0xffff	/* ops between /proc/self/timers reads */

struct timer_opts {
	uint64_t freq;
	bool rand;
};

static const struct stressor_opt timer_opts[] = {
	{ .name = "timer-freq", .type = OPT_COUNT,
	  .offset = offsetof(struct timer_opts, freq),
	  .min = TIMER_FREQ_MIN, .max = TIMER_FREQ_MAX, .def = TIMER_FREQ_DEF,
	  .help = "timer events a second" },
	{ .name = "timer-rand", .type = OPT_BOOL,
	  .offset = offsetof(struct timer_opts, rand),
	  .help = "vary the period by +/- 12.5% every 1025 sleeps" },
	OPT_TABLE_END,
};

/*
 * The handler's state: one instance a process (STRESSOR_NO_THREADS). The
 * handler counts through the loop itself: at 1 MHz a signal is pending
 * whenever the last one's handler returns, so the instance's own code may
 * not run for seconds, and it is the handler that sees the stop and
 * disarms the timer, as stress-ng's does.
 */
static timer_t timer_id;
static struct instance_loop timer_l;
static volatile uint64_t timer_overruns;
static volatile sig_atomic_t timer_disarm_failed;

/* Reads a file through, discarding it. */
static void timer_discard(const char *path)
{
	char buf[4096];
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
}

static void timer_handler(int sig)
{
	const int saved = errno;
	sigset_t pending;
	int n;

	(void)sig;
	(void)sigpending(&pending);	/* stress-ng looks for a pending SIGINT */
	if (!instance_loop_continue(&timer_l)) {
		static const struct itimerspec off;

		if (timer_settime(timer_id, 0, &off, NULL) < 0)
			timer_disarm_failed = 1;
		errno = saved;
		return;
	}
	instance_loop_inc(&timer_l);
	if (!(instance_loop_ops(&timer_l) & TIMER_PROC_EVERY))
		timer_discard("/proc/self/timers");
	n = timer_getoverrun(timer_id);
	if (n > 0)
		timer_overruns += (uint64_t)n;
	errno = saved;
}

/* stress-ng's period: 1e9 / freq ns, +/- 12.5% at random with --timer-rand. */
static void timer_period(struct itimerspec *t, double rate_ns, bool rand, uint32_t *seed)
{
	long long ns;

	if (rand) {
		*seed ^= *seed << 13;
		*seed ^= *seed >> 17;
		*seed ^= *seed << 5;
		rate_ns += rate_ns * (((double)(*seed % 10000) - 5000.0) / 40000.0);
	}
	ns = (long long)rate_ns;
	if (ns < 1)
		ns = 1;
	t->it_value.tv_sec = (time_t)(ns / 1000000000LL);
	t->it_value.tv_nsec = (long)(ns % 1000000000LL);
	t->it_interval = t->it_value;
}

static int timer_loop(struct instance *in, const struct timer_opts *o)
{
	const double rate_ns = TIMER_NS / (double)o->freq;
	struct itimerspec t, off;
	uint32_t seed = 0x6c8e9cf5u ^ (uint32_t)getpid();
	unsigned sleeps = 0;

	timer_l = instance_loop_begin(in);
	memset(&off, 0, sizeof(off));
	timer_period(&t, rate_ns, o->rand, &seed);
	if (timer_settime(timer_id, 0, &t, NULL) < 0)
		return instance_syscall_failed(in, "timer_settime");
	while (instance_loop_continue(&timer_l)) {
		struct timespec req = { 0, TIMER_SLEEP_NS };

		/* the 1025th sleep, as stress-ng's n++ >= 1024 */
		if (sleeps++ >= TIMER_PROBE_EVERY) {
			struct timespec bad_sec = { -1, 0 }, bad_nsec = { 0, 1000000000L };

			sleeps = 0;
			(void)nanosleep(&bad_sec, NULL);
			(void)nanosleep(&bad_nsec, NULL);
			if (o->rand) {
				timer_period(&t, rate_ns, true, &seed);
				if (timer_settime(timer_id, 0, &off, NULL) < 0 ||
				    timer_settime(timer_id, 0, &t, NULL) < 0)
					return instance_syscall_failed(in, "timer_settime");
			}
		}
		(void)nanosleep(&req, NULL);
	}
	if (timer_settime(timer_id, 0, &off, NULL) < 0 || timer_disarm_failed)
		return instance_syscall_failed(in, "timer_settime");
	instance_metric(in, "timer overruns", (double)timer_overruns, MEAN_TOTAL, false);
	return SK_OK;
}

static int timer_run(struct instance *in)
{
	const struct timer_opts *o = in->opts;
	struct sigaction sa;
	struct sigevent sev;
	int status;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = timer_handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGRTMIN, &sa, NULL) < 0)
		return instance_syscall_failed(in, "sigaction");
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN;
	sev.sigev_value.sival_ptr = &timer_id;
	timer_overruns = 0;
	timer_disarm_failed = 0;
	if (timer_create(CLOCK_REALTIME, &sev, &timer_id) < 0)
		return instance_syscall_failed(in, "timer_create");
	status = timer_loop(in, o);
	if (timer_delete(timer_id) < 0 && status == SK_OK)
		status = instance_syscall_failed(in, "timer_delete");
	signal(SIGRTMIN, SIG_IGN);	/* one may still be queued */
	return status;
}

static const struct stressor timer_stressor = {
	.name      = "timer",
	.summary   = "a POSIX timer at 1 MHz signals the instance; an op per signal",
	.help      = "stress-ng's timer: a CLOCK_REALTIME POSIX timer at --timer-freq\n"
		     "signals the instance with SIGRTMIN; its handler reads the\n"
		     "overrun while the instance sleeps in 10 ms nanosleep()s. One\n"
		     "bogo-op is one signal handled; the overruns (signals the kernel\n"
		     "merged) are the metric timer overruns. stress-ng 0.15.06 also\n"
		     "re-arms the timer in every handler; its current source, as\n"
		     "stresskit, does not.",
	.classes   = CLASS_SIGNAL | CLASS_INTERRUPT | CLASS_OS,
	.flags     = STRESSOR_NO_THREADS,
	.opts      = timer_opts,
	.opts_size = sizeof(struct timer_opts),
	.syscalls  = SK_SYSCALLS("rt_sigaction", "rt_sigpending", "rt_sigreturn",
				 "timer_create", "timer_settime", "timer_getoverrun",
				 "timer_delete", "nanosleep", "clock_nanosleep",
				 "openat", "read", "close"),
	.run       = timer_run,
	.version   = "2",
};
STRESSOR_REGISTER(timer_stressor);
