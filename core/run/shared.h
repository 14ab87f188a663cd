/*
 * shared.h - the run's shared mapping, made before the first fork: a
 * header (the start barrier, the stop flag, the window's flag) on its own
 * cache line, then one instance_slot per instance. Instances count into
 * their slot with plain stores; the controller reads them.
 */
#ifndef STRESSKIT_SHARED_H
#define STRESSKIT_SHARED_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <stresskit/stressor.h>

#include "slot.h"

/*
 * The header, read by every instance's loop and written once by the
 * controller; the ready count, written once by each instance before the
 * start, is on a line of its own so that it does not bounce the loop's.
 */
struct run_shared {
	uint32_t start;		/* futex: 0 until the start barrier opens */
	uint32_t stop;		/* 1 once the run should stop */
	uint32_t window_held;	/* 1 until the controller opens the measured
				   window it holds (window.h; --warmup) */
	uint32_t held_stop;	/* 1 once the window opened or the run stops:
				   what a 1.0 plugin's run() before the
				   window stops at (instance.c) */
	uint32_t setup;		/* futex: 0 until instances may set up, after
				   the last fork (scheduler.c; --perf
				   attaches its counters first) */
	int32_t pgid;		/* the run's process group: 0 before the first
				   fork, -1 when there is none (stop.c) */
	uint64_t len;		/* the mapping's length (helper_unshare) */
	/* futex: instances set up and waiting at the barrier (or gone) */
	uint32_t ready __attribute__((aligned(64)));
	uint32_t ready_expect;	/* the count that wakes the controller */
	/* futex: how many more instances may wind down at once, or
	 * STOP_GATE_OPEN (stop_gate.h); only used at the stop */
	uint32_t gate;
} __attribute__((aligned(64)));

/* Maps the header, n slots and n pids, shared across fork. NULL on failure. */
struct run_shared *shared_map(size_t n_slots, size_t *len);
void shared_unmap(struct run_shared *sh, size_t len);
struct instance_slot *shared_slot(struct run_shared *sh, size_t i);
/*
 * The controller's note of each slot's pid while it forks, after the n
 * slots: a shared page, which fork neither copies nor write-protects, so
 * noting a pid costs the next fork nothing (scheduler.c).
 */
pid_t *shared_pids(struct run_shared *sh, size_t n_slots);

/* FUTEX_WAIT (no timeout) or FUTEX_WAKE on a word of the mapping. */
long shared_futex(uint32_t *word, int op, uint32_t val);

/* Lets instances set up (a no-op when the gate was open from the start). */
void shared_open_setup(struct run_shared *sh);

/* An instance waits until it may set up (before its run() sets up). */
void shared_wait_setup(struct run_shared *sh);

/*
 * An instance is ready (set up, about to wait at the barrier) or will
 * never be: counted once, and the one that completes ready_expect wakes
 * the controller (ready.c).
 */
void shared_note_ready(struct run_shared *sh);

/* Opens the start barrier, or (stop) tells waiting instances to give up. */
void shared_release(struct run_shared *sh);

/* Waits until the start barrier opens (or the run is stopped first). */
void shared_wait_start(struct run_shared *sh);

#endif
