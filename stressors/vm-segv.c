/*
 * vm-segv.c - stress-ng's vm-segv stressor: the instance forks a child
 * that asks to be traced, stops itself, blocks SIGSEGV and unmaps its
 * own address space (munmap of ever smaller ranges from address 0, then
 * the page of its own code), so that its next instruction faults. The
 * instance follows it with PTRACE_SYSCALL until the SIGSEGV stop (or its
 * exit), then kills and reaps it. One bogo-op is one child so ended.
 * As in stress-ng the child makes itself undumpable and the OOM killer's
 * first choice (oom_score_adj) before it stops.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

/* No inlining: each unmaps the page of its own code, as stress-ng's do. */
static __attribute__((noinline)) void vm_segv_unmap_all(size_t page)
{
	size_t len = ~(size_t)0;

	len ^= len >> 1;	/* the top bit alone */
	while (len > page) {
		(void)munmap(NULL, len - page);
		len >>= 1;
		__asm__ __volatile__("" ::: "memory");
	}
}

static __attribute__((noinline)) void vm_segv_unmap_self(size_t page)
{
	uintptr_t addr = (uintptr_t)vm_segv_unmap_self & ~(uintptr_t)(page - 1);

	(void)munmap((void *)addr, page);
}

/* The child: it never returns; its address space goes under it. */
static int vm_segv_child(void *arg, const volatile sig_atomic_t *stop)
{
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	sigset_t set;
	int fd;

	(void)arg;
	(void)stop;
	fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		(void)!write(fd, "1000", 4);
		close(fd);
	}
	prctl(PR_SET_DUMPABLE, 0);
	if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) < 0)
		_exit(3);
	kill(getpid(), SIGSTOP);
	sigemptyset(&set);
	sigaddset(&set, SIGSEGV);
	sigprocmask(SIG_BLOCK, &set, NULL);
	vm_segv_unmap_all(page);
	vm_segv_unmap_self(page);
	_exit(1);
}

/*
 * Follows the child from its SIGSTOP to its SIGSEGV stop or its end.
 * Returns 1 when it ended so (an op), 0 at the stop, a negative errno.
 */
static int vm_segv_follow(struct instance_loop *l, pid_t pid)
{
	int st;

	/* its SIGSTOP; the stop signal may come first: the op is not done */
	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR)
			return -errno;
		if (instance_loop_stopping(l))
			return 0;
	}
	if (!WIFSTOPPED(st))
		return WIFEXITED(st) && WEXITSTATUS(st) == 3 ? -EPERM : 1;
	(void)ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)PTRACE_O_TRACESYSGOOD);
	while (!instance_loop_stopping(l)) {
		(void)ptrace(PTRACE_SYSCALL, pid, NULL, NULL);
		if (waitpid(pid, &st, 0) < 0)
			return errno == EINTR ? 0 : -errno;
		if (WIFSTOPPED(st)) {
			if ((WSTOPSIG(st) & 0x7f) == SIGSEGV)
				return 1;
			continue;
		}
		return 1;	/* it exited, or died of a signal */
	}
	return 0;
}

static int vm_segv_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);
	int status = SK_OK;

	while (instance_loop_continue(&l)) {
		pid_t pid = sk_fork_helper("vm-segv", vm_segv_child, NULL);
		int r, st;

		if (pid < 0) {
			if (pid == -EAGAIN || pid == -EINTR)
				continue;
			status = instance_error(in, "fork", pid);
			break;
		}
		r = vm_segv_follow(&l, pid);
		kill(pid, SIGKILL);
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		if (r < 0) {
			status = instance_error(in, "ptrace of the child", r);
			break;
		}
		if (r)
			instance_loop_inc(&l);
	}
	return status;
}

static const struct stressor vm_segv_stressor = {
	.name      = "vm-segv",
	.summary   = "children unmap their address space and fault, traced",
	.help      = "stress-ng's vm-segv: one bogo-op is one child that, traced by the\n"
		     "instance (PTRACE_SYSCALL), unmaps its whole address space and the\n"
		     "page of its code, and faults: the instance sees its SIGSEGV stop,\n"
		     "kills and reaps it.",
	.classes   = CLASS_MEMORY | CLASS_OS,	/* stress-ng: vm, memory, os */
	.flags     = STRESSOR_NO_THREADS | STRESSOR_HELPERS(1),
	.syscalls  = SK_SYSCALLS(SK_HELPER_SYSCALLS, "ptrace", "openat", "wait4"),
	.run       = vm_segv_run,
	.version   = "1",
};

STRESSOR_REGISTER(vm_segv_stressor);
