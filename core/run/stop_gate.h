/*
 * stop_gate.h - how many instances may stop at once (stop_gate.c): a
 * semaphore in the run's shared mapping that an instance passes in its
 * stop signal's handler, before it winds down, and that the controller
 * refills as it reaps.
 */
#ifndef STRESSKIT_STOP_GATE_H
#define STRESSKIT_STOP_GATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shared.h"

/* The gate's word when every instance may pass (before the stop, and
 * once the controller gives up on ordering the exits). */
#define STOP_GATE_OPEN UINT32_MAX

/* Lets every instance pass; true when the gate was not open. */
bool stop_gate_open(struct run_shared *sh);

/* The controller, before it sets the stop flag: n instances may wind
 * down at once; the others wait in stop_gate_pass. */
void stop_gate_limit(struct run_shared *sh, uint32_t n);

/* The controller reaped n children: n more may pass (no-op when open). */
void stop_gate_refill(struct run_shared *sh, uint32_t n);

/* An instance, in its stop signal's handler: waits (asleep on a futex,
 * off the run queue) until it may wind down. Async-signal-safe. */
void stop_gate_pass(struct run_shared *sh);

/* How many instances may stop at once on a machine of cpus CPUs. */
uint32_t stop_gate_width(long cpus);

#endif
