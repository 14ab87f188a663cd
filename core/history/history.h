/*
 * history.h - what the parts of "stresskit history" share: each
 * subcommand's entry (history.c dispatches on argv[1]) and the labels a
 * run is added with (--label NAME=VALUE: commit=SHA, kernel=...).
 */
#ifndef STRESSKIT_HISTORY_H
#define STRESSKIT_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "history_changes.h"

/* --label's at most, and a name's and value's longest */
#define HISTORY_LABELS_MAX 16
#define HISTORY_LABEL_LEN 256

struct history_labels {
	size_t n;
	char name[HISTORY_LABELS_MAX][HISTORY_LABEL_LEN];
	char value[HISTORY_LABELS_MAX][HISTORY_LABEL_LEN];
};

/*
 * --label NAME=VALUE (or --label=NAME=VALUE) at argv[*i]: 1 taken (into
 * l, *i past its value), 0 not a --label, -1 bad (after one line). NAME
 * is letters, digits, '-', '_' and '.'; a NAME given twice keeps the last.
 */
int history_label_arg(int argc, char **argv, int *i, struct history_labels *l);

/* Sets label name (nlen bytes of it) to value; 0, or -1 when l is full. */
int history_label_set(struct history_labels *l, const char *name, size_t nlen,
		      const char *value);

/*
 * DB INPUT... [--label NAME=VALUE]... (add, import-lkp): *db, and the
 * inputs into in[] (argc entries at most, pointing into argv), *n of
 * them. 0, or -1 after one line naming cmd and what an input is.
 */
int history_inputs_args(int argc, char **argv, const char *cmd, const char *what,
			struct history_labels *l, const char **db, const char **in, size_t *n);

/*
 * The value of an option --NAME VALUE or --NAME=VALUE at argv[*i]:
 * NULL when argv[*i] is not it, else the value (*i past it), or "" after
 * one line when the value is missing.
 */
const char *history_valued(int argc, char **argv, int *i, const char *name);

/* What the subcommands that look for change points take (changes, report). */
struct history_changes_opts {
	const char *db, *key;
	uint64_t series, last;
	struct history_changes_params p;
	bool want_out;		/* -o FILE is taken, and needed */
	const char *out;
};

/*
 * DB [--series N] [--metric KEY] [--last N] [--max-p P] [--min-runs N],
 * and -o FILE when o->want_out: 0, or -1 after one line.
 */
int history_changes_args(int argc, char **argv, struct history_changes_opts *o);

struct history_doc;
struct history_store;
/*
 * Stores d as one run of its series in one transaction (history_add.c):
 * refused when hash (of its source's bytes) is stored already. 0, or -1
 * after one line with nothing kept.
 */
int history_add_doc(struct history_store *s, const char *source, const char *hash,
		    const struct history_doc *d, const struct history_labels *labels);
/* A file's bytes, NUL-ended, *len of them; NULL after one line. */
char *history_add_slurp(const char *path, size_t *len);

/*
 * An lkp-tests result root's file read into d (history_import_lkp.c):
 * len bytes of buf, read from file in root, a commit's matrix.json when
 * matrix, else a run's stats.json. 0, or -1 after one line; d is to be
 * freed (history_doc_free) either way.
 */
int history_lkp_doc_read(const char *root, const char *file, bool matrix, const char *buf,
			 size_t len, struct history_doc *d);

/* Each subcommand: argv[0] is its name. Exit codes as stresskit's. */
int history_add_main(int argc, char **argv);
int history_list_main(int argc, char **argv);
int history_show_main(int argc, char **argv);
int history_changes_main(int argc, char **argv);
int history_report_main(int argc, char **argv);
int history_export_main(int argc, char **argv);
int history_import_lkp_main(int argc, char **argv);

#endif
