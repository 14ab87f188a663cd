/*
 * history.c - "stresskit history SUBCOMMAND ...": a performance history
 * of runs kept in an SQLite database (history_store.h), one series per
 * job and machine, each run's passes as rows. add stores results files;
 * list and show print the series; the rest are added by their own files.
 * This file dispatches and says --help; history_args.c parses each
 * verb's line.
 */
#include <stdio.h>
#include <string.h>

#include <stresskit/stressor.h>
#include <stresskit-builtin.h>	/* SUBCOMMAND_REGISTER */

#include "history.h"
#include "log.h"

static const struct history_cmd {
	const char *name;
	int (*main)(int argc, char **argv);
	const char *usage;
} history_cmds[] = {
	{ "add", history_add_main,
	  "add DB RESULTS.json... [--label NAME=VALUE]...\n"
	  "      store each results file (--json) as a run of its series: one job\n"
	  "      (the options compare weighs) on one machine; a file already in DB\n"
	  "      is refused; --label commit=SHA names the run in changes and reports" },
	{ "list", history_list_main,
	  "list DB\n"
	  "      the series: machine, job, options fingerprint, runs" },
	{ "show", history_show_main,
	  "show DB [--series N] [--metric KEY] [--last N]\n"
	  "      each run of a series: the mean of its passes, their spread, its\n"
	  "      commit and kernel; the KPI rows unless --metric" },
	{ "changes", history_changes_main,
	  "changes DB [--series N] [--metric KEY] [--last N] [--max-p P] [--min-runs N]\n"
	  "      the change points of each KPI line: E-Divisive means, each kept when\n"
	  "      Welch's t-test of the runs either side gives p < P (default 0.001)\n"
	  "      and it is compare's floor or more (1%; an envelope's 0.5%), with N\n"
	  "      runs a side at least (default 5); each with the commits either side\n"
	  "      and compare's change, interval and word; an envelope line leaves\n"
	  "      out a run 3% below the runs either side (a slow machine)" },
	{ "report", history_report_main,
	  "report DB -o report.html [--series N] [--last N] [--max-p P] [--min-runs N]\n"
	  "      one self-contained HTML page: the change points' table, a chart of\n"
	  "      each KPI line (runs, their passes' spread, the change points marked)\n"
	  "      and what the runs ran on; no network, no JavaScript" },
	{ "import-lkp", history_import_lkp_main,
	  "import-lkp DB RESULT_ROOT... [--label NAME=VALUE]...\n"
	  "      lkp-tests' results: a commit's directory (matrix.json: its runs as\n"
	  "      passes) or a run's (stats.json), stats under lkp's names; the series\n"
	  "      is the path less commit and run, the commit the run's label" },
	{ "export", history_export_main,
	  "export DB --kcidb FILE [--series N] [--last N]\n"
	  "      the runs as KernelCI KCIDB I/O JSON (schema v5.3): each run's kernel\n"
	  "      a checkout and build, each stressor a test stresskit.NAME whose\n"
	  "      number is the mean ops/s of the run's passes" },
};
#define HISTORY_CMDS (sizeof(history_cmds) / sizeof(*history_cmds))

static void history_help(FILE *f)
{
	fprintf(f, "usage: stresskit history SUBCOMMAND ...\n\n"
		"A performance history: results files kept in an SQLite database, one\n"
		"series per job and machine, every pass of every figure a row.\n\n");
	for (size_t i = 0; i < HISTORY_CMDS; i++)
		fprintf(f, "  stresskit history %s\n", history_cmds[i].usage);
	fprintf(f, "\nExit: 0; 1 bad arguments, or a file or database refused.\n");
}

int history_label_set(struct history_labels *l, const char *name, size_t nlen,
		      const char *value)
{
	size_t k;

	for (k = 0; k < l->n; k++)
		if (strlen(l->name[k]) == nlen && !strncmp(l->name[k], name, nlen))
			break;
	if (k == HISTORY_LABELS_MAX)
		return -1;
	snprintf(l->name[k], HISTORY_LABEL_LEN, "%.*s", (int)nlen, name);
	snprintf(l->value[k], HISTORY_LABEL_LEN, "%s", value);
	l->n += k == l->n;
	return 0;
}

void history_usage(const char *verb, FILE *f)
{
	for (size_t i = 0; i < HISTORY_CMDS; i++)
		if (!strcmp(verb, history_cmds[i].name))
			fprintf(f, "usage: stresskit history %s\n", history_cmds[i].usage);
}

static int history_main(int argc, char **argv)
{
	const char *verb = argc > 1 ? argv[1] : NULL;

	if (!verb || !strcmp(verb, "--help") || !strcmp(verb, "-h")) {
		history_help(verb ? stdout : stderr);
		return verb ? SK_OK : SK_USAGE;
	}
	/* each verb parses its own line (history_args), --help included */
	for (size_t i = 0; i < HISTORY_CMDS; i++)
		if (!strcmp(verb, history_cmds[i].name))
			return history_cmds[i].main(argc - 1, argv + 1);
	log_usage_error("history: unknown subcommand '%s' (see stresskit history --help)", verb);
	return SK_USAGE;
}

static const struct subcommand history_subcommand = {
	.name = "history",
	.summary = "a performance history in SQLite: add, changes, report, LKP, KCIDB",
	.main = history_main,
};
SUBCOMMAND_REGISTER(history_subcommand);
