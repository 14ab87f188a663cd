/*
 * repeat_opts.h - --repeat-until and --confidence: checked once the
 * command line is read, as the sampling options are.
 */
#ifndef STRESSKIT_REPEAT_OPTS_H
#define STRESSKIT_REPEAT_OPTS_H

#include <stddef.h>

#include "cli.h"

#define REPEAT_DEFAULT_CONFIDENCE "95"
/* --repeat-until's passes: at least this many (a t interval of 2 is ±6x the stddev at 95%) */
#define REPEAT_UNTIL_MIN 3
/* ... and at most this many when neither MAX nor --repeat says */
#define REPEAT_UNTIL_DEFAULT_MAX 30

/* The OPT_PARSED types of --confidence (a double, above 0 and below 100)
 * and --repeat-until (a struct repeat_until: PCT above 0, at most 100;
 * MAX from 3 to 10000). */
extern const struct opt_parser repeat_level_opt, repeat_until_opt;

/*
 * With --repeat-until, sets cfg->repeat to the most passes: its MAX, else
 * --repeat N, else 30, refusing two different maximums or fewer than 3.
 * Returns 0, or -EINVAL with one line in err.
 */
int repeat_cli_check(struct cli_config *cfg, char *err, size_t errlen);

#endif
