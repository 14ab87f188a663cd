/*
 * history.h - what the parts of "stresskit history" share: each
 * subcommand's entry (history.c dispatches on its verb), adding a run
 * with its labels (history_labels.h) and reading LKP's files.
 */
#ifndef STRESSKIT_HISTORY_H
#define STRESSKIT_HISTORY_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#include "history_changes.h"
#include "history_labels.h"

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

/* Each subcommand, declared in its own file (history_args.h). */
struct history_verb;
extern const struct history_verb history_add_verb, history_list_verb, history_show_verb,
	history_changes_verb, history_report_verb, history_export_verb,
	history_import_lkp_verb;

#endif
