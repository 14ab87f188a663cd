/*
 * descriptor.c - the checks a stressor's descriptor passes before the
 * core uses it, the same for a built-in stressor and a plugin's. What
 * they catch would otherwise surface late or silently: a .needs typo
 * makes a stressor "not implemented", a missing .syscalls list fails only
 * under --sandbox, an option named like another stressor's is shadowed.
 */
#include "config.h"
#include "descriptor.h"
#include "opts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DESC_NAME_MAX 32

/*
 * Names become option names: lower-case letters, digits, '-' and '_'
 * (will-it-scale's names: tlb_flush1), starting with a letter.
 */
bool descriptor_name_ok(const char *name, size_t max)
{
	size_t len = name ? strlen(name) : 0;

	return len && len <= max && name[0] >= 'a' && name[0] <= 'z' &&
	       name[len - 1] != '-' &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-_") == len;
}

/* The first word of .needs that is no feature config/ probes, or NULL. */
static const char *descriptor_unknown_need(const char *needs, char *word, size_t len)
{
	static const char known[] = " " SK_FEATURES_KNOWN " ";

	for (const char *p = needs; p && *p;) {
		size_t n = strcspn(p, " ");

		if (n) {
			snprintf(word, len, " %.*s ", (int)n, p);
			if (n >= len - 2 || !strstr(known, word)) {
				snprintf(word, len, "%.*s", (int)n, p);
				return word;
			}
		}
		p += n;
		p += strspn(p, " ");
	}
	return NULL;
}

/* The size of the field an option fills, 0 for a bad type or parser. */
static size_t descriptor_field_size(const struct stressor_opt *o)
{
	switch (o->type) {
	case OPT_COUNT:
	case OPT_SIZE:
		return sizeof(uint64_t);
	case OPT_TIME:
		return sizeof(double);
	case OPT_BOOL:
		return sizeof(bool);
	case OPT_CHOICE:
		return sizeof(unsigned);
	case OPT_STRING:
		return sizeof(const char *);
	case OPT_LIST:
		return sizeof(struct opt_list);
	case OPT_CPU_LIST:
		return sizeof(struct opt_cpus);
	case OPT_INSTANCES:
		return sizeof(uint32_t);
	case OPT_PARSED:
		return o->parser && o->parser->parse && o->parser->format ?
		       o->parser->size : 0;
	}
	return 0;
}

/*
 * A list's or a parsed option's default is text the engine parses when it
 * fills the defaults, where a failure would go unseen: it is parsed here
 * first, once, so a bad one refuses the stressor.
 */
static int descriptor_def_str(const struct stressor *s, const struct stressor_opt *o,
			      size_t fsize, char *err, size_t errlen)
{
	char why[256];
	void *scratch;
	int rc;

	if (!o->def_str || (o->type != OPT_LIST && o->type != OPT_PARSED))
		return 0;
	scratch = calloc(1, o->offset + fsize);
	if (!scratch)
		return -ENOMEM;
	rc = opts_set(o, scratch, o->def_str, why, sizeof(why));
	free(scratch);
	if (rc)
		snprintf(err, errlen, "stressor %s: .opts: option %s has a bad "
			 "default: %s", s->name, o->name, why);
	return rc;
}

static int descriptor_opt(const struct stressor *s, const struct stressor_opt *o,
			  char *err, size_t errlen)
{
	size_t plen = strlen(s->name), fsize = descriptor_field_size(o);

	if (strncmp(o->name, s->name, plen) || o->name[plen] != '-' ||
	    !descriptor_name_ok(o->name + plen + 1, DESC_NAME_MAX)) {
		snprintf(err, errlen, "stressor %s: .opts: option '%s' is not named "
			 "%s-WORD (lower-case letters, digits, '-', '_')", s->name, o->name, s->name);
		return -EINVAL;
	}
	if (!fsize) {
		snprintf(err, errlen, "stressor %s: .opts: option %s has an unknown type %d%s",
			 s->name, o->name, (int)o->type,
			 o->type == OPT_PARSED ? " or no .parser" : "");
		return -EINVAL;
	}
	if (o->offset > s->opts_size || s->opts_size - o->offset < fsize) {
		snprintf(err, errlen, "stressor %s: .opts: option %s lies outside "
			 ".opts_size (%zu bytes)", s->name, o->name, s->opts_size);
		return -EINVAL;
	}
	if (o->type == OPT_CHOICE) {
		size_t n = 0;

		while (o->choices && o->choices[n])
			n++;
		if (!n || o->def >= n) {
			snprintf(err, errlen, "stressor %s: .opts: option %s has no "
				 "choices or a default past them", s->name, o->name);
			return -EINVAL;
		}
	} else if ((o->type == OPT_COUNT || o->type == OPT_SIZE || o->type == OPT_TIME) &&
		   (o->min > o->max || o->def < o->min || o->def > o->max)) {
		snprintf(err, errlen, "stressor %s: .opts: option %s needs "
			 "min <= default <= max", s->name, o->name);
		return -EINVAL;
	}
	return descriptor_def_str(s, o, fsize, err, errlen);
}

int descriptor_check(const struct stressor *s, char *err, size_t errlen)
{
	char word[DESC_NAME_MAX + 3];
	const char *bad;

	if (!s || !descriptor_name_ok(s->name, DESC_NAME_MAX)) {
		snprintf(err, errlen, "stressor '%s': .name: expected 1 to %d lower-case "
			 "letters, digits, '-' or '_', starting with a letter", s && s->name ? s->name : "(null)",
			 DESC_NAME_MAX);
		return -EINVAL;
	}
	if (!s->run) {
		snprintf(err, errlen, "stressor %s: .run: missing", s->name);
		return -EINVAL;
	}
	if (!s->summary || !*s->summary) {
		snprintf(err, errlen, "stressor %s: .summary: missing", s->name);
		return -EINVAL;
	}
	if (!s->classes || (s->classes & ~(unsigned)CLASS_ALL)) {
		snprintf(err, errlen, "stressor %s: .classes: %s", s->name,
			 s->classes ? "unknown class bits" : "missing (at least one CLASS_*)");
		return -EINVAL;
	}
	if (!s->syscalls) {
		snprintf(err, errlen, "stressor %s: .syscalls: missing (SK_SYSCALLS(...), "
			 "or SK_NO_SYSCALLS when the base set is enough)", s->name);
		return -EINVAL;
	}
	bad = descriptor_unknown_need(s->needs, word, sizeof(word));
	if (bad) {
		snprintf(err, errlen, "stressor %s: .needs: unknown feature '%s' "
			 "(known: %s)", s->name, bad, SK_FEATURES_KNOWN);
		return -EINVAL;
	}
	if (s->opts && !s->opts_size) {
		snprintf(err, errlen, "stressor %s: .opts_size: 0 with an option table",
			 s->name);
		return -EINVAL;
	}
	for (const struct stressor_opt *o = s->opts; o && o->name; o++) {
		int rc = descriptor_opt(s, o, err, errlen);

		if (rc)
			return rc;
		if (o - s->opts >= SK_OPTS_MAX) {
			snprintf(err, errlen, "stressor %s: .opts: more than %d options",
				 s->name, SK_OPTS_MAX);
			return -EINVAL;
		}
	}
	return 0;
}

/* One command-line name a stressor takes, and whose it is. */
struct descriptor_name {
	char name[2 * DESC_NAME_MAX + 8];
	const struct stressor *owner;
	size_t idx;		/* the owner's place in the list */
	const char *field;
};

static int descriptor_name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct descriptor_name *)a)->name,
		      ((const struct descriptor_name *)b)->name);
}

/* Appends name (a stressor's option, or NAME / NAME-ops) to the list. */
static void descriptor_add(struct descriptor_name *names, size_t *n,
			   const struct stressor *const *list, size_t idx,
			   const char *field, const char *fmt, const char *a)
{
	snprintf(names[*n].name, sizeof(names[*n].name), fmt, a);
	names[*n].owner = list[idx];
	names[*n].idx = idx;
	names[*n].field = field;
	(*n)++;
}

int descriptor_check_names(const struct stressor *const *list, size_t n,
			   bool (*is_global)(const char *name),
			   const struct stressor **culprit, char *err, size_t errlen)
{
	struct descriptor_name *names;
	size_t total = 0, used = 0;
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		total += 2;
		for (const struct stressor_opt *o = list[i]->opts; o && o->name; o++)
			total++;
	}
	names = calloc(total ? total : 1, sizeof(*names));
	if (!names) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		descriptor_add(names, &used, list, i, ".name", "%s", list[i]->name);
		descriptor_add(names, &used, list, i, ".name", "%s-ops", list[i]->name);
		for (const struct stressor_opt *o = list[i]->opts; o && o->name; o++)
			descriptor_add(names, &used, list, i, ".opts", "%s", o->name);
	}
	for (size_t i = 0; i < used && is_global; i++) {
		if (is_global(names[i].name)) {
			snprintf(err, errlen, "stressor %s: %s: --%s is a global option",
				 names[i].owner->name, names[i].field, names[i].name);
			*culprit = names[i].owner;
			rc = -EINVAL;
			goto out;
		}
	}
	qsort(names, used, sizeof(*names), descriptor_name_cmp);
	for (size_t i = 1; i < used; i++) {
		const struct descriptor_name *a = &names[i - 1], *b = &names[i];

		if (strcmp(a->name, b->name))
			continue;
		/* the later of the two in the list is the one refused */
		if (a->idx > b->idx) {
			a = &names[i];
			b = &names[i - 1];
		}
		if (a->owner == b->owner)
			snprintf(err, errlen, "stressor %s: %s: --%s is defined twice",
				 b->owner->name, b->field, b->name);
		else
			snprintf(err, errlen, "stressor %s: %s: --%s is also stressor %s's",
				 b->owner->name, b->field, b->name, a->owner->name);
		*culprit = b->owner;
		rc = -EINVAL;
		goto out;
	}
out:
	free(names);
	return rc;
}
