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

int opts_argv(const char *name, const struct stressor_opt *rows,
	      const struct opts_alias *aliases, void *buf, int argc, char **argv,
	      int (*operand)(void *ctx, const char *arg), void *ctx, uint64_t *given,
	      char ***rest)
{
	char err[512];

	if (rest)
		*rest = NULL;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *aliased = opts_argv_unalias(aliases, arg);
		const char *val;
		int r;

		if (rest && !strcmp(arg, "--")) {
			*rest = argv + i + 1;
			return 0;
		}
		if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
			return OPTS_ARGV_HELP;
		if (aliased) {
			for (r = 0; rows[r].name && strcmp(rows[r].name, aliased); r++)
				;
			val = NULL;
			if (!rows[r].name)
				r = -1;
		} else {
			r = opts_argv_row(rows, arg, &val);
		}
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

int sk_subcommand_opts(const char *name, const struct stressor_opt *rows, void *buf,
		       int argc, char **argv)
{
	return opts_argv(name, rows, NULL, buf, argc, argv, NULL, NULL, NULL, NULL);
}
