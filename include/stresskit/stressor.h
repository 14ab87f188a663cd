/*
 * stressor.h - the contract between the stresskit core and a stressor.
 *
 * A stressor fills a struct stressor and registers it with
 * STRESSOR_REGISTER(), in a file of the tree or in a shared object built
 * with pkg-config --cflags stresskit and loaded with --plugin. The core
 * checks the descriptor, parses its options from the typed table, starts
 * its instances and calls run() in each; run() counts its bogo-ops with
 * the loop of <stresskit/instance.h>. This header and its
 * siblings in <stresskit/> are the whole API (ABI 1.1, version.h); every
 * public name is listed in stresskit-stressor(3).
 */
#ifndef STRESSKIT_STRESSOR_H
#define STRESSKIT_STRESSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <stresskit/clock.h>
#include <stresskit/helper.h>
#include <stresskit/instance.h>
#include <stresskit/latency.h>
#include <stresskit/log.h>
#include <stresskit/opts.h>
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

/* Classes, stress-ng's names; a stressor has at least one. The bits
 * from 8 on are ABI 1.1 (stress-ng's other classes, in its order). */
enum {
	CLASS_CPU        = 1u << 0,
	CLASS_FILESYSTEM = 1u << 1,
	CLASS_IO         = 1u << 2,
	CLASS_MEMORY     = 1u << 3,
	CLASS_NETWORK    = 1u << 4,
	CLASS_OS         = 1u << 5,
	CLASS_PIPE_IO    = 1u << 6,
	CLASS_SCHEDULER  = 1u << 7,
	CLASS_COMPUTE    = 1u << 8,
	CLASS_CPU_CACHE  = 1u << 9,
	CLASS_DEV        = 1u << 10,
	CLASS_FP         = 1u << 11,
	CLASS_GPU        = 1u << 12,
	CLASS_HOT        = 1u << 13,
	CLASS_INTEGER    = 1u << 14,
	CLASS_INTERRUPT  = 1u << 15,
	CLASS_IPC        = 1u << 16,
	CLASS_SEARCH     = 1u << 17,
	CLASS_SECURITY   = 1u << 18,
	CLASS_SIGNAL     = 1u << 19,
	CLASS_SORT       = 1u << 20,
	CLASS_TLB        = 1u << 21,
	CLASS_VECTOR     = 1u << 22,
	CLASS_VM         = 1u << 23,
	CLASS_ALL        = (1u << 24) - 1,
};

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
	union {
		/* seconds into the run that the measured window opens (the
		 * --warmup before it); the timeout counts from there */
		double window_at;
		double warmup __attribute__((deprecated("read window_at")));
	};
};

/* How a metric over several instances is combined into one figure. */
enum metric_mean { MEAN_GEOMETRIC, MEAN_HARMONIC, MEAN_TOTAL, MEAN_ARITHMETIC };

/* A metric of the instance, at most 8: desc is a string literal (the same
 * address in every fork); higher_is_better tells compare which way is good. */
SK_API void instance_metric(struct instance *in, const char *desc, double value,
			    enum metric_mean mean, bool higher_is_better);

/* bytes over the instance's run time in MB (2^20 bytes) per second. */
#define instance_metric_mb_per_sec(in, desc, bytes)				\
	instance_metric((in), (desc), (double)(bytes) / instance_elapsed(in) /	\
			(1 << 20), MEAN_GEOMETRIC, true)

/* Seconds since this instance started: up to now, or to the stop. */
SK_API double instance_elapsed(const struct instance *in);

/* sk_clock_ns() (clock.h) in seconds: the same clock, one read. */
SK_API double sk_now(void);

/* Messages from inside an instance, prefixed "NAME: " and the log prefix. */
SK_API void instance_info(const struct instance *in, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
SK_API void instance_fail(const struct instance *in, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Errors: a helper returns 0 (a count, an fd) or a negative errno and
 * reports nothing; run() and the steps that report return an enum
 * sk_status. instance_error names what failed with err (a negative errno)
 * and returns its status: ENOSYS -> not implemented (said as info),
 * ENOMEM/ENOSPC -> no resource, else failed. instance_syscall_failed does
 * the same with errno, straight after a failed syscall (EINTR: retry).
 */
SK_API int instance_error(const struct instance *in, const char *what, int err);
SK_API int instance_syscall_failed(const struct instance *in, const char *syscall);

/* Flags of a stressor. */
enum {
	STRESSOR_NO_THREADS   = 1u << 0,	/* forks or changes process state */
	STRESSOR_THREADS_ONLY = 1u << 1,	/* shares memory: no --instance-mode process */
	STRESSOR_OWN_START    = 1u << 2,	/* run() sets up, then instance_ready() */
	STRESSOR_HERD         = 1u << 3,	/* ABI 1.1: its helpers stop with the run (helper.h) */
};

/*
 * STRESSOR_HELPERS(n), or-ed into .flags (ABI 1.1): each instance starts
 * n helper tasks (sk_fork_helper's processes, or threads of its own),
 * 1 to STRESSOR_HELPERS_MAX, whatever its options. The core counts them
 * in the processes a run needs, and refuses before any fork a run that
 * the user's ulimit -u (RLIMIT_NPROC) cannot hold. A helper that only
 * some options start is left out: a run short of it then says so in one
 * line after the run. Bits 8-11 of .flags, so that struct stressor keeps
 * the layout of ABI 1.0; a 1.0 plugin's zero there means none.
 */
#define STRESSOR_HELPERS_MAX 15u
#define STRESSOR_HELPERS(n) (((unsigned)(n) & STRESSOR_HELPERS_MAX) << 8)

/*
 * STRESSOR_OWN_START: run() is called before the start barrier, sets up
 * (forks helpers, opens files) and then calls instance_ready(), which
 * returns when the run starts; time, --warmup and --latency count from
 * there. Call it once, before the loop, in the instance itself; a run()
 * that fails in set-up returns its status without calling it.
 */
SK_API void instance_ready(struct instance *in);

struct stressor {
	const char *name;		/* --NAME N, --NAME-ops N */
	const char *summary;		/* one line for --stressors */
	const char *help;		/* what one bogo-op is; differences from peers */
	unsigned classes;		/* CLASS_* */
	unsigned flags;			/* STRESSOR_* */
	const char *needs;		/* build features, space-separated: "splice vmsplice" */
	const struct stressor_opt *opts;	/* ended by OPT_TABLE_END, or NULL */
	size_t opts_size;		/* sizeof the options struct */
	const char *const *syscalls;	/* --sandbox: SK_SYSCALLS(...) or SK_NO_SYSCALLS */
	int (*prepare)(struct stressor_ctx *ctx);	/* parent, before fork; or NULL */
	int (*run)(struct instance *in);		/* the instance: an enum sk_status */
	void (*cleanup)(struct stressor_ctx *ctx);	/* parent, after reap; or NULL */
	const char *version;		/* the bogo-op's version ("1"), bumped when the
					   op changes: compare refuses two; NULL: none */
};

#define SK_STRESSOR_VERSION_MAX 32	/* bytes of [A-Za-z0-9._+-] */

/* What run() may call under --sandbox beyond the core's base set; a name
 * this architecture lacks is skipped. The list is required. */
#define SK_SYSCALLS(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define SK_NO_SYSCALLS ((const char *const[]){ NULL })

/* A plugin's registration, made by STRESSOR_REGISTER while dlopen() runs. */
SK_API void sk_plugin_register(const struct stressor *s, unsigned abi_major,
			       unsigned abi_minor);

#ifdef SK_BUILTIN
/* Built in: a pointer in the binary's sk_stressors section, read at start. */
#include <stresskit-builtin.h>
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

#endif
