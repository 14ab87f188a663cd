/*
 * stressor.h - the contract between the stresskit core and a stressor.
 *
 * A stressor is one file in stressors/, or a shared object built outside
 * the tree (pkg-config --cflags stresskit) and loaded with --plugin, that
 * fills a struct stressor and registers it with STRESSOR_REGISTER(). The
 * core validates the descriptor, parses its options from the typed option
 * table, forks its instances, and calls run() in each one; run() loops on
 * instance_continue() and counts one bogo-op per unit of work with
 * instance_ops_inc(). Nothing here costs a syscall or a lock.
 *
 * This header and its siblings in <stresskit/> are the whole API: a
 * stressor includes nothing else of stresskit (the build checks it).
 */
#ifndef STRESSKIT_STRESSOR_H
#define STRESSKIT_STRESSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include <stresskit/helper.h>
#include <stresskit/latency.h>
#include <stresskit/log.h>
#include <stresskit/parse.h>
#include <stresskit/syslimits.h>
#include <stresskit/version.h>

/* Exit statuses, stress-ng's numbering: a run's exit code and run()'s result. */
enum sk_status {
	SK_OK              = 0,
	SK_USAGE           = 1,	/* bad arguments or a harness error */
	SK_FAILED          = 2,	/* a stressor failed */
	SK_NO_RESOURCE     = 3,	/* ENOMEM, ENOSPC, EMFILE, fork failure ... */
	SK_NOT_IMPLEMENTED = 4,	/* ENOSYS or a feature missing at build time */
	SK_SIGNALED        = 5,	/* killed by a signal */
	SK_UNTRUSTWORTHY   = 7,	/* a counter was torn, or metrics are suspect */
};

/* Maps an errno from a failed syscall to the status an instance returns. */
SK_API int sk_status_from_errno(int err);

/* Classes, stress-ng's names; a stressor has at least one. */
enum {
	CLASS_CPU        = 1u << 0,
	CLASS_FILESYSTEM = 1u << 1,
	CLASS_IO         = 1u << 2,
	CLASS_MEMORY     = 1u << 3,
	CLASS_NETWORK    = 1u << 4,
	CLASS_OS         = 1u << 5,
	CLASS_PIPE_IO    = 1u << 6,
	CLASS_SCHEDULER  = 1u << 7,
	CLASS_ALL        = (1u << 8) - 1,
};

/*
 * Option types. The core parses each value into its final form when the
 * command line is read, range-checks it and stores it; nothing is kept as
 * text to be parsed again later.
 */
enum opt_type {
	OPT_COUNT,	/* uint64_t, plain integer */
	OPT_SIZE,	/* uint64_t bytes, K/M/G/T suffixes (powers of 1024) */
	OPT_TIME,	/* double seconds, s/m/h/d/w/y suffixes */
	OPT_BOOL,	/* bool, flag with no value */
	OPT_CHOICE,	/* unsigned index into .choices */
	OPT_STRING,	/* const char *, pointing into argv */
	OPT_LIST,	/* struct opt_list: comma-separated counts or names */
	OPT_CPU_LIST,	/* struct opt_cpus: "0,2-3", CPUs this process may use */
	OPT_INSTANCES,	/* uint32_t: N, 0 or negative one per CPU, N% a share */
	OPT_PARSED,	/* a value of the row's own type: .parser (ABI 1.6) */
};

/* OPT_LIST: the items in order; a count, or an index into .choices (a
 * name matched in any case). */
#define OPT_LIST_MAX 256
struct opt_list {
	uint32_t n;
	uint32_t v[OPT_LIST_MAX];
};

/* OPT_CPU_LIST: a CPU mask, up to 1024 CPUs. */
struct opt_cpus {
	uint64_t mask[16];
};

/* Flags of an option row. */
enum {
	OPT_ONE_WORD   = 1u << 0,	/* OPT_STRING: no blanks */
	OPT_INCREASING = 1u << 1,	/* OPT_LIST of counts: strictly increasing */
	OPT_DIR        = 1u << 2,	/* OPT_STRING: an existing, writable directory */
	OPT_OUT_FILE   = 1u << 3,	/* OPT_STRING: a file made in a writable directory */
	OPT_HOST_PORT  = 1u << 4,	/* OPT_STRING: HOST:PORT, port 1-65535, checked
					   only; sk_opt_host_port keeps the address */
};

struct stressor_opt;

/*
 * OPT_LIST with its own item names: stores item (len bytes, not NUL-ended)
 * as a number in *out; or returns -EINVAL with one line in err; or
 * OPT_ITEM_NONE for a valid item that adds nothing to the list.
 */
#define OPT_ITEM_NONE 1
typedef int (*opt_item_fn)(const struct stressor_opt *o, const char *item,
			   size_t len, uint32_t *out, char *err, size_t errlen);

/*
 * OPT_PARSED: a value with a syntax of its own ("ops_slope:0.5%",
 * "2%,20"), parsed into its final form (size bytes at .offset) when the
 * command line is read, like every other type. parse returns 0, or a
 * negative errno and leaves the field as it was; the core then prints
 * "invalid --NAME 'VAL': expected <.expect>", unless parse wrote its own
 * line in err. The row's min and max are the parser's to read. The
 * default is .def_str parsed, or all zero bytes without one; format
 * writes the value back as the user could have typed it (--settings).
 */
struct opt_parser {
	size_t size;
	const char *metavar;		/* --help NAME: "SPEC" */
	int (*parse)(const struct stressor_opt *o, const char *val, void *field,
		     char *err, size_t errlen);
	void (*format)(const struct stressor_opt *o, const void *field,
		       char *out, size_t len);
};

/*
 * A network endpoint option (ABI 1.9): an OPT_PARSED row with .parser =
 * &sk_opt_host_port fills a struct sk_host_port from HOST:PORT (HOST a
 * name, an IPv4 address or [IPv6], PORT 1-65535). The host is resolved
 * when the line is read, so a bad or unknown one is one line and exit 1
 * before anything runs, and the stressor connects to .addr without
 * parsing text again. Not given and without .def_str: .len is 0.
 */
struct sk_host_port {
	struct sockaddr_storage addr;	/* the first address HOST resolves to */
	socklen_t len;			/* of addr; 0: not given */
	const char *text;		/* as typed, for --settings and messages */
};
SK_API extern const struct opt_parser sk_opt_host_port;

/*
 * One option of a stressor: --NAME, stored at .offset of the stressor's own
 * options struct. min/max/def are in the type's unit (bytes, seconds, index;
 * an OPT_LIST's items). Rows are written with designated initialisers:
 *   { .name = "pipe-data-size", .type = OPT_SIZE,
 *     .offset = offsetof(struct pipe_opts, data_size),
 *     .min = 8, .max = 4096, .def = 512, .help = "bytes per write()" },
 */
struct stressor_opt {
	const char *name;		/* full name without dashes: "pipe-data-size" */
	enum opt_type type;
	size_t offset;
	uint64_t min, max, def;
	const char *const *choices;	/* OPT_CHOICE, OPT_LIST: NULL-terminated names */
	const char *def_str;		/* OPT_STRING: default, may be NULL; OPT_LIST,
					   OPT_PARSED: the default as typed (ABI 1.6) */
	const char *help;
	unsigned flags;			/* OPT_ONE_WORD, OPT_INCREASING, OPT_DIR ... */
	const char *expect;		/* a bad value "expected ..."; NULL: from type and range */
	union {				/* one pointer either way: the layout of 1.5 */
		opt_item_fn item;		/* OPT_LIST: names of its own */
		const struct opt_parser *parser;	/* OPT_PARSED */
	};
};

#define OPT_TABLE_END { .name = NULL }
/* The most rows an option table may have (the core keeps one bit per row). */
#define SK_OPTS_MAX 64

struct stressor;

/* What the parent knows of one selected stressor; instances inherit it. */
struct stressor_ctx {
	const struct stressor *stressor;
	const void *opts;	/* the filled options struct */
	const char *run_dir;	/* this stressor's private temp directory */
	uint32_t instances;
	bool verify;		/* --verify */
	bool verbose;		/* --verbose */
	bool sandbox;		/* --sandbox: instances run under seccomp */
	double timeout;		/* --timeout in seconds; 0: none */
	void *priv;		/* set by prepare(), read by instances */
	double warmup;		/* --warmup in seconds, run before the timeout counts */
};

/* How a metric over several instances is combined into one figure. */
enum metric_mean {
	MEAN_GEOMETRIC,
	MEAN_HARMONIC,
	MEAN_TOTAL,
	MEAN_ARITHMETIC,
};

#define INSTANCE_METRICS_MAX 8

struct instance_metric_slot {
	const char *desc;	/* string literal: same address in every fork */
	double value;
	int mean;		/* enum metric_mean */
	int higher_is_better;
};

/*
 * One instance's slot in the shared counter mapping. The instance writes,
 * the controller reads. busy is 1 only while ops is being updated, so an
 * instance killed in the middle of an update leaves a slot the controller
 * can tell from a good one.
 */
struct instance_slot {
	volatile uint64_t ops;
	volatile uint32_t busy;
	volatile uint32_t state;	/* enum slot_state */
	volatile uint32_t status;	/* run()'s enum sk_status */
	uint32_t n_metrics;
	double start, stop;		/* CLOCK_MONOTONIC, seconds */
	double utime, stime;		/* this thread's CPU time at stop, seconds */
	volatile int32_t tid;		/* the instance's thread id */
	struct instance_metric_slot metrics[INSTANCE_METRICS_MAX];
	/* --latency: SK_LATENCY_SERIES histograms beside the slots, or NULL */
	struct sk_latency *latency;
	uint32_t latency_sample;	/* time one op in this many */
	/*
	 * --warmup's end as this instance saw it (instance_warmup_over): the
	 * ops it had counted then, and when, in sk_clock_ns() ns. lat_from is
	 * UINT64_MAX until then (0 without --warmup); in the slot because a
	 * helper the instance forked records latencies with its own copy of
	 * the instance, which never sees the end.
	 */
	volatile uint64_t warm_ops;
	volatile uint64_t lat_from;
} __attribute__((aligned(64)));

enum slot_state {
	SLOT_FORKED = 0,	/* not yet past the start barrier */
	SLOT_RUNNING,
	SLOT_DONE,		/* run() returned and stop time is set */
};

/* One running instance, as its run() sees it. */
struct instance {
	const struct stressor_ctx *ctx;
	const void *opts;		/* == ctx->opts */
	uint32_t index;			/* 0 .. ctx->instances - 1 */
	struct instance_slot *slot;
	const volatile uint32_t *stop;	/* the run's stop flag */
	uint64_t max_ops;		/* UINT64_MAX: no limit */
	struct sk_latency *latency;	/* --latency: [SK_LATENCY_SERIES], or NULL */
	uint32_t lat_every, lat_left;	/* the sampling countdown */
	uint64_t lat_from;		/* ns: ops started before (--warmup) go untimed */
	/* --warmup: the controller's flag, 1 until the warmup ends; NULL
	 * without --warmup and once this instance has seen it end */
	const volatile uint32_t *warming;
};

/*
 * --warmup's end, seen by this instance: the ops counted so far are the
 * warmup's, and ops from here on are timed. Called by instance_ops_add,
 * never by a stressor.
 */
SK_API void instance_warmup_over(struct instance *in);

/* True while the instance should do more work. */
static inline bool instance_continue(const struct instance *in)
{
	return !__atomic_load_n(in->stop, __ATOMIC_RELAXED) &&
	       in->slot->ops < in->max_ops;
}

/*
 * Counts n bogo-ops: plain stores, bracketed by busy for torn detection.
 * With --warmup, the count that first sees the controller's flag down
 * closes the warmup (those n ops are its last): the same op boundary for
 * the bogo-ops and the latency histograms, at the cost of one load and
 * branch until then and one branch after.
 */
static inline void instance_ops_add(struct instance *in, uint64_t n)
{
	struct instance_slot *s = in->slot;

	s->busy = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	s->ops += n;
	__atomic_store_n(&s->busy, 0, __ATOMIC_RELEASE);
	if (__builtin_expect(in->warming != NULL, 0) &&
	    !__atomic_load_n(in->warming, __ATOMIC_ACQUIRE))
		instance_warmup_over(in);
}

static inline void instance_ops_inc(struct instance *in)
{
	instance_ops_add(in, 1);
}

static inline uint64_t instance_ops(const struct instance *in)
{
	return in->slot->ops;
}

/*
 * A tight loop's view of its instance (ABI 1.12): the stop flag, the slot,
 * the --NAME-ops limit and the count, read once when the loop begins and
 * kept in registers. instance_continue() and instance_ops_inc() read them
 * through the instance, and the compiler must load them again after every
 * call it cannot see into (a libc call, a syscall wrapper): for an op of a
 * few tens of ns those loads are a measurable share of it. The counts are
 * the same as instance_ops_inc()'s: the torn-counter busy bracket, the
 * exact --NAME-ops limit, --warmup closed by the count that first sees the
 * controller's flag down. Use it for the whole loop:
 *	struct instance_loop l = instance_loop_begin(in);
 *
 *	while (instance_loop_continue(&l)) {
 *		one op;
 *		instance_loop_inc(&l);
 *	}
 * Begin it where the loop starts: after instance_ready() with
 * STRESSOR_OWN_START (the start sets the warmup and may end the run).
 * Between begin and the loop's end count only through l (a count made
 * through in is not seen by l); after it, in is up to date and another
 * loop may begin. Under --sandbox a thread instance's blocked syscall
 * ends an instance_continue() loop at once; here it ends the loop through
 * the failed call (EPERM), so an op's result must be checked.
 */
struct instance_loop {
	struct instance *in;
	const volatile uint32_t *stop;
	struct instance_slot *slot;
	uint64_t ops;			/* slot->ops: this instance alone writes it */
	uint64_t limit;			/* in->max_ops */
	const volatile uint32_t *warming;	/* in->warming */
};

static inline struct instance_loop instance_loop_begin(struct instance *in)
{
	struct instance_loop l = {
		.in = in,
		.stop = in->stop,
		.slot = in->slot,
		.ops = in->slot->ops,
		.limit = in->max_ops,
		.warming = in->warming,
	};

	return l;
}

/* instance_continue() for the loop. */
static inline bool instance_loop_continue(const struct instance_loop *l)
{
	return !__atomic_load_n(l->stop, __ATOMIC_RELAXED) && l->ops < l->limit;
}

/* instance_ops_add() for the loop: the same bracket and warmup boundary. */
static inline void instance_loop_add(struct instance_loop *l, uint64_t n)
{
	struct instance_slot *s = l->slot;

	l->ops += n;
	s->busy = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	s->ops = l->ops;
	__atomic_store_n(&s->busy, 0, __ATOMIC_RELEASE);
	if (__builtin_expect(l->warming != NULL, 0) &&
	    !__atomic_load_n(l->warming, __ATOMIC_ACQUIRE)) {
		instance_warmup_over(l->in);
		l->warming = NULL;
	}
}

static inline void instance_loop_inc(struct instance_loop *l)
{
	instance_loop_add(l, 1);
}

/* instance_ops() for the loop. */
static inline uint64_t instance_loop_ops(const struct instance_loop *l)
{
	return l->ops;
}

/*
 * Batches (ABI 1.13), for an op of a few ns (a malloc() and free() from
 * the C library's cache, an uncontended mutex), where even the loop's
 * check and count are a tenth of the op: how many ops to do before the
 * next check and count, at most max, fewer near the --NAME-ops limit, 0
 * once the loop must end. The stop is seen, the counter moves and the
 * --warmup ends a batch at a time (max ops of a few ns: a microsecond);
 * the ops stay exact. An op that fails inside a batch counts the ones
 * done before it:
 *	while ((n = instance_loop_batch(&l, 64))) {
 *		for (i = 0; i < n; i++)
 *			if (op fails) { instance_loop_add(&l, i); return ...; }
 *		instance_loop_add(&l, n);
 *	}
 */
static inline uint64_t instance_loop_batch(const struct instance_loop *l, uint64_t max)
{
	uint64_t left = l->ops < l->limit ? l->limit - l->ops : 0;

	if (__atomic_load_n(l->stop, __ATOMIC_RELAXED))
		return 0;
	return left < max ? left : max;
}

/* instance_stopping() for the loop. */
static inline bool instance_loop_stopping(const struct instance_loop *l)
{
	return __atomic_load_n(l->stop, __ATOMIC_RELAXED);
}

/*
 * --latency: times one op in --latency-sample. begin returns the start in
 * ns when this op is sampled, else 0 (and always 0 without --latency, at
 * the cost of one load and branch, or during --warmup, whose ops stay out
 * of the histograms: lat_from is set when the instance counts the
 * warmup's last op); end records the time since into series 0. Wrap the
 * op itself, not the loop's bookkeeping:
 *	uint64_t t0 = instance_latency_begin(in);
 *	write(fd, buf, n);
 *	instance_latency_end(in, t0);
 */
static inline uint64_t instance_latency_begin(struct instance *in)
{
	uint64_t t;

	if (!in->latency || --in->lat_left)
		return 0;
	in->lat_left = in->lat_every;
	t = sk_clock_ns();
	return t >= in->lat_from ? t : 0;
}

static inline void instance_latency_end(struct instance *in, uint64_t t0)
{
	if (t0)
		sk_latency_record(&in->latency[0], sk_clock_ns() - t0);
}

/* True with --latency: a stressor that stamps its own times checks it. */
static inline bool instance_latency_on(const struct instance *in)
{
	return in->latency != NULL;
}

/*
 * Records end - start (sk_clock_ns() times) into series (0 ..
 * SK_LATENCY_SERIES - 1) as measured by the stressor itself (a delivery
 * time, a reply to a scheduled send); a no-op without --latency or when
 * start is in the --warmup. One writer per series: a helper process the
 * instance forked may own series 1.
 */
static inline void instance_latency_record(struct instance *in, unsigned series,
					   uint64_t start, uint64_t end)
{
	if (in->latency && series < SK_LATENCY_SERIES &&
	    start >= __atomic_load_n(&in->slot->lat_from, __ATOMIC_RELAXED))
		sk_latency_record(&in->latency[series], end - start);
}

/*
 * Names a series in the report ("write", "write-to-read"); name is a
 * string literal. Unnamed, series 0 is "op". Call it in setup.
 */
SK_API void instance_latency_name(struct instance *in, unsigned series,
				  const char *name);

/* True when the stop flag is set (the timeout, a signal, or ops reached). */
static inline bool instance_stopping(const struct instance *in)
{
	return __atomic_load_n(in->stop, __ATOMIC_RELAXED);
}

/*
 * Records an extra metric: desc must be a string literal (its address is
 * shared by every fork), higher_is_better tells compare which way is good.
 */
SK_API void instance_metric(struct instance *in, const char *desc, double value,
		     enum metric_mean mean, bool higher_is_better);

/*
 * The usual throughput metric: bytes moved over the instance's run time in
 * MB per second (MB = 2^20 bytes), combined over instances by geometric
 * mean, higher is better. desc is a string literal as above.
 */
#define instance_metric_mb_per_sec(in, desc, bytes)				\
	instance_metric((in), (desc), (double)(bytes) / instance_elapsed(in) /	\
			(1 << 20), MEAN_GEOMETRIC, true)

/* Seconds since this instance passed the start barrier: up to now, or up
 * to the stop signal once one came (its run ended there). */
SK_API double instance_elapsed(const struct instance *in);

/* sk_clock_ns() (latency.h) in seconds: the same clock, one read. */
SK_API double sk_now(void);

/* A struct timeval (rusage times) in seconds. */
struct timeval;
SK_API double sk_timeval_seconds(const struct timeval *tv);

/* Messages from inside an instance, prefixed "NAME: " and the log prefix. */
SK_API void instance_info(const struct instance *in, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
SK_API void instance_fail(const struct instance *in, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Errors inside a stressor, one convention: a helper returns 0 (or a count,
 * an fd, a pid) or a negative errno, and reports nothing; prepare(), run()
 * and the steps of run() that report a failure themselves return an enum
 * sk_status, the one run() returns. A failure becomes a status where it is
 * reported: instance_error names what failed with err, a negative errno as
 * a helper returned it, and returns the status for it: ENOSYS -> not
 * implemented (said as info, not as a failure); ENOMEM/ENOSPC -> no
 * resource; anything else -> failed. instance_syscall_failed does the same
 * for errno, straight after a failed syscall; EINTR is the caller's to retry.
 */
SK_API int instance_error(const struct instance *in, const char *what, int err);
SK_API int instance_syscall_failed(const struct instance *in, const char *syscall);

/* Flags of a stressor. */
enum {
	STRESSOR_NO_THREADS = 1u << 0,	/* forks or changes process state */
	STRESSOR_THREADS_ONLY = 1u << 1,	/* instances share memory as threads:
					   refuses --instance-mode process */
	STRESSOR_OWN_START = 1u << 2,	/* run() sets up, then calls
					   instance_ready() (ABI 1.11) */
};

/*
 * STRESSOR_OWN_START (ABI 1.11): set-up that is not part of the run.
 * Without the flag the core waits at the start barrier, then calls run(),
 * so whatever run() does before its loop (forking a helper, opening files,
 * filling buffers) is timed and, at thousands of instances on a few CPUs,
 * eats the run: the helpers fork while the others already count. With it,
 * the core calls run() before the barrier; run() sets up, then calls
 * instance_ready(in), which waits for the barrier to open and returns
 * when this instance's run starts: its start time, instance_elapsed(),
 * --warmup and --latency count from there, as without the flag. The
 * controller opens the barrier once every instance is ready, so the
 * set-up of the last does not overlap the run of the first.
 *   - Call it once, in the instance itself, before the loop: a second
 *     call, or one from a helper process or a thread of the instance,
 *     does nothing.
 *   - A run() that fails in set-up returns its status without calling
 *     it: the core then counts the instance ready and started, so nobody
 *     waits for it.
 *   - Do no counted work before it: ops and latencies before the start
 *     have no run time to be divided by.
 *   - Set-up runs after the sandbox is loaded (--sandbox: its syscalls
 *     are in .syscalls) and, with --perf, after the counters are opened
 *     (a helper forked in set-up is counted), but the counters start at
 *     the barrier.
 *   - A set-up that hangs delays the start: the controller opens the
 *     barrier without it after 10 s in which no instance became ready,
 *     and says how many were not.
 * The flag works in both instance modes; a thread instance's set-up runs
 * in its own thread.
 */
SK_API void instance_ready(struct instance *in);

struct stressor {
	const char *name;		/* --NAME N, --NAME-ops N */
	const char *summary;		/* one line for --stressors */
	const char *help;		/* what one bogo-op is; differences from peers */
	unsigned classes;
	unsigned flags;
	const char *needs;		/* build features, space-separated: "splice vmsplice" */
	const struct stressor_opt *opts;
	size_t opts_size;
	const char *const *syscalls;	/* --sandbox: SK_SYSCALLS(...) or SK_NO_SYSCALLS */
	int (*prepare)(struct stressor_ctx *ctx);	/* parent, before fork */
	int (*run)(struct instance *in);		/* the instance loop */
	void (*cleanup)(struct stressor_ctx *ctx);	/* parent, after reap */
	/*
	 * The bogo-op's version (ABI 1.10): a short word ("1", "2", at most
	 * SK_STRESSOR_VERSION_MAX of [A-Za-z0-9._+-]) that the stressor's
	 * author bumps whenever what one bogo-op does changes. Results record
	 * it per stressor, and compare refuses to set the ops/s of two
	 * versions side by side. NULL: unversioned (a plugin may leave it;
	 * a built-in must set it). Appended last: a plugin built for an
	 * older minor has no such field, and the loader does not read it.
	 */
	const char *version;
};

#define SK_STRESSOR_VERSION_MAX 32

/*
 * What run() may call under --sandbox, setup included, beyond the core's
 * base set (core/run/sandbox.c): .syscalls = SK_SYSCALLS("pipe2", "read").
 * A name this architecture lacks is skipped. A stressor that needs nothing
 * beyond the base set says so with SK_NO_SYSCALLS: a missing list is an
 * error, so that a new stressor cannot forget it and fail only under
 * --sandbox.
 */
#define SK_SYSCALLS(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define SK_NO_SYSCALLS ((const char *const[]){ NULL })

/*
 * A fault the integration tests inject (STRESSKIT_TEST_<NAME> in the
 * environment, read by the core): true when it is switched on. Call it
 * once in setup, not in the loop.
 */
SK_API bool sk_test_hook(const char *name);

/*
 * Confines the calling process to the base set plus syscalls (NULL-ended
 * names, may be NULL): a blocked syscall prints "WHO: blocked syscall NAME"
 * on stderr and exits with SK_FAILED. For subcommands once they have set
 * up (a server after bind). Returns 0, or a negative errno (-ENOSYS when
 * built without libseccomp).
 */
SK_API int sk_sandbox_enter(const char *who, const char *const *syscalls);

/*
 * Registration: a pointer in the "sk_stressors" linker section. "used" and
 * "retain" keep it from being dropped, the alignment keeps the array dense
 * and no_sanitize_address keeps ASan from padding it.
 */
#if defined(__clang__)
#define SK_NO_ASAN __attribute__((no_sanitize("address")))
#else
#define SK_NO_ASAN	/* gcc never pads globals in a named section */
#endif
#define SK_SECTION_ENTRY(sec)						\
	__attribute__((used, retain, section(sec),			\
		       aligned(sizeof(void *)))) SK_NO_ASAN

/*
 * Registration. Built in (the Makefile defines SK_BUILTIN), a pointer in
 * the sk_stressors section that the core reads at start. In a plugin, a
 * constructor that hands the descriptor, with the ABI the plugin was built
 * for, to the loader while dlopen() runs; the loader validates it as it
 * validates the built-in ones.
 */
SK_API void sk_plugin_register(const struct stressor *s, unsigned abi_major,
			       unsigned abi_minor);

#ifdef SK_BUILTIN
#define STRESSOR_REGISTER(s)							\
	static const struct stressor *const sk_stressor_ptr_##s		\
	SK_SECTION_ENTRY("sk_stressors") = &(s)
#else
#define STRESSOR_REGISTER(s)							\
	__attribute__((constructor)) static void sk_stressor_ctor_##s(void)	\
	{									\
		sk_plugin_register(&(s), SK_ABI_MAJOR, SK_ABI_MINOR);		\
	}									\
	struct sk_stressor_register_##s
#endif

/*
 * Subcommands (stresskit redis-server, stresskit compare): registered the
 * same way, so a module adds one without touching main.
 */
struct subcommand {
	const char *name;
	const char *summary;
	int (*main)(int argc, char **argv);	/* argv[0] is the subcommand */
};

#define SUBCOMMAND_REGISTER(c)							\
	static const struct subcommand *const sk_subcommand_ptr_##c		\
	SK_SECTION_ENTRY("sk_subcommands") = &(c)

#endif
