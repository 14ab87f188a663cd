/*
 * threads.h - thread instances (--instance-mode thread): the instances of
 * one stressor run as threads of one worker process the controller forks,
 * as will-it-scale's thread mode. They count into the same shared slots.
 */
#ifndef STRESSKIT_THREADS_H
#define STRESSKIT_THREADS_H

#include <sys/resource.h>
#include <sys/types.h>

#include "instance.h"
#include "run.h"

/*
 * Forks the worker of n instances whose slots are slots[0..n-1]; instance
 * k stops after run_ops_share(max_ops, n, k) ops. Returns the worker's pid
 * (in the controller) or -1 with errno set.
 */
pid_t threads_fork(const struct run_state *st, const struct stressor_ctx *ctx,
		   struct instance_slot *slots, uint32_t n, uint64_t max_ops,
		   pid_t controller);

/*
 * After the worker is reaped: each thread's CPU time and status from its
 * slot; threads that never recorded theirs (killed) share what is left of
 * the worker's rusage, or, when every one did, all of them do (the
 * worker's main thread, threads an instance started).
 */
void threads_record(struct instance_result *res, const struct instance_slot *slots,
		    uint32_t n, const struct rusage *ru);

#endif
