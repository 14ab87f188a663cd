/*
 * opts.h - a stressor's typed option table: defaults, parsing with range
 * checks, and the generated --help NAME text.
 */
#ifndef STRESSKIT_OPTS_H
#define STRESSKIT_OPTS_H

#include <stdio.h>

#include <stresskit/stressor.h>

/* Writes every option's default into buf (opts_size bytes). */
void opts_fill_defaults(const struct stressor *s, void *buf);

const struct stressor_opt *opts_find(const struct stressor *s, const char *name);

/*
 * Parses val (NULL for a bare boolean flag) into buf. On error writes one
 * line naming the bad value and what is allowed, returns -EINVAL or -ERANGE.
 */
int opts_set(const struct stressor_opt *o, void *buf, const char *val,
	     char *err, size_t errlen);

/* True when the option takes no value on the command line. */
bool opts_is_flag(const struct stressor_opt *o);

/* Formats an option's value in its own unit: "4K", "60s", "yes", "tcp". */
void opts_format(const struct stressor_opt *o, const void *buf,
		 char *out, size_t outlen);

/* Prints --help NAME: summary, what a bogo-op is, the option table. */
void opts_help(FILE *f, const struct stressor *s);

#endif
