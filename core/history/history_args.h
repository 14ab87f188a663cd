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
#include <stdio.h>

#include "history_changes.h"
#include "history_labels.h"

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

/* The rows a verb may take, or-ed into its history_verb's rows. */
enum {
	HISTORY_ARG_LABEL    = 1u << 0,
	HISTORY_ARG_SERIES   = 1u << 1,
	HISTORY_ARG_LAST     = 1u << 2,	/* --last N: 1 or more runs */
	HISTORY_ARG_LAST_CP  = 1u << 3,	/* --last N: enough runs for a change point */
	HISTORY_ARG_METRIC   = 1u << 4,
	HISTORY_ARG_CHANGES  = 1u << 5,	/* --max-p, --min-runs */
	HISTORY_ARG_OUTPUT   = 1u << 6,	/* --output, -o FILE (needed) */
	HISTORY_ARG_KCIDB    = 1u << 7,	/* --kcidb FILE (needed) */
	HISTORY_ARG_INPUTS   = 1u << 8,	/* operands: DB INPUT... (else DB alone) */
};

/*
 * A verb of history, declared in its own file: its name, the rows it
 * takes and what it does. history.c lists the verbs; the synopsis and
 * --help of each are made from its rows, so they say what it parses.
 */
struct history_verb {
	const char *name;	/* "add" */
	unsigned rows;		/* HISTORY_ARG_* */
	const char *input;	/* HISTORY_ARG_INPUTS: an input's name, "RESULTS.json" */
	const char *what;	/* what it does, in lines of at most 72 columns */
	int (*main)(int argc, char **argv);	/* argv[0] its name; stresskit's exit codes */
};

struct history_store;
/*
 * A verb's start: "history VERB" argv[1..] (argv[0] is VERB) parsed into
 * a, the rows taken as v says (inputs holds argc entries), and its
 * database opened into s, made when the verb adds runs
 * (HISTORY_ARG_INPUTS). Returns true to go on; false when the verb is
 * done, with its exit code in *exit_code (SK_OK after its usage on
 * stdout for --help, SK_USAGE after one line).
 */
bool history_verb_start(const struct history_verb *v, int argc, char **argv,
			const char **inputs, struct history_args *a,
			struct history_store *s, int *exit_code);

/* v's synopsis after lead ("usage: ", or "  " in history --help's list)
 * and what it does, to f. */
void history_verb_usage(const struct history_verb *v, const char *lead, FILE *f);

#endif
