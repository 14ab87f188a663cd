/*
 * output_paths.h - the run's output files checked before anything
 * starts: none may be one of the run's inputs (inputs.h) and no two may
 * be the same file, since the second would silently replace the first.
 */
#ifndef STRESSKIT_OUTPUT_PATHS_H
#define STRESSKIT_OUTPUT_PATHS_H

#include <stddef.h>

#include "plan.h"

/* 0, or -EINVAL with one line in err naming the option and the path. */
int output_paths_check(const struct plan *p, char *err, size_t errlen);

#endif
