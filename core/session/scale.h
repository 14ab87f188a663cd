/*
 * scale.h - the --scale sweep, as will-it-scale runs a testcase: the
 * selected stressor at 1..N instances (or --scale-steps), a --timeout run
 * each, then a table of total and per-instance ops/s against the linear
 * figure (the first step's per-instance rate times n), as text, CSV, SVG.
 */
#ifndef STRESSKIT_SCALE_H
#define STRESSKIT_SCALE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct plan;

/* Runs the plan's steps, prints the table; returns the exit status. */
int scale_main(const struct plan *p);

#endif
