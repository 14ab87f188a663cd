/*
 * window.h - the measured window: what a run counts of an instance (its
 * ops, run time, CPU time and timed ops) lies between the window's
 * opening and the instance's end. The window opens at the start barrier
 * unless a run mode holds it (--warmup: open at T; warmup_mode.c). Held, each
 * instance notes its own ops and clock at its first count after the
 * opening (instance_warmup_over), the op boundary its latency histograms
 * start at too; the controller notes the CPU time at the opening, and the
 * ops of an instance that counted nothing after it; after the reap, what
 * came before the opening is taken off each result (run.h's
 * window_before), so the figures cover the window alone.
 */
#ifndef STRESSKIT_WINDOW_H
#define STRESSKIT_WINDOW_H

#include <stdbool.h>
#include <sys/types.h>

#include "run.h"

struct run_state;

/* Before the fork: the window opens only at window_open(), not at the
 * barrier. An instance reads it at the barrier. */
void window_hold(struct run_state *st);

/* Opens a held window: every instance notes its own boundary at its next
 * count; the controller notes each one's figures so far. */
void window_open(struct run_state *st);

/* After the reap: takes off every result what came before the opening. */
void window_take_off(struct run_state *st);

/* Right after the opening: notes slot s of the instance in process pid
 * (thread: the thread recorded in the slot) into r->before. */
void window_snapshot(struct instance_result *r, const struct instance_slot *s,
		     pid_t pid, bool thread);

/* True, with the ops it had counted, once the instance of slot s noted the
 * opening (or had nothing before it: it started after it, or the window
 * was never held). */
bool window_noted(const struct instance_slot *s, uint64_t *ops);

/* After the reap: takes r->before off r's figures, by the instance's own
 * note in s where it made one, else by window_snapshot's. */
void window_discount(struct instance_result *r, const struct instance_slot *s);

#endif
