/*
 * compare_environment.c - the notes compare prints where the two runs'
 * "environment" mappings (environment.c writes them) differ.
 */
#include "compare_environment.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Walks a and b together; prints the dotted key of each difference. */
static size_t env_diff_at(const json_t *a, const json_t *b, const char *path,
			  const char *label)
{
	const char *key;
	json_t *va;
	size_t n = 0;
	char sub[256];

	if (json_is_object(a) && json_is_object(b)) {
		json_object_foreach((json_t *)a, key, va) {
			snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "", key);
			n += env_diff_at(va, json_object_get(b, key), sub, label);
		}
		json_object_foreach((json_t *)b, key, va)
			if (!json_object_get(a, key)) {
				snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "", key);
				n += env_diff_at(NULL, va, sub, label);
			}
		return n;
	}
	/* the load and the free memory at the start differ every time: they
	 * describe the moment, not the machine, and a note on every compare
	 * would bury the notes that matter */
	if (json_equal((json_t *)a, (json_t *)b) || strstr(path, "load-average") ||
	    strcmp(path, "memory.available") == 0)
		return 0;
	{
		char *sa = a ? json_dumps(a, JSON_ENCODE_ANY) : NULL;
		char *sb = b ? json_dumps(b, JSON_ENCODE_ANY) : NULL;

		printf("note: %s: environment %s differs: %s vs %s\n", label, path,
		       sa ? sa : "(absent)", sb ? sb : "(absent)");
		free(sa);
		free(sb);
	}
	return 1;
}

size_t environment_diff(const json_t *a, const json_t *b, const char *label)
{
	return env_diff_at(a, b, "", label);
}
