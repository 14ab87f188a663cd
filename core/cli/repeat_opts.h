/*
 * repeat_opts.h - --repeat-until and --confidence: checked once the
 * command line is read, as the sampling options are.
 */
#ifndef STRESSKIT_REPEAT_OPTS_H
#define STRESSKIT_REPEAT_OPTS_H

#include <stddef.h>

#include "cli.h"

#define REPEAT_DEFAULT_CONFIDENCE "95"
/*
 * --repeat auto's half-width target, of the figure a verdict is read
 * from: the envelope of ops/s, whose passes out of the machine's slow
 * stretches agree within 0.1-0.5% on a quiet machine, so that 1% is met
 * in 3 to 6 passes and makes a 1% change one the passes can tell
 * (docs/compare.md, make bench BENCH_ONLY=verdicts). A stressor without
 * an envelope is judged on its ops/s, whose passes under the same target
 * run to the 30 at most on a busy machine.
 */
#define REPEAT_DEFAULT_TARGET "1"
/* --repeat-until's passes: at least this many (a t interval of 2 is ±6x the stddev at 95%) */
#define REPEAT_UNTIL_MIN 3
/* ... and at most this many when neither MAX nor --repeat says */
#define REPEAT_UNTIL_DEFAULT_MAX 30

/* The OPT_PARSED types of --confidence (a double, above 0 and below 100)
 * and --repeat-until (a struct repeat_until: PCT above 0, at most 100;
 * MAX from 3 to 10000). */
extern const struct opt_parser repeat_level_opt, repeat_until_opt;
/* --repeat: N from 1 to 10000, or auto (0 in the field, until
 * repeat_cli_check turns it into --repeat-until's target and maximum). */
extern const struct opt_parser repeat_count_opt;
/* --confidence-target: a half-width above 0% and at most 100%. */
extern const struct opt_parser repeat_target_opt;

/*
 * With --repeat-until, sets cfg->set.repeat to the most passes: its MAX, else
 * --repeat N, else 30, refusing two different maximums or fewer than 3.
 * --repeat auto is --repeat-until at --confidence-target with 30 passes
 * at most; --confidence-target without it, or beside --repeat-until, is
 * refused. Returns 0, or -EINVAL with one line in err.
 */
int repeat_cli_check(struct cli_config *cfg, char *err, size_t errlen);

#endif
