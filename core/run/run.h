/*
 * run.h - one run of a plan: the stressors, their instance counts and
 * options, the timeout; and what the run measured, per instance. Types
 * only: scheduler.h runs one, status.h ranks the statuses.
 */
#ifndef STRESSKIT_RUN_H
#define STRESSKIT_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include <stresskit/stressor.h>

struct perf_set;
struct sampler;

struct plan_entry {
	const struct stressor *stressor;
	const void *opts;	/* filled options struct */
	uint32_t instances;
	uint64_t max_ops;	/* total over all instances; 0: no limit */
};

struct run_plan {
	struct plan_entry *entries;
	size_t n;
	double timeout;		/* seconds; 0: until every instance returns */
	double grace;		/* seconds of one stop grace window (stop.c) */
	double warmup;		/* seconds run before counting starts */
	bool threads;		/* --instance-mode thread */
	bool verify, verbose;
	bool sandbox;		/* --sandbox */
	const char *temp_path;
	const struct opt_cpus *taskset;	/* --taskset, or NULL */
	struct perf_set *perf;	/* --perf: counters per instance, or NULL */
	struct sampler *sampler;	/* the time series (sampler.h), or NULL */
	uint32_t latency_sample;	/* --latency: time 1 op in N; 0: off */
	/*
	 * Optional: called from the controller's wait loop every
	 * tick_interval seconds with the seconds since the first fork and
	 * the bogo-ops counted so far over every instance. It must be cheap.
	 */
	void (*tick)(void *arg, double elapsed, uint64_t ops);
	void *tick_arg;
	double tick_interval;
};

struct instance_result {
	pid_t pid;
	bool started;		/* passed the start barrier */
	bool finished;		/* run() returned */
	bool torn;		/* killed while updating its counter */
	bool killed_late;	/* ignored the stop and was killed after the grace */
	int status;		/* enum sk_status, from run() or the harness */
	int term_signal;	/* the signal that ended it, or 0 */
	uint64_t ops;
	double duration;	/* seconds from start barrier to return */
	double utime, stime;	/* seconds, from wait4 (thread mode: the slot) */
	uint64_t warm_ops;	/* counted during --warmup, taken off ops */
	double warm_skip;	/* seconds of --warmup, taken off duration */
	double warm_utime, warm_stime;	/* CPU time of --warmup, taken off */
	long maxrss_kb;
	long nvcsw, nivcsw;	/* context switches (rusage); thread mode: the worker's, on instance 0 */
	uint32_t n_metrics;
	struct instance_metric_slot metrics[INSTANCE_METRICS_MAX];
	/* --latency: its SK_LATENCY_SERIES histograms, valid until run_result_free */
	const struct sk_latency *latency;
};

struct stressor_result {
	const struct plan_entry *entry;
	uint32_t n;			/* instances forked */
	bool short_start;		/* fewer forked than asked (said why) */
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
	int status;		/* the run's exit code */
	void *lat_area;		/* --latency: the histograms' mapping */
	size_t lat_len;
};

/* Instance k's share of --NAME-ops total over n, so the sum is exact. */
static inline uint64_t run_ops_share(uint64_t total, uint32_t n, uint32_t k)
{
	return total ? total / n + (k < total % n) : 0;
}

#endif
