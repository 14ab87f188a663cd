/*
 * compare_options.c - the run options two documents must share (see
 * compare_options.h). Each option the configuration records is weighed
 * once, here: one that changes the workload or what a figure measures
 * refuses the comparison (unless --force); one that only changes how the
 * run is watched or reported is printed as a note under the table; output
 * files and presentation (--json, --metrics, --log-prefix ...) are not
 * compared. An option one document does not record (an older version) is
 * skipped.
 */
#include "compare_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "log.h"
#include "run_mode.h"

/* The configuration's keys that are no option's: each global option's
 * weight is its row's (cli_table.c), a run mode's its row's (run_mode.h). */
static const struct compare_rule {
	const char *key;
	enum option_weight weight;
} compare_rules[] = {
	{ "mode", WEIGHT_REFUSE },		/* which stressors share the machine */
	{ "temp-path-filesystem", WEIGHT_REFUSE },	/* what a file bogo-op costs */
};

/* Called for each option that differs, with both values (JSON, or NULL
 * for "unversioned") and whether the difference refuses the comparison. */
typedef void (*compare_visit)(void *arg, const char *name, const char *va,
			      const char *vb, bool refuse);

struct compare_walk {
	compare_visit visit;
	void *arg;
};

/* Visits "name" when a and b are both there and differ. */
static void compare_pair(const struct compare_walk *w, const char *name,
			 const json_t *a, const json_t *b, bool refuse)
{
	char *sa, *sb;

	if (!a || !b || json_equal((json_t *)a, (json_t *)b))
		return;
	sa = json_is_null(a) ? NULL : json_dumps(a, JSON_ENCODE_ANY | JSON_REAL_PRECISION(12));
	sb = json_is_null(b) ? NULL : json_dumps(b, JSON_ENCODE_ANY | JSON_REAL_PRECISION(12));
	w->visit(w->arg, name, sa ? sa : "null", sb ? sb : "null", refuse);
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

/*
 * The bogo-op's version: two versions are two different bogo-ops, whose
 * ops/s no %change relates, so they refuse; a stressor unversioned on one
 * side (a plugin that sets none) cannot be told apart, a note.
 */
static void compare_version(const struct compare_walk *w, const char *s,
			    const json_t *ea, const json_t *eb)
{
	const json_t *va = json_object_get(ea, "version"), *vb = json_object_get(eb, "version");
	char name[256], qa[64] = "unversioned", qb[64] = "unversioned";

	if (!va || !vb || json_equal((json_t *)va, (json_t *)vb))
		return;
	snprintf(name, sizeof(name), "%s version", s);
	if (json_is_string(va))
		snprintf(qa, sizeof(qa), "\"%.40s\"", json_string_value(va));
	if (json_is_string(vb))
		snprintf(qb, sizeof(qb), "\"%.40s\"", json_string_value(vb));
	w->visit(w->arg, name, qa, qb, json_is_string(va) && json_is_string(vb));
}

/* Each stressor of a against b's: instances, ops, version, each option. */
static void compare_stressors(const struct compare_walk *w, const json_t *la,
			      const json_t *lb)
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
		compare_pair(w, name, json_object_get(ea, "instances"),
			     eb ? json_object_get(eb, "instances") : none, true);
		if (!eb)
			continue;
		snprintf(name, sizeof(name), "%s-ops", s);
		compare_pair(w, name, json_object_get(ea, "ops"), json_object_get(eb, "ops"), true);
		compare_version(w, s, ea, eb);
		json_object_foreach(json_object_get(ea, "options"), key, v)
			compare_pair(w, key, v,
				     json_object_get(json_object_get(eb, "options"), key), true);
	}
	json_array_foreach(lb, i, eb) {
		const char *s = json_string_value(json_object_get(eb, "stressor"));

		if (s && !compare_stressor(la, s)) {
			snprintf(name, sizeof(name), "%s instances", s);
			compare_pair(w, name, none, json_object_get(eb, "instances"), true);
		}
	}
	json_decref(none);
}

/* True when every stressor of the configuration carries a version. */
static bool compare_all_versioned(const json_t *c)
{
	const json_t *list = json_object_get(c, "stressors"), *e;
	size_t i;

	json_array_foreach(list, i, e)
		if (!json_is_string(json_object_get(e, "version")))
			return false;
	return json_is_array(list);
}

/* Whether option key is on in configuration c (option_weight.h). */
static bool compare_on(const json_t *c, const char *key)
{
	const json_t *v = key ? json_object_get(c, key) : NULL;

	return v && !json_is_null(v) && !json_is_false(v);
}

static bool compare_refuses(enum option_weight wt, const char *when, const json_t *ca,
			    const json_t *cb)
{
	switch (wt) {
	case WEIGHT_REFUSE:
	case WEIGHT_IF_BOTH:	/* compared at all only when both have when on */
		return true;
	case WEIGHT_IF_EITHER:
		return compare_on(ca, when) || compare_on(cb, when);
	default:
		return false;
	}
}

/* Visits option key when it differs, refusing as its weight says. */
static void compare_rule(const struct compare_walk *w, const char *key,
			 enum option_weight wt, const char *when, const json_t *ca,
			 const json_t *cb)
{
	if (wt == WEIGHT_IGNORE)
		return;
	if (wt == WEIGHT_IF_BOTH && !(compare_on(ca, when) && compare_on(cb, when)))
		return;
	compare_pair(w, key, json_object_get(ca, key), json_object_get(cb, key),
		     compare_refuses(wt, when, ca, cb));
}

/* Visits every option of the two documents' runs that differs. */
static void compare_walk(const json_t *a, const json_t *b, const struct compare_walk *w)
{
	const json_t *ca = json_object_get(a, "configuration");
	const json_t *cb = json_object_get(b, "configuration");

	if (!ca || !cb)
		return;
	/*
	 * Another stresskit may count another bogo-op: refused, unless both
	 * documents carry every stressor's version, which then says it.
	 */
	compare_pair(w, "stresskit-version",
		     json_object_get(json_object_get(a, "system-info"), "stresskit-version"),
		     json_object_get(json_object_get(b, "system-info"), "stresskit-version"),
		     !compare_all_versioned(ca) || !compare_all_versioned(cb));
	for (size_t i = 0; i < G_COUNT; i++)
		if (cli_rows[i].record != CLI_RECORD_NOT)
			compare_rule(w, cli_rows[i].opt.name, cli_rows[i].weight, NULL, ca, cb);
	for (size_t i = 0; i < sizeof(compare_rules) / sizeof(*compare_rules); i++)
		compare_rule(w, compare_rules[i].key, compare_rules[i].weight, NULL, ca, cb);
	for (size_t i = 0; i < run_modes_count(); i++)
		for (const struct run_mode_opt *o = run_modes_at(i)->opts; o && o->opt.name; o++)
			compare_rule(w, o->opt.name, o->weight, o->when, ca, cb);
	compare_stressors(w, json_object_get(ca, "stressors"), json_object_get(cb, "stressors"));
}

struct compare_refusal {
	char text[1024];
	size_t used;
};

static void compare_add_refusal(void *arg, const char *name, const char *va,
				const char *vb, bool refuse)
{
	struct compare_refusal *d = arg;

	if (!refuse || d->used >= sizeof(d->text))
		return;
	d->used += (size_t)snprintf(d->text + d->used, sizeof(d->text) - d->used,
				    "%s%s %s vs %s", d->used ? ", " : "", name, va, vb);
}

bool compare_options_differ(const json_t *a, const char *path_a,
			    const json_t *b, const char *path_b)
{
	struct compare_refusal d = { .used = 0 };
	const struct compare_walk w = { compare_add_refusal, &d };

	compare_walk(a, b, &w);
	if (!d.used)
		return false;
	log_usage_error("compare: %s was run with other options than %s: %s "
			"(--force compares them anyway)", path_b, path_a, d.text);
	return true;
}

static void compare_print_note(void *arg, const char *name, const char *va,
			       const char *vb, bool refuse)
{
	printf("note: %s: option %s differs: %s vs %s (%s)\n", (const char *)arg, name, va, vb,
	       refuse ? "compared under --force" : "reporting only, compared");
}

void compare_options_notes(const json_t *a, const json_t *b, const char *label)
{
	const struct compare_walk w = { compare_print_note, (void *)label };

	compare_walk(a, b, &w);
}

/* Sets key of id to c's value of it, when c records one and it weighs. */
static void compare_identity_rule(json_t *id, const char *key, enum option_weight wt,
				  const char *when, const json_t *c)
{
	const json_t *v = json_object_get(c, key);

	if (!v || wt == WEIGHT_IGNORE || wt == WEIGHT_NOTE)
		return;
	if (wt == WEIGHT_IF_BOTH && !compare_on(c, when))
		return;
	if (!compare_refuses(wt, when, c, c))
		return;
	json_object_set_new(id, key, json_deep_copy(v));
}

json_t *compare_options_identity(const json_t *doc)
{
	const json_t *c = json_object_get(doc, "configuration"), *e;
	json_t *id = json_object(), *stressors;
	size_t i;

	if (!id || !c)
		return id;
	if (!compare_all_versioned(c))
		json_object_set_new(id, "stresskit-version", json_deep_copy(json_object_get(
			json_object_get(doc, "system-info"), "stresskit-version")));
	for (size_t k = 0; k < G_COUNT; k++)
		if (cli_rows[k].record != CLI_RECORD_NOT)
			compare_identity_rule(id, cli_rows[k].opt.name, cli_rows[k].weight, NULL, c);
	for (size_t k = 0; k < sizeof(compare_rules) / sizeof(*compare_rules); k++)
		compare_identity_rule(id, compare_rules[k].key, compare_rules[k].weight, NULL, c);
	for (size_t k = 0; k < run_modes_count(); k++)
		for (const struct run_mode_opt *o = run_modes_at(k)->opts; o && o->opt.name; o++)
			compare_identity_rule(id, o->opt.name, o->weight, o->when, c);
	/* keyed by name: compare matches stressors by name, not by place */
	stressors = json_object();
	json_array_foreach(json_object_get(c, "stressors"), i, e) {
		const char *s = json_string_value(json_object_get(e, "stressor"));

		if (s && stressors)
			json_object_set_new(stressors, s, json_pack("{s:O?,s:O?,s:O?,s:O?}",
				"instances", json_object_get(e, "instances"),
				"ops", json_object_get(e, "ops"),
				"version", json_object_get(e, "version"),
				"options", json_object_get(e, "options")));
	}
	json_object_set_new(id, "stressors", stressors);
	return id;
}
