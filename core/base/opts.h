/*
 * opts.h - the one typed option engine, for the global options and each
 * stressor's table: defaults, parsing into the final form with range
 * checks, formatting, and the generated --help NAME text.
 */
#ifndef STRESSKIT_OPTS_H
#define STRESSKIT_OPTS_H

#include <stdio.h>

#include <stresskit/stressor.h>

/* Writes every option's default into buf (opts_size bytes). */
void opts_fill_defaults(const struct stressor *s, void *buf);
/* Writes one row's default at its offset in buf. */
void opts_fill_row(const struct stressor_opt *o, void *buf);
/* Writes each row's default, up to OPT_TABLE_END: a subcommand's table. */
void opts_fill_rows(const struct stressor_opt *rows, void *buf);

const struct stressor_opt *opts_find(const struct stressor *s, const char *name);

/*
 * Parses val (NULL for a bare boolean flag) into buf. On error writes one
 * line naming the bad value and what is allowed, returns -EINVAL or -ERANGE.
 */
int opts_set(const struct stressor_opt *o, void *buf, const char *val,
	     char *err, size_t errlen);

/*
 * What a string option's flags promise (OPT_DIR, OPT_OUT_FILE), checked
 * when it is parsed, so a bad path is one line before anything runs: 0,
 * or -EINVAL with the line in err.
 */
int opts_check_string(const struct stressor_opt *o, const char *val,
		      char *err, size_t errlen);

/* True when the option takes no value on the command line. */
bool opts_is_flag(const struct stressor_opt *o);

/* Formats an option's value in its own unit: "4K", "60s", "yes", "tcp". */
void opts_format(const struct stressor_opt *o, const void *buf,
		 char *out, size_t outlen);

/* A CPU mask as a list: "0,2-3". */
void opts_cpus_format(const struct opt_cpus *c, char *out, size_t len);

/* For the help text: an option's choices "a|b", a value in its unit "4K". */
void opts_choices_str(const struct stressor_opt *o, char *out, size_t len);
void opts_value_str(const struct stressor_opt *o, uint64_t v, char *out, size_t len);
/* The word --help shows for a row's value: "N", "SIZE", a parser's own
 * ("HOST:PORT"); "" for a flag or a choice (whose names are shown). */
const char *opts_metavar(const struct stressor_opt *o);
/*
 * One row's line of a --help option list, to f: left (its spelling,
 * "--NAME N") in a column, its help, then its range and default as the
 * parser takes them. A count's default below its least means "not
 * given" and is left out, for the help to say what not giving it does.
 */
void opts_help_line(FILE *f, const char *left, const struct stressor_opt *o);

/*
 * HOST:PORT into hp (sk_opt_host_port's parse): 0, or -EINVAL with one line naming --NAME and val in err.
 */
int opts_host_port_resolve(const struct stressor_opt *o, const char *val,
			   struct sk_host_port *hp, char *err, size_t errlen);

/*
 * OPT_PARSED: a time in seconds (a double, suffixes ms s m h d w y) above 0,
 * with the row's min and max in milliseconds.
 */
extern const struct opt_parser opts_time_ms;

#endif
