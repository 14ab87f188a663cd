/*
 * bad-altstack.c - stress-ng's bad-altstack stressor: a child gives
 * itself a bad alternate signal stack and faults, so the kernel cannot
 * deliver the SIGSEGV on it and kills the child with SIGSEGV. One
 * bogo-op is one child forked and reaped dead of SIGSEGV, as in
 * stress-ng. The child makes stress-ng's sigaltstack calls (the old one
 * read, SS_DISABLE, bad flags, a no-op, too small), installs its SIGSEGV,
 * SIGBUS and SIGILL handler on the alternate stack (SA_ONSTACK), limits
 * itself to 1 s of CPU (SIGXCPU ends it), sets a valid stack, lowers its
 * OOM score and core limit, then picks one of stress-ng's 11 bad stacks
 * at random and falls through the ones after it until a fault kills it:
 * the stack mprotect()ed none, read-only, exec-only, write-only; NULL;
 * the handler's code; a too-small stack; the vDSO; a read-only
 * /dev/zero mapping; a mapping of an empty file (SIGBUS: an O_TMPFILE
 * in the run directory); an unmapped stack. A handler that does run
 * (the stack was good after all) unmaps the stacks and jumps back to
 * try again.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BAD_ALTSTACK_MIN	(64 * 1024)	/* stress-ng's least signal stack */
#define BAD_ALTSTACK_DATA	65536		/* what its handler puts on it */

/* The child's: set up in the instance before it forks, inherited. */
static void *bad_altstack_stack, *bad_altstack_zero, *bad_altstack_bus;
static size_t bad_altstack_size;
static sigjmp_buf bad_altstack_jmp;

/* A stack at least as big as the C library's and the kernel's least. */
static size_t bad_altstack_min_size(void)
{
	long sz = BAD_ALTSTACK_MIN, v = sysconf(_SC_MINSIGSTKSZ);
	unsigned long aux = getauxval(AT_MINSIGSTKSZ);

	if (v > sz)
		sz = v;
	if ((long)aux > sz)
		sz = (long)aux;
	v = sysconf(_SC_SIGSTKSZ);
	return (size_t)(v > sz ? v : sz);
}

static void bad_altstack_fault(void *at)
{
	volatile uint8_t *p = at;

	(void)*p;
	*p = 0;
	(void)*p;
}

static void __attribute__((noreturn)) bad_altstack_on_xcpu(int sig)
{
	(void)sig;
	_exit(0);
}

/* Runs only when the stack was good: fills it, then tries again. */
static void __attribute__((noreturn)) bad_altstack_on_fault(int sig)
{
	volatile uint8_t data[BAD_ALTSTACK_DATA];

	(void)sig;
	munmap(bad_altstack_stack, bad_altstack_size);
	memset((void *)data, 0xff, sizeof(data));
	(void)data[0];
	if (bad_altstack_zero != MAP_FAILED)
		munmap(bad_altstack_zero, bad_altstack_size);
	if (bad_altstack_bus != MAP_FAILED)
		munmap(bad_altstack_bus, bad_altstack_size);
	siglongjmp(bad_altstack_jmp, 1);
}

static int bad_altstack_set(void *sp, size_t size)
{
	stack_t ss = { .ss_sp = sp, .ss_size = size };

	return sigaltstack(&ss, NULL);
}

/* stress-ng's process_dumpable(false) and oom adjustment. */
static void bad_altstack_unwanted(void)
{
	struct rlimit lim;
	int fd;

	if (getrlimit(RLIMIT_CORE, &lim) == 0) {
		lim.rlim_cur = 0;
		(void)setrlimit(RLIMIT_CORE, &lim);
	}
	lim.rlim_cur = lim.rlim_max = 0;
	(void)setrlimit(RLIMIT_CORE, &lim);
	fd = open("/proc/self/coredump_filter", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		(void)!write(fd, "0x00", 4);
		close(fd);
	}
	fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		(void)!write(fd, "1000", 4);
		close(fd);
	}
}

/* The bad stacks from case c on; each that is accepted is faulted on. */
static void bad_altstack_cases(unsigned c, const struct instance *in)
{
	const size_t sz = bad_altstack_size;
	void *const st = bad_altstack_stack;
	const unsigned long vdso = getauxval(AT_SYSINFO_EHDR);
	static const int prots[] = { PROT_NONE, PROT_READ, PROT_EXEC, PROT_WRITE };

	for (; c >= 1 && c <= 4; c++) {
		if (mprotect(st, sz, prots[c - 1]) == 0)
			bad_altstack_fault(st);
		if (instance_stopping(in))
			return;
	}
	if (c == 5) {
		if (bad_altstack_set(NULL, sz) == 0)
			bad_altstack_fault(st);
		if (instance_stopping(in))
			return;
		c++;
	}
	if (c == 6) {
		if (bad_altstack_set((void *)bad_altstack_on_fault, sz) == 0)
			bad_altstack_fault(st);
		if (instance_stopping(in))
			return;
		c++;
	}
	if (c == 7) {
		int r = -1;

		for (size_t s = 0; s <= sz && r; s += 256)
			r = bad_altstack_set(st, s);
		if (r == 0)
			bad_altstack_fault(st);
		if (instance_stopping(in))
			return;
		bad_altstack_fault(NULL);
		c++;
	}
	if (c == 8) {
		if (vdso) {
			if (bad_altstack_set((void *)vdso, sz) == 0)
				bad_altstack_fault(st);
			if (instance_stopping(in))
				return;
		}
		c++;
	}
	if (c == 9) {
		if (bad_altstack_zero != MAP_FAILED) {
			if (bad_altstack_set(bad_altstack_zero, sz) == 0)
				bad_altstack_fault(bad_altstack_zero);
			if (instance_stopping(in))
				return;
		}
		c++;
	}
	if (c == 10 && bad_altstack_bus != MAP_FAILED) {
		if (bad_altstack_set(bad_altstack_bus, sz) == 0)
			bad_altstack_fault(bad_altstack_bus);
		if (instance_stopping(in))
			return;
	}
	munmap(st, sz);
	bad_altstack_fault(NULL);
}

static void __attribute__((noreturn)) bad_altstack_child(const struct instance *in,
							  unsigned seed_in)
{
	volatile unsigned seed = seed_in;	/* kept across the siglongjmp */
	struct sigaction sa = { .sa_handler = bad_altstack_on_fault, .sa_flags = SA_ONSTACK };
	struct sigaction xa = { .sa_handler = bad_altstack_on_xcpu, .sa_flags = SA_ONSTACK };
	struct rlimit cpu = { 1, 1 };
	stack_t ss, old;

	if (sigsetjmp(bad_altstack_jmp, 1) && instance_stopping(in))
		_exit(0);
	(void)sigaltstack(NULL, &old);
	ss = (stack_t){ .ss_sp = bad_altstack_stack, .ss_size = bad_altstack_size,
			.ss_flags = SS_DISABLE };
	(void)sigaltstack(&ss, NULL);
	ss.ss_flags = ~0;
	(void)sigaltstack(&ss, NULL);
	(void)sigaltstack(NULL, NULL);
	ss.ss_flags = 0;
	ss.ss_size = bad_altstack_size - 1;
	(void)sigaltstack(&ss, NULL);
	sigemptyset(&sa.sa_mask);
	sigemptyset(&xa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGILL, &sa, NULL);
	sigaction(SIGXCPU, &xa, NULL);
	(void)setrlimit(RLIMIT_CPU, &cpu);
	if (bad_altstack_set(bad_altstack_stack, bad_altstack_size) < 0)
		_exit(1);
	seed = seed ^ (unsigned)getpid() * 2654435761u ^ (unsigned)clock();
	bad_altstack_unwanted();
	bad_altstack_cases(seed % 11, in);
	_exit(1);
}

/* The stacks the children go bad on: 0, or a negative errno. */
static int bad_altstack_setup(const struct instance *in)
{
	int fd;

	bad_altstack_size = bad_altstack_min_size();
	bad_altstack_stack = mmap(NULL, bad_altstack_size, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (bad_altstack_stack == MAP_FAILED)
		return -errno;
	/* an empty file's pages: touching them is SIGBUS */
	bad_altstack_bus = MAP_FAILED;
	fd = open(in->ctx->run_dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0) {
		bad_altstack_bus = mmap(NULL, bad_altstack_size, PROT_READ | PROT_WRITE,
					MAP_PRIVATE, fd, 0);
		close(fd);
	}
	bad_altstack_zero = MAP_FAILED;
	fd = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		bad_altstack_zero = mmap(NULL, bad_altstack_size, PROT_READ, MAP_PRIVATE, fd, 0);
		close(fd);
	}
	return 0;
}

static int bad_altstack_run(struct instance *in)
{
	struct instance_loop l;
	unsigned seed = in->index * 0x9e3779b9u + 1;
	int status = SK_OK, err = bad_altstack_setup(in);

	if (err)
		return instance_error(in, "mmap of the signal stack", err);
	l = instance_loop_begin(in);
	while (instance_loop_continue(&l)) {
		pid_t pid;
		int st;

		seed = seed * 1103515245u + 12345u;
		pid = fork();
		if (pid == 0)
			bad_altstack_child(in, seed >> 8);
		if (pid < 0) {
			if (errno == EAGAIN || errno == EINTR || errno == ENOMEM)
				continue;
			status = instance_syscall_failed(in, "fork");
			break;
		}
		if (waitpid(pid, &st, 0) < 0) {
			kill(pid, SIGKILL);
			while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
				;
			continue;
		}
		if (WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV)
			instance_loop_inc(&l);
	}
	if (bad_altstack_bus != MAP_FAILED)
		munmap(bad_altstack_bus, bad_altstack_size);
	if (bad_altstack_zero != MAP_FAILED)
		munmap(bad_altstack_zero, bad_altstack_size);
	munmap(bad_altstack_stack, bad_altstack_size);
	return status;
}

static const struct stressor bad_altstack_stressor = {
	.name      = "bad-altstack",
	.summary   = "children fault on a bad alternate signal stack",
	.help      = "stress-ng's bad-altstack: one bogo-op is one child dead of SIGSEGV\n"
		     "after it set one of stress-ng's 11 bad alternate signal stacks\n"
		     "(protected, NULL, code, too small, the vDSO, /dev/zero, an empty\n"
		     "file, unmapped; picked at random) and faulted.",
	.classes   = CLASS_MEMORY | CLASS_OS,	/* stress-ng: vm, memory, os */
	.flags     = STRESSOR_NO_THREADS,
	.syscalls  = SK_SYSCALLS("clone", "clone3", "fork", "wait4", "kill", "openat",
				 "sigaltstack", "rt_sigaction", "setrlimit", "prlimit64",
				 "getrlimit", "set_robust_list", "rseq"),
	.run       = bad_altstack_run,
	.version   = "1",
};

STRESSOR_REGISTER(bad_altstack_stressor);
