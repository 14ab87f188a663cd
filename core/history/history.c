/*
 * history.c - "stresskit history SUBCOMMAND ...": a performance history
 * of runs kept in an SQLite database (history_store.h), one series per
 * job and machine, each run's passes as rows. add stores results files;
 * list and show print the series; the rest are added by their own files.
 * This file dispatches and says --help; each verb is declared in its
 * own file (struct history_verb), and history_args.c parses its line and
 * makes its synopsis from the rows it takes.
 */
#include <stdio.h>
#include <string.h>

#include <stresskit/stressor.h>
#include <stresskit-builtin.h>	/* SUBCOMMAND_REGISTER */

#include "history.h"
#include "history_args.h"
#include "log.h"

/* In history --help's order */
static const struct history_verb *const history_verbs[] = {
	&history_add_verb, &history_list_verb, &history_show_verb, &history_changes_verb,
	&history_report_verb, &history_import_lkp_verb, &history_export_verb,
};
#define HISTORY_VERBS (sizeof(history_verbs) / sizeof(*history_verbs))

static void history_help(FILE *f)
{
	fprintf(f, "usage: stresskit history SUBCOMMAND ...\n\n"
		"A performance history: results files kept in an SQLite database, one\n"
		"series per job and machine, every pass of every figure a row.\n\n");
	for (size_t i = 0; i < HISTORY_VERBS; i++)
		history_verb_usage(history_verbs[i], "  ", f);
	fprintf(f, "\nEach subcommand's options: stresskit history SUBCOMMAND --help.\n"
		"Exit: 0; 1 bad arguments, or a file or database refused.\n");
}

static int history_main(int argc, char **argv)
{
	const char *verb = argc > 1 ? argv[1] : NULL;

	if (!verb || !strcmp(verb, "--help") || !strcmp(verb, "-h")) {
		history_help(verb ? stdout : stderr);
		return verb ? SK_OK : SK_USAGE;
	}
	/* each verb parses its own line (history_args), --help included */
	for (size_t i = 0; i < HISTORY_VERBS; i++)
		if (!strcmp(verb, history_verbs[i]->name))
			return history_verbs[i]->main(argc - 1, argv + 1);
	log_usage_error("history: unknown subcommand '%s' (see stresskit history --help)", verb);
	return SK_USAGE;
}

static const struct subcommand history_subcommand = {
	.name = "history",
	.summary = "a performance history in SQLite: add, changes, report, LKP, KCIDB",
	.main = history_main,
};
SUBCOMMAND_REGISTER(history_subcommand);
