/*
 * rundir.h - the run directory: every temporary file of a run lives under
 * one directory inside --temp-path, removed whole when the run ends. A
 * controller killed with SIGKILL cannot remove its own: each run
 * directory holds a file "lock" that the controller (and, through fork,
 * its children) keeps flock()ed while it lives, and the next run under
 * the same temp path removes the run directories no one holds.
 */
#ifndef STRESSKIT_RUNDIR_H
#define STRESSKIT_RUNDIR_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Creates TEMP/stresskit-PID-XXXXXX with its lock held on *lock_fd;
 * returns 0 or -errno.
 */
int rundir_create(const char *temp_path, char *out, size_t outlen, int *lock_fd);
/* Creates DIR/NAME for one stressor; returns 0 or -errno. */
int rundir_subdir(const char *dir, const char *name, char *out, size_t outlen);
/* Removes dir and everything under it, then lets go of its lock. */
void rundir_remove(const char *dir, int lock_fd);
/*
 * Removes the run directories in temp_path whose controller is gone:
 * this user's, and either their lock is held by no one or, made before
 * the lock was (a SIGKILL in between), the pid in their name is not
 * alive. Says each one removed on stdout when tell; returns how many
 * were removed, or -errno when temp_path cannot be read.
 */
int rundir_sweep(const char *temp_path, bool tell);

#endif
