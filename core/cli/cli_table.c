/*
 * cli_table.c - the global options' rows (global_options.def): one row of
 * the option engine each (opts.h), the same engine the stressors' tables
 * go through, and the usage text printed from them.
 */
#include "cli.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "classes.h"
#include "compose.h"
#include "opts.h"
#include "parse.h"
#include "registry.h"
#include "repeat_opts.h"

#define SET(field) offsetof(struct settings, field)

static const char *const cli_instance_modes[] = { "process", "thread", "both", NULL };
static const char *const cli_placements[] = { "pack", "spread", "free", NULL };
static const char *const cli_scale_formats[] = { "stresskit", "will-it-scale", NULL };

/* The largest time parse_time() takes: far beyond any run. */
#define CLI_TIME_MAX 1000000000000ULL

const struct cli_row cli_rows[G_COUNT] = {
#define SETTING(type, name)
#define OPTION(id, ...) [G_##id] = { __VA_ARGS__ },
#include "global_options.def"
#undef OPTION
#undef SETTING
};

const char *cli_typed(const struct cli_config *cfg, enum cli_global g,
		      char *buf, size_t len)
{
	if (cfg->typed[g])
		snprintf(buf, len, "'%s'", cfg->typed[g]);
	else
		snprintf(buf, len, "%s (the default)", cli_rows[g].opt.def_str ?
			 cli_rows[g].opt.def_str : "");
	return buf;
}

bool cli_is_global_option(const char *name)
{
	if (cli_find_row(name, 0))
		return true;
	for (size_t i = 0; i < run_modes_count(); i++)
		for (const struct run_mode_opt *o = run_modes_at(i)->opts; o && o->opt.name; o++)
			if (!strcmp(o->opt.name, name))
				return true;
	return false;
}

static void cli_usage_row(FILE *f, char short_name, const char *name,
			  const char *metavar, const char *help)
{
	char left[64];
	const char *mv = metavar ? metavar : "";

	if (short_name)
		snprintf(left, sizeof(left), "-%c, --%s %s", short_name, name, mv);
	else
		snprintf(left, sizeof(left), "    --%s %s", name, mv);
	fprintf(f, "  %-28s %s\n", left, help);
}

/* The rows of the run modes --help lists after option after (a global
 * one, or another mode's; NULL: those listed last), each followed by the
 * rows of the modes listed after it. */
static void cli_usage_modes(FILE *f, const char *after, unsigned depth)
{
	for (size_t i = 0; i < run_modes_count() && depth < RUN_MODES_MAX; i++) {
		const struct run_mode *m = run_modes_at(i);

		if (after ? !m->help_after || strcmp(m->help_after, after) : !!m->help_after)
			continue;
		for (const struct run_mode_opt *o = m->opts; o && o->opt.name; o++) {
			cli_usage_row(f, 0, o->opt.name, o->metavar, o->opt.help);
			cli_usage_modes(f, o->opt.name, depth + 1);
		}
	}
}

const struct cli_row *cli_find_row(const char *name, char short_name)
{
	for (size_t i = 0; i < G_COUNT; i++) {
		const struct cli_row *r = &cli_rows[i];

		if (name ? !strcmp(r->opt.name, name) : r->short_name == short_name)
			return r;
	}
	return NULL;
}

void cli_usage(FILE *f)
{
	fprintf(f, "usage: stresskit [OPTION]... --NAME N [--NAME N]...\n"
		   "       stresskit SUBCOMMAND [ARG]...\n\n"
		   "Runs N instances of each named stressor for the timeout and reports\n"
		   "bogo-ops per second, in stress-ng's format.\n\noptions:\n");
	for (size_t i = 0; i < G_COUNT; i++) {
		const struct cli_row *r = &cli_rows[i];

		cli_usage_row(f, r->short_name, r->opt.name, r->metavar, r->opt.help);
		cli_usage_modes(f, r->opt.name, 0);
	}
	cli_usage_modes(f, NULL, 0);
	fprintf(f, "  %-28s start N instances of a stressor (0: one per online CPU, N%%: a share)\n",
		"    --NAME N");
	fprintf(f, "  %-28s stop a stressor after N bogo-ops in all\n", "    --NAME-ops N");
	fprintf(f, "\nstressors:");
	for (size_t i = 0; i < registry_count(); i++)
		fprintf(f, " %s", registry_at(i)->name);
	fprintf(f, "\n");
	if (subcommand_count()) {
		fprintf(f, "\nsubcommands:\n");
		for (size_t i = 0; i < subcommand_count(); i++)
			fprintf(f, "  %-28s %s\n", subcommand_at(i)->name,
				subcommand_at(i)->summary);
	}
	fprintf(f, "\nexit codes: 0 success, 1 bad arguments or a harness error (an output\n"
		   "file not written, the output's reader gone: SIGPIPE), 2 a stressor failed,\n"
		   "3 no resource, 4 not implemented, 5 killed by a signal,\n"
		   "7 metrics untrustworthy\n");
}
