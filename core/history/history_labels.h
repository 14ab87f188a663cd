/*
 * history_labels.h - the labels a run is added with (--label NAME=VALUE:
 * commit=SHA, kernel=...), as history_args.c parses them and history_add.c
 * stores them.
 */
#ifndef STRESSKIT_HISTORY_LABELS_H
#define STRESSKIT_HISTORY_LABELS_H

#include <stddef.h>

/* --label's at most, and a name's and value's longest */
#define HISTORY_LABELS_MAX 16
#define HISTORY_LABEL_LEN 256

struct history_labels {
	size_t n;
	char name[HISTORY_LABELS_MAX][HISTORY_LABEL_LEN];
	char value[HISTORY_LABELS_MAX][HISTORY_LABEL_LEN];
};

/* Sets label name (nlen bytes of it) to value; 0, or -1 when l is full. */
int history_label_set(struct history_labels *l, const char *name, size_t nlen,
		      const char *value);

#endif
