/*
 * compare_help.h - "stresskit compare --help" (compare_help.c).
 */
#ifndef STRESSKIT_COMPARE_HELP_H
#define STRESSKIT_COMPARE_HELP_H

#include <stdio.h>

#include <stresskit/stressor.h>

/* --fail-on-regression's exit code: stress-ng's "a stressor failed". */
#define COMPARE_EXIT_REGRESSION SK_FAILED

void compare_usage(FILE *f);

#endif
