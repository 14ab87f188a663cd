/*
 * lockbus.c - stress-ng's lockbus stressor: locked read-modify-writes on
 * a 16 MiB shared anonymous buffer. One bogo-op is stress-ng's round: at
 * a random place in the buffer, 4 x (8 locked increments walking 8 words,
 * then 8 locked adds of 0 to each of two split-lock words: one straddling
 * a page boundary, one a cache line), then a pair of compare-and-swaps
 * on each of the three words. --lockbus-nosplit uses the random place for
 * the split-lock words too. A kernel that traps split locks (SIGBUS)
 * turns them off for the rest of the run, as stress-ng does. The atomics
 * are the compiler's __atomic builtins, as stress-ng's, so the same
 * compiler emits the same instructions (lock add, lock cmpxchg on x86).
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#define LOCKBUS_SIZE	(16u << 20)
#define LOCKBUS_CHUNK	(64u * 4)

struct lockbus_opts {
	bool nosplit;
};

static const struct stressor_opt lockbus_opts[] = {
	{ .name = "lockbus-nosplit", .type = OPT_BOOL,
	  .offset = offsetof(struct lockbus_opts, nosplit),
	  .help = "no split locks: every locked op at the round's random place" },
	OPT_TABLE_END,
};

static sigjmp_buf lockbus_jmp;
static volatile sig_atomic_t lockbus_split;

static void lockbus_on_sigbus(int sig)
{
	(void)sig;
	lockbus_split = 0;
	siglongjmp(lockbus_jmp, 1);
}

#define LOCKBUS_ADD(p, v)	((void)__atomic_add_fetch((p), (v), __ATOMIC_SEQ_CST))
#define LOCKBUS_INC8(p)	do { for (int k_ = 0; k_ < 8; k_++) LOCKBUS_ADD((p)++, 1); } while (0)
#define LOCKBUS_ZERO8(p)	do { for (int k_ = 0; k_ < 8; k_++) LOCKBUS_ADD((p), 0); } while (0)
#define LOCKBUS_CAS2(p)							\
	do {								\
		uint32_t v_ = *(p);					\
		(void)__sync_bool_compare_and_swap((p), v_, 0);		\
		(void)__sync_bool_compare_and_swap((p), 0, v_);		\
	} while (0)

static int lockbus_run(struct instance *in)
{
	const struct lockbus_opts *o = in->opts;
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	struct sigaction sa = { .sa_handler = lockbus_on_sigbus }, old;
	uint32_t *buf, *split1, *split2;
	static uint32_t rnd;	/* static: kept across the siglongjmp */
	struct instance_loop l;

	buf = mmap(NULL, LOCKBUS_SIZE, PROT_READ | PROT_WRITE,
		   MAP_ANONYMOUS | MAP_SHARED | MAP_POPULATE, -1, 0);
	if (buf == MAP_FAILED)
		return instance_syscall_failed(in, "mmap");
	/* misaligned on purpose: a word across a page, one across a line */
	split1 = (uint32_t *)(void *)((char *)buf + page - sizeof(uint32_t) / 2);
	split2 = (uint32_t *)(void *)((char *)buf + 64 - sizeof(uint32_t) / 2);
	lockbus_split = !o->nosplit;
	rnd = 0x2545f491u ^ (in->index * 0x9e3779b9u);
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &old);
	/*
	 * A SIGBUS lands here with split locks off and the loop begins
	 * again from the count in the slot: a local changed since the
	 * sigsetjmp is not to be trusted after the siglongjmp.
	 */
	(void)sigsetjmp(lockbus_jmp, 1);
	l = instance_loop_begin(in);
	while (instance_loop_continue(&l)) {
		uint32_t *p0, *p1, *p2;

		rnd ^= rnd << 13;
		rnd ^= rnd >> 17;
		rnd ^= rnd << 5;
		p0 = buf + ((rnd % (LOCKBUS_SIZE - LOCKBUS_CHUNK)) >> 2);
		p1 = lockbus_split ? split1 : p0;
		p2 = lockbus_split ? split2 : p0;
		for (int r = 0; r < 4; r++) {
			LOCKBUS_INC8(p0);
			LOCKBUS_ZERO8(p1);
			LOCKBUS_ZERO8(p2);
		}
		LOCKBUS_CAS2(p0);
		LOCKBUS_CAS2(p1);
		LOCKBUS_CAS2(p2);
		instance_loop_inc(&l);
	}
	sigaction(SIGBUS, &old, NULL);
	munmap(buf, LOCKBUS_SIZE);
	return SK_OK;
}

static const struct stressor lockbus_stressor = {
	.name      = "lockbus",
	.summary   = "locked atomic adds and compare-and-swaps, split locks included",
	.help      = "stress-ng's lockbus: one bogo-op is 32 locked increments at a random\n"
		     "place of a 16 MiB shared buffer, 64 locked adds on two words split\n"
		     "across a page and a cache line (split locks), and 6 compare-and-swaps.\n"
		     "--lockbus-nosplit keeps every op at the random place.",
	.classes   = CLASS_MEMORY,	/* stress-ng: cpu-cache, memory */
	.flags     = STRESSOR_NO_THREADS,	/* a SIGBUS handler of its own */
	.opts      = lockbus_opts,
	.opts_size = sizeof(struct lockbus_opts),
	.syscalls  = SK_SYSCALLS("rt_sigaction"),
	.run       = lockbus_run,
	.version   = "1",
};

STRESSOR_REGISTER(lockbus_stressor);
