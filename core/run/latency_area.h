/*
 * latency_area.h - --latency's histograms: SK_LATENCY_SERIES per instance
 * in one shared mapping beside the slots, made before fork by the latency
 * run mode (latency_mode.c), so instances record into it with plain
 * stores and the controller reads it after the reap without copying
 * per-op data.
 */
#ifndef STRESSKIT_LATENCY_AREA_H
#define STRESSKIT_LATENCY_AREA_H

#include "run.h"

/* Unmaps it; the instance results' latency pointers die with it. */
void latency_area_unmap(struct run_result *res);

#endif
