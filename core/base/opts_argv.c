/*
 * opts_argv.c - a subcommand's command line through the option engine
 * (opts_argv.h).
 */
#include "opts_argv.h"

#include <errno.h>
#include <string.h>

#include "log.h"
#include "opts.h"
#include <stresskit-builtin.h>	/* sk_subcommand_opts */

/* Row of rows named by arg ("--NAME" or "--NAME=..."), or -1; *eq points
 * past the '=' when the value is in arg. */
static int opts_argv_row(const struct stressor_opt *rows, const char *arg,
			 const char **eq)
{
	*eq = NULL;
	if (strncmp(arg, "--", 2))
		return -1;
	arg += 2;
	for (int i = 0; rows[i].name; i++) {
		size_t len = strlen(rows[i].name);

		if (strncmp(arg, rows[i].name, len) || (arg[len] && arg[len] != '='))
			continue;
		if (arg[len] == '=')
			*eq = arg + len + 1;
		return i;
	}
	return -1;
}

/* The row name an alias spells, or NULL. */
static const char *opts_argv_unalias(const struct opts_alias *aliases, const char *arg)
{
	for (size_t i = 0; aliases && aliases[i].alias; i++)
		if (!strcmp(arg, aliases[i].alias))
			return aliases[i].name;
	return NULL;
}

/* The row an argument names, by alias or as --NAME[=...], or -1. */
static int opts_argv_find(const struct stressor_opt *rows, const struct opts_alias *aliases,
			  const char *arg, const char **val)
{
	const char *aliased = opts_argv_unalias(aliases, arg);

	*val = NULL;
	if (!aliased)
		return opts_argv_row(rows, arg, val);
	for (int r = 0; rows[r].name; r++)
		if (!strcmp(rows[r].name, aliased))
			return r;
	return -1;
}

/* Row r as a line gives it: "--all|-a", "--output|-o FILE", "--keys lkp|native". */
static void opts_argv_spelling(const struct stressor_opt *r, const struct opts_alias *aliases,
			       char *out, size_t len)
{
	char value[256];
	size_t used = (size_t)snprintf(out, len, "--%s", r->name);

	for (size_t a = 0; aliases && aliases[a].alias; a++)
		if (!strcmp(aliases[a].name, r->name) && used < len)
			used += (size_t)snprintf(out + used, len - used, "|%s", aliases[a].alias);
	if (r->type == OPT_CHOICE)
		opts_choices_str(r, value, sizeof(value));
	else
		snprintf(value, sizeof(value), "%s", opts_metavar(r));
	if (used < len)
		snprintf(out + used, len - used, "%s%s", *value ? " " : "", value);
}

/* The first row the line must give and did not, or -1. */
static int opts_argv_missing(const struct stressor_opt *rows, uint64_t given)
{
	for (int r = 0; rows[r].name && r < 64; r++)
		if ((rows[r].flags & OPTS_ARGV_NEEDED) && !(given & (UINT64_C(1) << r)))
			return r;
	return -1;
}

int opts_argv(const char *name, const struct stressor_opt *rows,
	      const struct opts_alias *aliases, void *buf, int argc, char **argv,
	      int (*operand)(void *ctx, const char *arg), void *ctx, uint64_t *given,
	      char ***rest)
{
	char err[512], need[320];
	uint64_t seen = 0;
	int missing;

	if (rest)
		*rest = NULL;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *val;
		int r;

		if (rest && !strcmp(arg, "--")) {
			*rest = argv + i + 1;
			break;
		}
		if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
			return OPTS_ARGV_HELP;
		r = opts_argv_find(rows, aliases, arg, &val);
		if (r < 0 && arg[0] == '-' && arg[1]) {
			log_usage_error("%s: unknown option %s (see stresskit %s --help)",
					name, arg, name);
			return -EINVAL;
		}
		if (r < 0 && !operand) {
			log_usage_error("%s: unexpected argument '%s' (see stresskit %s --help)",
					name, arg, name);
			return -EINVAL;
		}
		if (r < 0) {
			if (operand(ctx, arg))
				return -EINVAL;
			continue;
		}
		if (!val && !opts_is_flag(&rows[r])) {
			if (i + 1 >= argc) {
				log_usage_error("%s: --%s needs a value", name, rows[r].name);
				return -EINVAL;
			}
			val = argv[++i];
		}
		if (opts_set(&rows[r], buf, val, err, sizeof(err))) {
			log_usage_error("%s: %s", name, err);
			return -EINVAL;
		}
		if (r < 64)
			seen |= UINT64_C(1) << r;
	}
	missing = opts_argv_missing(rows, seen);
	if (missing >= 0) {
		opts_argv_spelling(&rows[missing], NULL, need, sizeof(need));
		opts_argv_needs(name, need);
		return -EINVAL;
	}
	if (given)
		*given |= seen;
	return 0;
}

bool opts_argv_has_flag(const char *flag, const struct stressor_opt *rows,
			const struct opts_alias *aliases, int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		const char *val;
		int r = opts_argv_find(rows, aliases, argv[i], &val);

		if (r >= 0 && !strcmp(rows[r].name, flag))
			return true;
		if (r >= 0 && !val && !opts_is_flag(&rows[r]))
			i++;	/* its value */
	}
	return false;
}

/* Appends word to the synopsis line, breaking it before 79 columns. */
static void opts_argv_word(FILE *f, const char *word, size_t indent, size_t *col)
{
	size_t len = strlen(word);

	if (*col + 1 + len > 79 && *col > indent) {
		fprintf(f, "\n%*s", (int)indent, "");
		*col = indent;
	} else {
		fputc(' ', f);
		(*col)++;
	}
	fputs(word, f);
	*col += len;
}

void opts_argv_synopsis(FILE *f, const char *lead, const char *name,
			const struct stressor_opt *rows, const struct opts_alias *aliases,
			const char *operands)
{
	char spelling[320], word[324];
	size_t col = (size_t)fprintf(f, "%sstresskit %s", lead, name);
	size_t indent = col + 1;	/* continuation lines start under the first option */

	for (int r = 0; rows[r].name; r++) {
		opts_argv_spelling(&rows[r], aliases, spelling, sizeof(spelling));
		/* a row the line must give is not in brackets */
		snprintf(word, sizeof(word), rows[r].flags & OPTS_ARGV_NEEDED ? "%s" : "[%s]",
			 spelling);
		opts_argv_word(f, word, indent, &col);
	}
	if (operands)
		opts_argv_word(f, operands, indent, &col);
	fputc('\n', f);
}

void opts_argv_usage(FILE *f, const char *name, const struct stressor_opt *rows,
		     const struct opts_alias *aliases, const char *operands)
{
	opts_argv_synopsis(f, "usage: ", name, rows, aliases, operands);
}

void opts_argv_options(FILE *f, const struct stressor_opt *rows,
		       const struct opts_alias *aliases)
{
	char spelling[320];

	for (int r = 0; rows[r].name; r++) {
		opts_argv_spelling(&rows[r], aliases, spelling, sizeof(spelling));
		opts_help_line(f, spelling, &rows[r]);
	}
}

void opts_argv_needs(const char *name, const char *what)
{
	log_usage_error("%s: needs %s (see stresskit %s --help)", name, what, name);
}

int opts_argv_string(const struct stressor_opt *o, const char *val, void *field,
		     char *err, size_t errlen)
{
	(void)o, (void)err, (void)errlen;
	*(const char **)field = val;
	return 0;
}

int sk_subcommand_opts(const char *name, const struct stressor_opt *rows, void *buf,
		       int argc, char **argv)
{
	return opts_argv(name, rows, NULL, buf, argc, argv, NULL, NULL, NULL, NULL);
}
