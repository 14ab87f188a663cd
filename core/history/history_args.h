/*
 * history_args.h - the command lines of history's verbs through the
 * option engine (opts_argv.h): each verb names the rows it takes from
 * one set (--label, --series, --last, --metric, --max-p, --min-runs,
 * --output, --kcidb), so an option means and is checked the same in
 * every verb, and its errors are the engine's, after "history VERB".
 */
#ifndef STRESSKIT_HISTORY_ARGS_H
#define STRESSKIT_HISTORY_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "history.h"

/* What a verb's line holds; a verb reads the fields of the rows it takes. */
struct history_args {
	const char *db;
	const char **inputs;	/* add, import-lkp: their files, in argv */
	size_t n_inputs;
	struct history_labels labels;
	uint64_t series, last;	/* 0: every series, every run */
	const char *metric;
	const char *out;	/* report's -o, export's --kcidb */
	uint64_t min_runs;	/* --min-runs, into p */
	struct history_changes_params p;
};

/* The rows a verb may take, or-ed into history_verb_start()'s rows. */
enum {
	HISTORY_ARG_LABEL    = 1u << 0,
	HISTORY_ARG_SERIES   = 1u << 1,
	HISTORY_ARG_LAST     = 1u << 2,	/* --last N: 1 or more runs */
	HISTORY_ARG_LAST_CP  = 1u << 3,	/* --last N: enough runs for a change point */
	HISTORY_ARG_METRIC   = 1u << 4,
	HISTORY_ARG_CHANGES  = 1u << 5,	/* --max-p, --min-runs */
	HISTORY_ARG_OUTPUT   = 1u << 6,	/* -o, --output FILE (needed) */
	HISTORY_ARG_KCIDB    = 1u << 7,	/* --kcidb FILE (needed) */
	HISTORY_ARG_INPUTS   = 1u << 8,	/* operands: DB INPUT... (else DB alone) */
};

struct history_store;
/*
 * A verb's start: "history VERB" argv[1..] (argv[0] is VERB) parsed into
 * a, the rows taken as rows says (inputs holds argc entries; what names
 * an input for the error of a line without one), and its database opened
 * into s, made when the verb adds runs (HISTORY_ARG_INPUTS). Returns
 * true to go on; false when the verb is done, with its exit code in
 * *exit_code (SK_OK after its usage on stdout for --help, SK_USAGE after
 * one line).
 */
bool history_verb_start(const char *verb, unsigned rows, const char *what, int argc,
			char **argv, const char **inputs, struct history_args *a,
			struct history_store *s, int *exit_code);

#endif
