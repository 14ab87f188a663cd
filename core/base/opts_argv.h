/*
 * opts_argv.h - a subcommand's command line through the option engine
 * (opts.h): --NAME VALUE, --NAME=VALUE, a flag as --NAME, each value
 * parsed and range-checked by its row as a global or stressor option's
 * is, its error line the engine's after the subcommand's name; what is
 * not an option is an operand.
 */
#ifndef STRESSKIT_OPTS_ARGV_H
#define STRESSKIT_OPTS_ARGV_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <stresskit/stressor.h>

/* A short spelling of a row: "-a" for "all". */
struct opts_alias {
	const char *alias;
	const char *name;
};

/*
 * A subcommand's row the line must give (a row's flags, above the public
 * ones of opts.h): its synopsis shows it without brackets, and opts_argv
 * refuses a line without it as opts_argv_needs says.
 */
#define OPTS_ARGV_NEEDED (1u << 16)

/* --help or -h was given: the caller prints its usage. */
#define OPTS_ARGV_HELP 1	/* sk_subcommand_opts says 1 too */

/*
 * Parses argv[1..] into buf (the rows' offsets, defaults already in it):
 * rows end with OPT_TABLE_END, aliases with a NULL alias (or aliases is
 * NULL). Each operand goes to operand(ctx, arg), which returns 0 or
 * nonzero after one line of its own (operand NULL: none is taken). Bit i
 * of *given (may be NULL) is set for row i given. With rest, "--" ends the
 * options and *rest is set to the NULL-ended arguments after it, for a
 * command line that carries another (calibrate's run options); *rest is
 * NULL when there was no "--". A row flagged OPTS_ARGV_NEEDED and not
 * given refuses the line. Returns 0, OPTS_ARGV_HELP, or -EINVAL after one
 * line "NAME: ..." (log_usage_error), an unknown option's naming
 * "stresskit NAME --help".
 */
int opts_argv(const char *name, const struct stressor_opt *rows,
	      const struct opts_alias *aliases, void *buf, int argc, char **argv,
	      int (*operand)(void *ctx, const char *arg), void *ctx, uint64_t *given,
	      char ***rest);

/*
 * The subcommand's synopsis from its rows, to f: "usage: stresskit NAME
 * [--ROW METAVAR] ... OPERANDS", each row with its aliases
 * ("[--all|-a]") and the word its value is shown by (opts_metavar; a
 * choice's names), a needed row without brackets, wrapped at 79 columns
 * under the first option.
 */
void opts_argv_usage(FILE *f, const char *name, const struct stressor_opt *rows,
		     const struct opts_alias *aliases, const char *operands);
/* The same after lead instead of "usage: ", for a list of verbs' synopses. */
void opts_argv_synopsis(FILE *f, const char *lead, const char *name,
			const struct stressor_opt *rows, const struct opts_alias *aliases,
			const char *operands);

/*
 * Its --help option list from the same rows, to f: a line a row, spelt
 * as the synopsis spells it, with its help, range and default
 * (opts_help_line), as --help NAME lists a stressor's.
 */
void opts_argv_options(FILE *f, const struct stressor_opt *rows,
		       const struct opts_alias *aliases);

/*
 * A line that lacks what it needs (a row, an operand), refused in the
 * engine's words: "NAME: needs WHAT (see stresskit NAME --help)".
 */
void opts_argv_needs(const char *name, const char *what);

/*
 * Whether argv[1..] gives flag row flag (--NAME or an alias), read as
 * opts_argv reads it (a row's value is not an option; an unknown option
 * is passed over) up to "--": for a flag that changes how a usage error
 * exits (compare --bisect), asked whether or not the line parses.
 */
bool opts_argv_has_flag(const char *flag, const struct stressor_opt *rows,
			const struct opts_alias *aliases, int argc, char **argv);

/*
 * An OPT_PARSED row's parse for a string kept as given, a path: for a
 * row whose value --help names by its parser's metavar ("PROFILE")
 * rather than OPT_STRING's "STR". An empty value never reaches it: the
 * engine refuses it first, as for every parsed row (opts.c).
 */
int opts_argv_string(const struct stressor_opt *o, const char *val, void *field,
		     char *err, size_t errlen);

#endif
