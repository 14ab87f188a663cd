/*
 * profile_brief.c - a run's perf-profile under its table: the top keys of
 * each family of each stressor (profile_brief.h).
 */
#include "profile_brief.h"

#include <stdlib.h>
#include <string.h>

#include "log.h"

/* A key and its percent, for sorting one family. */
struct profile_brief_row {
	const char *key;
	double pct;
};

static int profile_brief_cmp(const void *a, const void *b)
{
	const struct profile_brief_row *x = a, *y = b;

	if (x->pct != y->pct)
		return x->pct > y->pct ? -1 : 1;
	return strcmp(x->key, y->key);
}

void profile_brief_print(const char *name, const json_t *prof)
{
	static const char *const families[] = { "calltrace", "children", "self" };

	log_metric("perf-profile of %s: %lld %s samples (%% of samples, top %d per family):",
		   name, (long long)json_integer_value(json_object_get(prof, "samples")),
		   json_string_value(json_object_get(prof, "event")), PROFILE_BRIEF_TOP);
	for (size_t f = 0; f < 3; f++) {
		const json_t *fam = json_object_get(prof, families[f]);
		size_t n = json_object_size(fam), k = 0;
		struct profile_brief_row *rows = calloc(n ? n : 1, sizeof(*rows));
		const char *key;
		json_t *v;

		if (!rows)
			return;
		json_object_foreach((json_t *)fam, key, v)
			rows[k++] = (struct profile_brief_row){ key, json_number_value(v) };
		qsort(rows, k, sizeof(*rows), profile_brief_cmp);
		for (size_t i = 0; i < k && i < PROFILE_BRIEF_TOP; i++)
			log_metric("%-13s %8.2f  perf-profile.%s.%s", name, rows[i].pct,
				   families[f], rows[i].key);
		free(rows);
	}
}
