/*
 * futex.c - stress-ng's futex stressor (will-it-scale's futex1..4 are
 * futex1.c): a helper process calls FUTEX_WAKE on a shared futex word as
 * fast as it can while the instance waits on it with FUTEX_WAIT and a
 * 5 us timeout (the 17th wait a futex_waitv, until one fails).
 * One bogo-op is one wait that a wake ended (a timeout is no op), as
 * stress-ng counts in its waiter. After every 100000 timeouts the waiter
 * backs off for 250 ms, as stress-ng's does.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <linux/futex.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FUTEX_NG_TIMEOUT_NS	5000
/* waits before a futex_waitv: stress-ng's "tries++ >= 16" */
#define FUTEX_NG_WAITV_AFTER	16
#define FUTEX_NG_THRESHOLD	100000
#define FUTEX_NG_BACKOFF_NS	250000000L

#ifndef SYS_futex_waitv
#define SYS_futex_waitv 449
#endif
#ifndef FUTEX_32
#define FUTEX_32 2
#endif

/* The kernel's struct futex_waitv, which older headers lack. */
struct futex_ng_waitv {
	uint64_t val;
	uint64_t uaddr;
	uint32_t flags;
	uint32_t reserved;
};

/* The waker, a helper: wakes one waiter in a loop until SIGTERM. */
static int futex_ng_waker(void *arg, const volatile sig_atomic_t *stop)
{
	uint32_t *word = arg;

	while (!*stop)
		if (syscall(SYS_futex, word, FUTEX_WAKE, 1, NULL, NULL, 0) < 0 && errno != EINTR)
			return 1;
	return 0;
}

/*
 * One wait on *word for value 0: after every FUTEX_NG_WAITV_AFTER waits
 * one by futex_waitv with an absolute CLOCK_MONOTONIC timeout, as
 * stress-ng does, and never again once one fails for any reason (a
 * timeout too: with 5 us, nearly always the first), the wait then made
 * by FUTEX_WAIT with a relative timeout, as every other is. Returns the
 * syscall's result (-1 and errno on failure).
 */
static long futex_ng_wait(uint32_t *word, unsigned *tries, bool *waitv)
{
	struct timespec t = { 0, FUTEX_NG_TIMEOUT_NS };

	if (*waitv && (*tries)++ >= FUTEX_NG_WAITV_AFTER) {
		struct futex_ng_waitv w = {
			.val = 0, .uaddr = (uintptr_t)word, .flags = FUTEX_32,
		};

		*tries = 0;
		if (clock_gettime(CLOCK_MONOTONIC, &t) == 0) {
			t.tv_nsec += FUTEX_NG_TIMEOUT_NS;
			if (t.tv_nsec >= 1000000000L) {
				t.tv_sec++;
				t.tv_nsec -= 1000000000L;
			}
			if (syscall(SYS_futex_waitv, &w, 1, 0, &t, CLOCK_MONOTONIC) >= 0)
				return 0;
			*waitv = false;
		}
		t.tv_sec = 0;
		t.tv_nsec = FUTEX_NG_TIMEOUT_NS;
	}
	return syscall(SYS_futex, word, FUTEX_WAIT, 0, &t, NULL, 0);
}

static int futex_ng_loop(struct instance *in, uint32_t *word)
{
	const bool verify = in->ctx->verify;
	uint64_t timeouts = 0, threshold = FUTEX_NG_THRESHOLD;
	unsigned tries = 0;
	bool waitv = true;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		long rc = futex_ng_wait(word, &tries, &waitv);

		if (rc < 0 && errno == ETIMEDOUT) {
			if (++timeouts > threshold) {
				struct timespec ts = { 0, FUTEX_NG_BACKOFF_NS };

				nanosleep(&ts, NULL);
				threshold += FUTEX_NG_THRESHOLD;
			}
			continue;
		}
		if (rc < 0 && verify && errno != EINTR && errno != EAGAIN) {
			instance_fail(in, "verify: futex wait failed: %s", strerror(errno));
			return SK_FAILED;
		}
		instance_loop_inc(&l);
	}
	instance_metric(in, "futex wait timeouts", (double)timeouts, MEAN_TOTAL, false);
	return SK_OK;
}

static int futex_ng_run(struct instance *in)
{
	uint32_t *word;
	int status, wstatus;
	pid_t waker;

	/* shared, not private: the two are processes, as stress-ng's */
	word = mmap(NULL, sizeof(*word), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (word == MAP_FAILED)
		return instance_syscall_failed(in, "mmap");
	*word = 0;
	waker = sk_fork_helper("futex", futex_ng_waker, word);
	if (waker < 0) {
		status = instance_error(in, "fork", (int)waker);
		goto out;
	}
	instance_ready(in);
	status = futex_ng_loop(in, word);
	sk_reap_helper(waker, true, SK_HELPER_GRACE, &wstatus);
	if (status == SK_OK && (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus))) {
		instance_fail(in, "the waker's FUTEX_WAKE failed, or it died");
		status = SK_FAILED;
	}
out:
	munmap(word, sizeof(*word));
	return status;
}

static const struct stressor futex_ng_stressor = {
	.name      = "futex",
	.summary   = "FUTEX_WAIT with a 5 us timeout against a process spinning FUTEX_WAKE",
	.help      = "stress-ng's futex: a helper process calls FUTEX_WAKE on a shared\n"
		     "futex word in a loop; the instance waits on it with FUTEX_WAIT\n"
		     "and a 5 us timeout (the 17th wait a futex_waitv, and none once\n"
		     "one fails: with 5 us nearly always the first). One bogo-op\n"
		     "is one wait ended by a wake; timeouts are counted apart\n"
		     "(metric: futex wait timeouts). stress-ng's waiter is its child\n"
		     "and its waker the instance; here the roles are swapped, the\n"
		     "calls are the same. --verify reports a failed wait.",
	.classes   = CLASS_SCHEDULER | CLASS_OS | CLASS_IPC,
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START | STRESSOR_HELPERS(1),
	.syscalls  = SK_SYSCALLS("futex", "futex_waitv", "clock_gettime", "mmap", "munmap",
				 "nanosleep", "clock_nanosleep", SK_HELPER_SYSCALLS),
	.run       = futex_ng_run,
	.version   = "2",
};
STRESSOR_REGISTER(futex_ng_stressor);
