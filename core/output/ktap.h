/*
 * ktap.h - --ktap: a run as a KTAP version 1 document, the format the
 * kernel's kselftest and KUnit print and KernelCI and LAVA parse, with
 * kselftest's exit codes.
 */
#ifndef STRESSKIT_KTAP_H
#define STRESSKIT_KTAP_H

#include <stdio.h>

#include "doc_writers.h"

/*
 * Writes the header, the plan 1..n and one result line per test (a
 * stressor of the plan, doc_writers.h: the --ktap row), each
 * after its metrics as "# NAME.KEY: VALUE [UNITS]" diagnostic lines.
 * Returns 0, or -EIO when f could not be written.
 */
int ktap_write(FILE *f, const struct doc_test *t, size_t n);

/* A stresskit exit status as kselftest's: 0 pass, 4 skip, 1 otherwise. */
int ktap_exit_status(int status);

#endif
