/*
 * history.c - "stresskit history SUBCOMMAND ...": a performance history
 * of runs kept in an SQLite database (history_store.h), one series per
 * job and machine, each run's passes as rows. add stores results files;
 * list and show print the series; the rest are added by their own files.
 * This file dispatches, says --help, and parses what the subcommands
 * share (--label).
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
	  "      and it is 1% or more, with N runs a side at least (default 5); each\n"
	  "      with the commits either side and compare's change, interval and word" },
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

const char *history_valued(int argc, char **argv, int *i, const char *name)
{
	size_t len = strlen(name);
	const char *arg = argv[*i];

	if (strncmp(arg, name, len) || (arg[len] && arg[len] != '='))
		return NULL;
	if (arg[len] == '=')
		return arg + len + 1;
	if (*i + 1 < argc)
		return argv[++*i];
	log_usage_error("history: %s needs a value", name);
	return "";
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

int history_label_arg(int argc, char **argv, int *i, struct history_labels *l)
{
	const char *v = history_valued(argc, argv, i, "--label"), *eq;
	size_t nlen;

	if (!v)
		return 0;
	if (!*v)
		return -1;
	eq = strchr(v, '=');
	nlen = eq ? (size_t)(eq - v) : 0;
	if (!eq || !nlen || nlen >= HISTORY_LABEL_LEN || strlen(eq + 1) >= HISTORY_LABEL_LEN ||
	    strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") != nlen) {
		log_usage_error("history: invalid --label '%s': expected NAME=VALUE, NAME of "
				"letters, digits, '-', '_' or '.', each under %d characters",
				v, HISTORY_LABEL_LEN);
		return -1;
	}
	if (history_label_set(l, v, nlen, eq + 1)) {
		log_usage_error("history: at most %d --label", HISTORY_LABELS_MAX);
		return -1;
	}
	return 1;
}

int history_inputs_args(int argc, char **argv, const char *cmd, const char *what,
			struct history_labels *l, const char **db, const char **in, size_t *n)
{
	*db = NULL;
	*n = 0;
	for (int i = 1; i < argc; i++) {
		int taken = history_label_arg(argc, argv, &i, l);

		if (taken < 0)
			return -1;
		if (taken)
			continue;
		if (argv[i][0] == '-' && argv[i][1]) {
			log_usage_error("history %s: unknown option %s (see stresskit history "
					"--help)", cmd, argv[i]);
			return -1;
		}
		if (!*db)
			*db = argv[i];
		else
			in[(*n)++] = argv[i];
	}
	if (!*db || !*n) {
		log_usage_error("history %s: needs DB and at least one %s (see stresskit "
				"history --help)", cmd, what);
		return -1;
	}
	return 0;
}

static int history_main(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		history_help(argc < 2 ? stderr : stdout);
		return argc < 2 ? SK_USAGE : SK_OK;
	}
	for (size_t i = 0; i < HISTORY_CMDS; i++)
		if (!strcmp(argv[1], history_cmds[i].name)) {
			for (int k = 2; k < argc; k++)
				if (!strcmp(argv[k], "--help") || !strcmp(argv[k], "-h")) {
					printf("usage: stresskit history %s\n", history_cmds[i].usage);
					return SK_OK;
				}
			return history_cmds[i].main(argc - 1, argv + 1);
		}
	log_usage_error("history: unknown subcommand '%s' (see stresskit history --help)",
			argv[1]);
	return SK_USAGE;
}

static const struct subcommand history_subcommand = {
	.name = "history",
	.summary = "a performance history in SQLite: add, changes, report, LKP, KCIDB",
	.main = history_main,
};
SUBCOMMAND_REGISTER(history_subcommand);
