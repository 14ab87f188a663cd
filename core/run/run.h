/*
 * run.h - one run of a plan: the stressors, their instance counts and
 * options, the timeout; and what the run measured, per instance. Types
 * only: scheduler.h runs one, status.h ranks the statuses.
 */
#ifndef STRESSKIT_RUN_H
#define STRESSKIT_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <stresskit/stressor.h>

#include "slot.h"

struct run_session;

struct plan_entry {
	const struct stressor *stressor;
	const void *opts;	/* filled options struct */
	uint32_t instances;
	uint64_t max_ops;	/* total over all instances; 0: no limit */
};

/*
 * A run's counts at one moment: the seconds since the first fork, the
 * bogo-ops counted so far over every instance, and the instances by
 * state, as stress-ng's --status counts them (running + exited =
 * instances forked). The controller's wait loop counts them for whoever
 * watches the run; the result keeps the last.
 */
struct run_counts {
	double now;		/* CLOCK_MONOTONIC seconds, when counted */
	double elapsed;
	uint64_t ops;
	uint32_t running;	/* forked, run() not returned, process alive */
	uint32_t exited;	/* run() returned, or its process ended */
	uint32_t reaped;	/* its process waited for by the controller */
	uint32_t failed;	/* exited with SK_FAILED */
	uint32_t alarmed;	/* sent the stop signal (SIGALRM) */
};

/* The most run modes registered (run_mode.h); one past it is left off, said. */
#define RUN_MODES_MAX 16

/*
 * --placement: where the tasks of an instance run (its helpers'
 * processes and itself): all on one CPU, the helpers on the next one, or
 * wherever the scheduler puts them. Same CPU and split CPUs are two
 * workloads; a verdict never pools them.
 */
enum run_placement { PLACE_PACK, PLACE_SPREAD, PLACE_FREE };

struct run_plan {
	struct plan_entry *entries;
	size_t n;
	double timeout;		/* seconds; 0: until every instance returns */
	double grace;		/* seconds of one stop grace window (stop.c) */
	bool threads;		/* --instance-mode thread */
	bool verify, verbose;
	bool sandbox;		/* --sandbox */
	const char *temp_path;
	const struct opt_cpus *taskset;	/* --taskset, or NULL */
	enum run_placement placement;	/* --placement */
	/* each registered run mode's options struct, by run_mode_index */
	const void *mode_opts[RUN_MODES_MAX];
	/* bit i of [m]: the command line gave row i of mode m */
	uint64_t mode_given[RUN_MODES_MAX];
	/* the modes' state over the session this run is one of
	 * (run_session_begin, run_mode.h), or NULL */
	struct run_session *session;
};

/* What an instance did before the measured window opened (window.h). */
struct window_before {
	uint64_t ops;
	double seconds;		/* run time */
	double utime, stime;	/* CPU time */
};

struct instance_result {
	pid_t pid;
	uint32_t slot;		/* its index among the run's slots */
	bool started;		/* passed the start barrier */
	bool finished;		/* run() returned */
	bool torn;		/* killed while updating its counter */
	bool killed_late;	/* ignored the stop and was killed after the grace */
	int status;		/* enum sk_status, from run() or the harness */
	int term_signal;	/* the signal that ended it, or 0 */
	uint64_t ops;
	double duration;	/* seconds from start barrier to return */
	double utime, stime;	/* seconds, from wait4 (thread mode: the slot, threads_record) */
	struct window_before before;	/* taken off the figures above (window.h) */
	long maxrss_kb;
	long nvcsw, nivcsw;	/* context switches (rusage); thread mode: the worker's, on instance 0 */
	uint32_t n_metrics;
	struct instance_metric_slot metrics[INSTANCE_METRICS_MAX];
	bool helper_no_process;	/* a helper's fork failed with EAGAIN (slot.h) */
};

struct stressor_result {
	const struct plan_entry *entry;
	uint32_t n;			/* instances forked */
	bool short_start;		/* fewer forked than asked */
	int fork_err;			/* short_start's errno, said by status_judge */
	struct instance_result *inst;	/* plan entry's instances */
	int status;			/* worst instance status */
};

struct run_result {
	struct stressor_result *s;
	size_t n;
	double wall;		/* seconds from first fork to last reap */
	double grace;		/* seconds from the stop signal to the SIGKILL of
				 * whoever was late (the scaling grace) */
	bool interrupted;	/* SIGINT, SIGTERM or SIGHUP to the controller */
	struct run_counts counts;	/* the instances by state once all are reaped */
	int status;		/* the run's exit code */
	/* each run mode's figures for the results, by run_mode_index (run_mode.h) */
	void *mode_out[RUN_MODES_MAX];
};

/* Instance k's share of --NAME-ops total over n, so the sum is exact. */
static inline uint64_t run_ops_share(uint64_t total, uint32_t n, uint32_t k)
{
	return total ? total / n + (k < total % n) : 0;
}

#endif
