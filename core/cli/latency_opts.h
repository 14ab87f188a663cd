/*
 * latency_opts.h - the --latency options: checked once the command line
 * is read, as --scale's are.
 */
#ifndef STRESSKIT_LATENCY_OPTS_H
#define STRESSKIT_LATENCY_OPTS_H

#include <stddef.h>

#include "cli.h"

/*
 * One op in this many is timed by default, so that --latency costs a
 * small share of ops/s (make bench's latency.sh measures it) while still
 * timing thousands of ops a second per instance. What costs is the timed
 * op, not the others (an untimed op adds a countdown and, in the pipe's
 * reader, one load and compare): its clock reads and records run cold,
 * each syscall between them having emptied the TLB (PTI without PCID)
 * and the 4 KiB copies the L1, so a timed op costs more than it would if
 * every op were timed, and the share it costs falls with the interval.
 */
#define LATENCY_SAMPLE_DEFAULT		64
#define LATENCY_SAMPLE_DEFAULT_STR	"64"
#define LATENCY_SAMPLE_MAX		1000000

/*
 * --latency-sample, --latency-csv and --latency-plot imply --latency;
 * checks that the files' directories exist, so a bad path is one line
 * before the run. Returns 0 or -EINVAL with err set.
 */
int latency_cli_check(struct cli_config *cfg, char *err, size_t errlen);

#endif
