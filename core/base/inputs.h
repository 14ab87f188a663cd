/*
 * inputs.h - the files a run reads (job files, plugins, the binary and
 * its libraries), by device and inode, so that no output is written
 * over one of them: a name may differ (a symlink, a hard link, "./x" and
 * "x"), the inode does not.
 */
#ifndef STRESSKIT_INPUTS_H
#define STRESSKIT_INPUTS_H

#include <stdbool.h>
#include <sys/types.h>

/* The file fd is open on is an input of this run (a job file). */
void inputs_note_fd(int fd);
/* Whether (dev, ino) is a noted input or a file mapped into this process
 * (the binary, a library, a plugin: /proc/self/maps). */
bool inputs_has(dev_t dev, ino_t ino);

#endif
