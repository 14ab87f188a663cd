/*
 * latency_area.h - --latency's histograms: SK_LATENCY_SERIES per instance
 * in one shared mapping beside the slots, made before fork, so instances
 * record into it with plain stores and the controller reads it after the
 * reap without copying per-op data.
 */
#ifndef STRESSKIT_LATENCY_AREA_H
#define STRESSKIT_LATENCY_AREA_H

#include "shared.h"
#include "run.h"

/*
 * Maps n_slots instances' histograms into res (lat_area, lat_len), empties
 * them and points each slot at its own with the sampling interval.
 * Returns 0 or -ENOMEM.
 */
int latency_area_map(struct run_result *res, struct run_shared *sh,
		     size_t n_slots, uint32_t sample);

/* Unmaps it; the instance results' latency pointers die with it. */
void latency_area_unmap(struct run_result *res);

#endif
