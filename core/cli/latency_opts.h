/*
 * latency_opts.h - the --latency options: checked once the command line
 * is read, as --scale's are.
 */
#ifndef STRESSKIT_LATENCY_OPTS_H
#define STRESSKIT_LATENCY_OPTS_H

#include <stddef.h>

#include "cli.h"

/*
 * One op in this many is timed by default: --latency then costs a small
 * share of ops/s and still times thousands of ops a second per instance
 * (why a timed op costs what it does: docs/benchmarks.md).
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
