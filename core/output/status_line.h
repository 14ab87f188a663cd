/*
 * status_line.h - --status N: every N seconds of a run, one info line with
 * its instances by state, in stress-ng's words and order (status_line.c).
 */
#ifndef STRESSKIT_STATUS_LINE_H
#define STRESSKIT_STATUS_LINE_H

#include <stddef.h>

#include "run.h"

/*
 * Writes stress-ng's rendering of a run time rounded to whole seconds:
 * "0 sec", "2 secs", "1 min 5 secs", "1 hour 0 sec" (its units and
 * plurals, a year of 365.2425 days). Returns buf.
 */
char *status_line_duration(double secs, char *buf, size_t len);

struct progress;

/*
 * Hooks the line to the plan, every secs seconds (0: none). Attach it
 * before --progress's line p, which it erases before it prints.
 */
void status_line_attach(struct run_plan *plan, double secs, struct progress *p);

#endif
