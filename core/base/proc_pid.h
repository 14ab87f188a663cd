/*
 * proc_pid.h - a process's files under /proc/PID: the one reader and the
 * one parser of its stat line, for the stop's grace (its state), the
 * helpers' reaping (wchan) and --warmup's CPU times.
 */
#ifndef STRESSKIT_PROC_PID_H
#define STRESSKIT_PROC_PID_H

#include <stddef.h>
#include <sys/types.h>

/* Reads /proc/PID/FILE (FILE may be "task/TID/stat") into buf, NUL-ended,
 * at most len - 1 bytes: open and read only, as the sandbox's base set
 * allows. 0 or -errno (-ENODATA: empty). */
int proc_pid_read(pid_t pid, const char *file, char *buf, size_t len);

/* The fields of a stat line after the command name, which may hold
 * spaces and parentheses: from the state letter on; NULL if malformed. */
const char *proc_pid_stat_fields(const char *stat);

#endif
