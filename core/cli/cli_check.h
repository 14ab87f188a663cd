/*
 * cli_check.h - the checks of a whole command line (cli_check.c), run by
 * cli_parse() once every option is read.
 */
#ifndef STRESSKIT_CLI_CHECK_H
#define STRESSKIT_CLI_CHECK_H

#include <stddef.h>

#include "cli.h"

/* 0, or a negative errno with one line in err; may complete cfg (an
 * option implied by another, a default that depends on the format). */
int cli_check(struct cli_config *cfg, char *err, size_t errlen);

#endif
