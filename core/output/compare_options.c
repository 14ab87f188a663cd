/*
 * compare_options.c - the run options two documents must share (see
 * compare_options.h): the global options that change what a bogo-op
 * costs or how long it is counted, and every selected stressor's
 * instances, bogo-op limit and options, matched by name. Output options
 * (--json, --metrics, --perf ...) change no figure and are not compared;
 * an option one document does not record (an older version) is skipped.
 */
#include "compare_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

static const char *const compare_global_keys[] = {
	"timeout", "warmup", "mode", "instance-mode", "verify", "sandbox", "taskset",
};

struct compare_diffs {
	char text[1024];
	size_t used;
};

/* Notes "name A vs B" when a and b are both there and differ. */
static void compare_note(struct compare_diffs *d, const char *name,
			 const json_t *a, const json_t *b)
{
	char *sa, *sb;

	if (!a || !b || json_equal((json_t *)a, (json_t *)b) || d->used >= sizeof(d->text))
		return;
	sa = json_dumps(a, JSON_ENCODE_ANY);
	sb = json_dumps(b, JSON_ENCODE_ANY);
	d->used += (size_t)snprintf(d->text + d->used, sizeof(d->text) - d->used,
				    "%s%s %s vs %s", d->used ? ", " : "", name,
				    sa ? sa : "?", sb ? sb : "?");
	free(sa);
	free(sb);
}

static const json_t *compare_stressor(const json_t *list, const char *name)
{
	const json_t *e;
	size_t i;

	json_array_foreach(list, i, e)
		if (json_is_string(json_object_get(e, "stressor")) &&
		    !strcmp(json_string_value(json_object_get(e, "stressor")), name))
			return e;
	return NULL;
}

/* Each stressor of a against b's: instances, ops, each option. */
static void compare_stressors(struct compare_diffs *d, const json_t *la, const json_t *lb)
{
	const json_t *ea, *eb, *v;
	json_t *none = json_integer(0);	/* a stressor one side did not run */
	const char *key;
	char name[256];
	size_t i;

	json_array_foreach(la, i, ea) {
		const char *s = json_string_value(json_object_get(ea, "stressor"));

		if (!s)
			continue;
		eb = compare_stressor(lb, s);
		snprintf(name, sizeof(name), "%s instances", s);
		compare_note(d, name, json_object_get(ea, "instances"),
			     eb ? json_object_get(eb, "instances") : none);
		if (!eb)
			continue;
		snprintf(name, sizeof(name), "%s-ops", s);
		compare_note(d, name, json_object_get(ea, "ops"), json_object_get(eb, "ops"));
		json_object_foreach(json_object_get(ea, "options"), key, v) {
			snprintf(name, sizeof(name), "%s", key);
			compare_note(d, name, v, json_object_get(json_object_get(eb, "options"), key));
		}
	}
	json_array_foreach(lb, i, eb) {
		const char *s = json_string_value(json_object_get(eb, "stressor"));

		if (s && !compare_stressor(la, s)) {
			snprintf(name, sizeof(name), "%s instances", s);
			compare_note(d, name, none, json_object_get(eb, "instances"));
		}
	}
	json_decref(none);
}

bool compare_options_differ(const json_t *a, const char *path_a,
			    const json_t *b, const char *path_b)
{
	const json_t *ca = json_object_get(a, "configuration");
	const json_t *cb = json_object_get(b, "configuration");
	struct compare_diffs d = { .used = 0 };

	if (!ca || !cb)
		return false;
	compare_note(&d, "stresskit-version",
		     json_object_get(json_object_get(a, "system-info"), "stresskit-version"),
		     json_object_get(json_object_get(b, "system-info"), "stresskit-version"));
	for (size_t i = 0; i < sizeof(compare_global_keys) / sizeof(*compare_global_keys); i++)
		compare_note(&d, compare_global_keys[i], json_object_get(ca, compare_global_keys[i]),
			     json_object_get(cb, compare_global_keys[i]));
	compare_stressors(&d, json_object_get(ca, "stressors"), json_object_get(cb, "stressors"));
	if (!d.used)
		return false;
	log_usage_error("compare: %s was run with other options than %s: %s "
			"(--force compares them anyway)", path_b, path_a, d.text);
	return true;
}
