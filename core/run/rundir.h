/*
 * rundir.h - the run directory: every temporary file of a run lives under
 * one directory inside --temp-path, removed whole when the run ends.
 */
#ifndef STRESSKIT_RUNDIR_H
#define STRESSKIT_RUNDIR_H

#include <stddef.h>

/* Creates TEMP/stresskit-PID-XXXXXX; returns 0 or -errno. */
int rundir_create(const char *temp_path, char *out, size_t outlen);
/* Creates DIR/NAME for one stressor; returns 0 or -errno. */
int rundir_subdir(const char *dir, const char *name, char *out, size_t outlen);
/* Removes dir and everything under it. */
void rundir_remove(const char *dir);

#endif
