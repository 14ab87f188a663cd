/*
 * latency_opts.h - the --latency options: checked once the command line
 * is read, as --scale's are.
 */
#ifndef STRESSKIT_LATENCY_OPTS_H
#define STRESSKIT_LATENCY_OPTS_H

#include <stddef.h>

#include "cli.h"

/*
 * One op in this many is timed by default, so that --latency costs at
 * most 2% of ops/s (make bench's latency.sh measures it). What costs is
 * the timed op, not the others (an untimed op adds a countdown and, in
 * the pipe's reader, one load and compare): its clock reads and records
 * run cold, each syscall between them having emptied the TLB (PTI without
 * PCID, as on the VMs this is measured on) and the 4 KiB copies the L1,
 * so a timed pipe write and its read cost ~900-1500 cycles against
 * ~500 when every op is timed. Against a ~2.3 us pipe op that is 1.2-1.9%
 * at 1 in 16 (1.8-2.6% measured on a quiet machine), 0.3-0.5% at 1 in 64;
 * 64 still times ~6000 pipe writes a second per instance.
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
