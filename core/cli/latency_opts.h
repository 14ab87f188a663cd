/*
 * latency_opts.h - the --latency options: checked once the command line
 * is read, as --scale's are.
 */
#ifndef STRESSKIT_LATENCY_OPTS_H
#define STRESSKIT_LATENCY_OPTS_H

#include <stddef.h>

#include "cli.h"

/*
 * One op in this many is timed by default: chosen so that --latency costs
 * at most 2% of ops/s on the cheapest op timed (pread2's ~0.3 us pread
 * against two ~60 ns clock reads); make bench measures it.
 */
#define LATENCY_SAMPLE_DEFAULT		16
#define LATENCY_SAMPLE_DEFAULT_STR	"16"
#define LATENCY_SAMPLE_MAX		1000000

/*
 * --latency-sample, --latency-csv and --latency-plot imply --latency;
 * checks that the files' directories exist, so a bad path is one line
 * before the run. Returns 0 or -EINVAL with err set.
 */
int latency_cli_check(struct cli_config *cfg, char *err, size_t errlen);

#endif
