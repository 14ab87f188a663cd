/*
 * opts_help.h - --help NAME, generated from a stressor's option table.
 */
#ifndef STRESSKIT_OPTS_HELP_H
#define STRESSKIT_OPTS_HELP_H

#include <stdio.h>

#include <stresskit/stressor.h>

/* Prints --help NAME: summary, what a bogo-op is, the option table. */
void opts_help(FILE *f, const struct stressor *s);

#endif
