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

int opts_argv(const char *name, const struct stressor_opt *rows,
	      const struct opts_alias *aliases, void *buf, int argc, char **argv,
	      int (*operand)(void *ctx, const char *arg), void *ctx, uint64_t *given,
	      char ***rest)
{
	char err[512];

	if (rest)
		*rest = NULL;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *val;
		int r;

		if (rest && !strcmp(arg, "--")) {
			*rest = argv + i + 1;
			return 0;
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
		if (given && r < 64)
			*given |= UINT64_C(1) << r;
	}
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

void opts_argv_usage(FILE *f, const char *name, const struct stressor_opt *rows,
		     const struct opts_alias *aliases, const char *operands)
{
	char word[320], value[256];
	size_t col = (size_t)fprintf(f, "usage: stresskit %s", name);
	size_t indent = col + 1;	/* continuation lines start under the first option */

	for (int r = 0; rows[r].name; r++) {
		size_t used = (size_t)snprintf(word, sizeof(word), "[--%s", rows[r].name);

		for (size_t a = 0; aliases && aliases[a].alias; a++)
			if (!strcmp(aliases[a].name, rows[r].name) && used < sizeof(word))
				used += (size_t)snprintf(word + used, sizeof(word) - used, "|%s",
							 aliases[a].alias);
		if (rows[r].type == OPT_CHOICE)
			opts_choices_str(&rows[r], value, sizeof(value));
		else
			snprintf(value, sizeof(value), "%s", opts_metavar(&rows[r]));
		if (used < sizeof(word))
			snprintf(word + used, sizeof(word) - used, "%s%s]", *value ? " " : "", value);
		opts_argv_word(f, word, indent, &col);
	}
	if (operands)
		opts_argv_word(f, operands, indent, &col);
	fputc('\n', f);
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
