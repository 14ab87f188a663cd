/*
 * run_state.h - the controller's state during one run, shared by the
 * files that drive it: scheduler.c (fork, barrier, wait), stop.c
 * (stop, grace, SIGKILL, reap) and the run modes' hooks (run_mode.h).
 * Not for anything outside core/run.
 */
#ifndef STRESSKIT_RUN_STATE_H
#define STRESSKIT_RUN_STATE_H

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "instance.h"
#include "phases.h"
#include "run.h"
#include "run_mode.h"

/*
 * What the controller tracks of each forked process, sorted by pid: one
 * instance, or (thread mode) a worker running n_inst instances, whose
 * results and slots follow res and slot.
 */
struct child {
	pid_t pid;
	struct instance_result *res;
	struct instance_slot *slot;
	uint32_t n_inst;
	bool threads;
	bool reaped;
	bool alarmed;		/* sent the stop signal (--status counts it) */
	/* CPU seconds (every thread) at the stop and at the end of the last
	 * grace window: what the grace judges progress by (stop.c) */
	double cpu_stop, cpu_seen;
};

struct run_state {
	const struct run_plan *plan;
	struct run_result *res;
	struct stressor_ctx *ctx;
	struct run_shared *sh;
	size_t sh_len, n_slots;	/* n_slots: the slots it maps */
	struct child *children;
	size_t n_children, n_live;
	/* the process group of every child (the first child's pid), so one
	 * kill() stops them all; 0 when a setpgid failed (stop.c) */
	pid_t pgid;
	bool pgid_failed;
	char run_dir[PATH_MAX];
	int run_dir_lock;	/* held while the run lives (rundir.h) */
	sigset_t waitset;
	double t0;
	/* when the counted window starts: the barrier's opening, or later
	 * where a RUN_OPENED hook waits (the warm-up); the timeout counts from it */
	double measure_from;
	struct run_phases ph;
	/* a before_fork hook that cannot start its instrument sets a status
	 * here: nothing is forked and the run ends with it */
	int failed;
	/* the modes on for this run, by rank (run_mode.h) */
	const struct run_mode *modes[RUN_MODES_MAX];
	size_t n_modes;
	/* each mode's state for this run, by run_mode_index (run_mode_state) */
	void *mode_state[RUN_MODES_MAX];
};

#endif
