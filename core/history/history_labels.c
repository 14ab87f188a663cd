/*
 * history_labels.c - a run's labels (history_labels.h).
 */
#include "history_labels.h"

#include <stdio.h>
#include <string.h>

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
