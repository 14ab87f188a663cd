/*
 * job.h - stress-ng's job files: one option per line without the leading
 * dashes ("pipe 2", "timeout 10s", "metrics-brief"), "#" comments, and
 * "run sequential" or "run parallel". Each line goes through the same
 * parser as the command line, so an option means the same in both.
 */
#ifndef STRESSKIT_JOB_H
#define STRESSKIT_JOB_H

#include <stddef.h>

struct cli_config;

/* The largest job file read: far more than any real one. */
#define JOB_FILE_MAX (1 << 20)

/*
 * Reads path and applies its options to cfg. Returns 0, or a negative
 * errno with one line in err: "job.txt:3: unknown option 'foo'".
 */
int job_load(const char *path, struct cli_config *cfg, char *err, size_t errlen);

#endif
