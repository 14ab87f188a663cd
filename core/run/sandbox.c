/*
 * sandbox.c - --sandbox. Each instance, after fork and before its start
 * barrier, loads a seccomp filter that allows the core's base set (what
 * the instance runtime, the C library's allocator and the log need) and
 * the syscalls its stressor lists in .syscalls; everything else traps.
 * The SIGSYS handler names the syscall ("pipe instance 0: blocked syscall
 * openat") and ends that instance with SK_FAILED, so the run goes on and
 * the controller reports the instance as failed.
 *
 * The filter is loaded before run(), so a stressor's list covers its setup
 * too: no call inside the bogo-op loop is needed to switch it on.
 */
#include "config.h"
#include "sandbox.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "log.h"

const char *const sandbox_base[] = {
	/* the instance runtime: barrier, clock, log lines, exit */
	"futex", "clock_gettime", "clock_nanosleep", "nanosleep", "gettimeofday",
	"write", "exit", "exit_group", "restart_syscall", "sched_yield",
	"getpid", "gettid", "getppid",
	/* the instance's CPU time; a thread instance's note that it is done */
	"getrusage", "tgkill",
	/* signals: the stop handler returns through rt_sigreturn */
	"rt_sigreturn", "rt_sigprocmask",
	/* the allocator */
	"brk", "mmap", "munmap", "mremap", "madvise", "mprotect", "getrandom",
	/* closing what the stressor opened during setup */
	"close",
	/* sk_reap_helper sleeps on its helper's pidfd; sk_fork_helper's
	 * helper leads a process group of its own */
	"pidfd_open", "ppoll", "setpgid",
	/* and places the instance and its helpers on their CPUs (--placement),
	 * and back on every CPU they had for a herd */
	"sched_getaffinity", "sched_setaffinity",
	NULL,
};

/* What the sanitizers' runtimes call in a forked child (make sanitize-test). */
#if defined(__SANITIZE_ADDRESS__)
#define SANDBOX_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANDBOX_SANITIZED 1
#endif
#endif
#ifdef SANDBOX_SANITIZED
#include <sanitizer/lsan_interface.h>

static const char *const sandbox_sanitizer[] __attribute__((unused)) = {
	/* a thread a stressor starts (context_switch1's partner): the
	 * runtime reads its CPU mask */
	"sigaltstack", "sched_getaffinity", NULL,
};

/*
 * LeakSanitizer's check at exit stops the world from a ptracing clone
 * that no allow-list should grant: a confined process is checked for
 * leaks now, on entry, instead (the check at exit is then skipped).
 */
static __attribute__((unused)) void sandbox_sanitizer_enter(void)
{
	__lsan_do_leak_check();
}
#else
static const char *const sandbox_sanitizer[] __attribute__((unused)) = { NULL };
static __attribute__((unused)) void sandbox_sanitizer_enter(void)
{
}
#endif

/* A thread instance's own struct instance, and whether it tripped. */
static __thread struct instance *sandbox_in;
static __thread volatile sig_atomic_t sandbox_tripped_flag;

#ifdef HAVE_LIBSECCOMP
#include <seccomp.h>
#include <ucontext.h>

/* Names of the native syscalls, resolved before the filter is loaded:
 * the SIGSYS handler may only copy bytes and write(2). */
#define SANDBOX_NR_MAX	512
#define SANDBOX_NAME_MAX	32

static char sandbox_names[SANDBOX_NR_MAX][SANDBOX_NAME_MAX];
static pthread_once_t sandbox_names_once = PTHREAD_ONCE_INIT;
/* Per thread: thread instances each load a filter under their own name. */
static __thread char sandbox_prefix[256];
static __thread size_t sandbox_prefix_len;

int sandbox_check(const struct stressor *s, char *err, size_t errlen)
{
	if (!s->syscalls) {
		snprintf(err, errlen, "--sandbox: stressor %s declares no syscall "
			 "list, it cannot run sandboxed", s->name);
		return -EINVAL;
	}
	return 0;
}

static void sandbox_resolve_names(void)
{
	uint32_t arch = seccomp_arch_native();

	for (int nr = 0; nr < SANDBOX_NR_MAX; nr++) {
		char *name = seccomp_syscall_resolve_num_arch(arch, nr);

		if (name)
			snprintf(sandbox_names[nr], SANDBOX_NAME_MAX, "%s", name);
		free(name);
	}
}

static size_t sandbox_append(char *dst, size_t at, size_t cap, const char *s)
{
	while (*s && at < cap)
		dst[at++] = *s++;
	return at;
}

/*
 * A thread instance cannot exit alone without stranding its worker, so
 * its blocked call returns EPERM instead, its loop ends at the next
 * instance_continue() (max_ops 0) and instance_body() fails it. True
 * when so; a process (an instance or its helper) exits instead.
 */
static bool sandbox_thread_fails(void *uc)
{
	ucontext_t *ctx = uc;

	if (!sandbox_in || syscall(SYS_gettid) == getpid())
		return false;
#if defined(__x86_64__)
	ctx->uc_mcontext.gregs[REG_RAX] = (greg_t)-EPERM;
#elif defined(__aarch64__)
	ctx->uc_mcontext.regs[0] = (unsigned long long)-EPERM;
#else
	(void)ctx;
	return false;
#endif
	sandbox_in->max_ops = 0;
	sandbox_tripped_flag = 1;
	return true;
}

/* Async-signal-safe: copies, formats a number by hand, one write(2). */
static void sandbox_on_sigsys(int sig, siginfo_t *si, void *uc)
{
	char line[sizeof(sandbox_prefix) + SANDBOX_NAME_MAX + 16];
	const size_t cap = sizeof(line) - 1;
	int nr = si->si_syscall;
	size_t n;

	(void)sig;
	(void)uc;
	memcpy(line, sandbox_prefix, sandbox_prefix_len);
	n = sandbox_prefix_len;
	if (nr >= 0 && nr < SANDBOX_NR_MAX && sandbox_names[nr][0]) {
		n = sandbox_append(line, n, cap, sandbox_names[nr]);
	} else {
		char digits[12];
		int d = 0;
		unsigned v = (unsigned)nr;

		do
			digits[d++] = (char)('0' + v % 10);
		while ((v /= 10) && d < (int)sizeof(digits));
		n = sandbox_append(line, n, cap, "number ");
		while (d && n < cap)
			line[n++] = digits[--d];
	}
	line[n++] = '\n';
	if (write(STDERR_FILENO, line, n) < 0)
		n = 0;
	if (sandbox_thread_fails(uc))
		return;
	/* the raw call: a sanitizer's _exit interceptor would call more */
	syscall(SYS_exit_group, SK_FAILED);
	_exit(SK_FAILED);
}

static int sandbox_allow(scmp_filter_ctx f, const char *const *names)
{
	for (; names && *names; names++) {
		int nr = seccomp_syscall_resolve_name(*names);
		int rc;

		/* A name this architecture lacks (a pseudo number) is skipped. */
		if (nr == __NR_SCMP_ERROR || nr < 0)
			continue;
		rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, nr, 0);
		if (rc < 0 && rc != -EEXIST)
			return rc;
	}
	return 0;
}

int sk_sandbox_enter(const char *who, const char *const *syscalls)
{
	struct sigaction sa;
	sigset_t sys;
	scmp_filter_ctx f;
	int n, rc;

	n = snprintf(sandbox_prefix, sizeof(sandbox_prefix),
		     "%s: %-6s [%d] %s: blocked syscall ", log_prefix(), "fail:",
		     (int)log_line_pid(), who);
	if (n < 0 || (size_t)n >= sizeof(sandbox_prefix))
		return -ENAMETOOLONG;
	sandbox_prefix_len = (size_t)n;
	pthread_once(&sandbox_names_once, sandbox_resolve_names);

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = sandbox_on_sigsys;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSYS, &sa, NULL) < 0)
		return -errno;
	sigemptyset(&sys);
	sigaddset(&sys, SIGSYS);
	sigprocmask(SIG_UNBLOCK, &sys, NULL);

	sandbox_sanitizer_enter();
	f = seccomp_init(SCMP_ACT_TRAP);
	if (!f)
		return -ENOMEM;
	/* a binary tree of rules: an allowed call costs log(n) compares */
	seccomp_attr_set(f, SCMP_FLTATR_CTL_OPTIMIZE, 2);
	/* kernels before 5.16 turn on the store-bypass mitigation for a
	 * seccomp task: a benchmark must not run slower for being confined */
	seccomp_attr_set(f, SCMP_FLTATR_CTL_SSB, 1);
	rc = sandbox_allow(f, sandbox_base);
	if (!rc)
		rc = sandbox_allow(f, sandbox_sanitizer);
	if (!rc)
		rc = sandbox_allow(f, syscalls);
	if (!rc)
		rc = seccomp_load(f);
	seccomp_release(f);
	return rc;
}

#else	/* no libseccomp: --sandbox is refused at parse time */

int sandbox_check(const struct stressor *s, char *err, size_t errlen)
{
	(void)s;
	snprintf(err, errlen, "--sandbox: stresskit was built without libseccomp");
	return -EINVAL;
}

int sk_sandbox_enter(const char *who, const char *const *syscalls)
{
	(void)who;
	(void)syscalls;
	return -ENOSYS;
}

#endif

int sandbox_instance(struct instance *in)
{
	const struct stressor *s = in->ctx->stressor;
	char who[64];

	snprintf(who, sizeof(who), "%s instance %u", s->name, in->index);
	sandbox_in = in;
	return sk_sandbox_enter(who, s->syscalls);
}

bool sandbox_tripped(void)
{
	return sandbox_tripped_flag;
}
