/*
 * registry.c - the stressor table. STRESSOR_REGISTER() puts a pointer in
 * the sk_stressors section (section_table.h).
 */
#include "config.h"
#include "registry.h"

#include "descriptor.h"
#include "section_table.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

SECTION_TABLE_DECLARE(const struct stressor *, sk_stressors);
SECTION_TABLE_DECLARE(const struct subcommand *, sk_subcommands);

static const struct stressor **registry;
static size_t registry_n;
/* Per entry, the plugin file it came from (NULL for a built-in); NULL
 * until the first plugin's entry. */
static const char **registry_from;
static const char *registry_loading;

/*
 * A version, when there is one, is a short word: it is printed in
 * compare's refusal and in the document. A built-in must have one, so
 * that no stressor of the tree is compared across a changed bogo-op.
 */
static int registry_check_version(const struct stressor *s, const char *v, bool builtin,
				  char *err, size_t errlen)
{
	size_t len = v ? strlen(v) : 0;

	if (!v && !builtin)
		return 0;
	if (!v) {
		snprintf(err, errlen, "stressor %s: .version: missing (a word such as \"1\", "
			 "bumped when the bogo-op changes)", s->name);
		return -EINVAL;
	}
	if (!len || len > SK_STRESSOR_VERSION_MAX ||
	    strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+-") != len) {
		snprintf(err, errlen, "stressor %s: .version: '%.40s' is not 1 to %d of "
			 "[A-Za-z0-9._+-]", s->name, v, SK_STRESSOR_VERSION_MAX);
		return -EINVAL;
	}
	return 0;
}

static int registry_cmp(const void *a, const void *b)
{
	const struct stressor *const *x = a, *const *y = b;

	return strcmp((*x)->name, (*y)->name);
}

int registry_validate(const struct stressor **list, size_t n,
		      char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		int rc = descriptor_check(list[i], err, errlen);

		if (rc)
			return rc;
	}
	qsort(list, n, sizeof(*list), registry_cmp);
	for (size_t i = 1; i < n; i++) {
		if (!strcmp(list[i - 1]->name, list[i]->name)) {
			snprintf(err, errlen, "stressor %s is registered twice",
				 list[i]->name);
			return -EINVAL;
		}
	}
	return 0;
}

int registry_init(char *err, size_t errlen)
{
	size_t n = SECTION_TABLE_COUNT(sk_stressors);

	if (registry)
		return 0;
	registry = calloc(n ? n : 1, sizeof(*registry));
	if (!registry) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		registry[i] = SECTION_TABLE_AT(sk_stressors, i);
	registry_n = n;
	for (size_t i = 0; i < n; i++) {
		int rc = registry_check_version(registry[i], registry[i]->version, true,
						err, errlen);

		if (rc)
			return rc;
	}
	return registry_validate(registry, n, err, errlen);
}

int registry_add(const struct stressor *s, char *err, size_t errlen)
{
	const struct stressor **grown, *had;
	const char **from;
	size_t at = 0;
	int rc = descriptor_check(s, err, errlen);

	if (!rc)
		rc = registry_check_version(s, s->version, false, err, errlen);
	if (rc)
		return rc;
	had = registry_find(s->name);
	if (had) {
		snprintf(err, errlen, "stressor %s: .name: %s stressor has that name",
			 s->name, registry_origin(had) ? "a plugin" : "a built-in");
		return -EEXIST;
	}
	grown = realloc(registry, (registry_n + 1) * sizeof(*registry));
	if (!grown)
		goto nomem;
	registry = grown;
	/* built-ins have no origin: the first plugin makes the array */
	from = registry_from ? realloc(registry_from, (registry_n + 1) * sizeof(*from))
			     : calloc(registry_n + 1, sizeof(*from));
	if (!from)
		goto nomem;
	registry_from = from;
	while (at < registry_n && strcmp(registry[at]->name, s->name) < 0)
		at++;
	memmove(registry + at + 1, registry + at, (registry_n - at) * sizeof(*registry));
	memmove(registry_from + at + 1, registry_from + at,
		(registry_n - at) * sizeof(*registry_from));
	registry[at] = s;
	registry_from[at] = registry_loading;
	registry_n++;
	return 0;
nomem:
	snprintf(err, errlen, "out of memory");
	return -ENOMEM;
}

int registry_check_names(bool (*is_global)(const char *name), char *err, size_t errlen)
{
	const struct stressor *culprit = NULL, **order;
	size_t n = 0;
	char msg[512];
	int rc;

	/* built-ins first: of a built-in and a plugin that clash, the plugin is refused */
	order = calloc(registry_n ? registry_n : 1, sizeof(*order));
	if (!order) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < registry_n; i++)
			if (!registry_origin(registry[i]) == !pass)
				order[n++] = registry[i];
	rc = descriptor_check_names(order, n, is_global, &culprit, msg, sizeof(msg));
	free(order);

	if (rc && culprit && registry_origin(culprit))
		snprintf(err, errlen, "plugin %s: %s", registry_origin(culprit), msg);
	else if (rc)
		snprintf(err, errlen, "%s", msg);
	return rc;
}

void registry_set_origin(const char *origin)
{
	registry_loading = origin;
}

const char *registry_origin(const struct stressor *s)
{
	long i = registry_index(s);

	return i >= 0 && registry_from ? registry_from[i] : NULL;
}

const char *registry_version(const struct stressor *s)
{
	long i = registry_index(s);

	return i >= 0 ? s->version : NULL;
}

size_t registry_count(void)
{
	return registry_n;
}

const struct stressor *registry_at(size_t i)
{
	return i < registry_n ? registry[i] : NULL;
}

const struct stressor *registry_find(const char *name)
{
	for (size_t i = 0; i < registry_n; i++)
		if (!strcmp(registry[i]->name, name))
			return registry[i];
	return NULL;
}

long registry_index(const struct stressor *s)
{
	for (size_t i = 0; i < registry_n; i++)
		if (registry[i] == s)
			return (long)i;
	return -1;
}

bool stressor_kind_fits(const struct stressor *s, bool threads)
{
	return !(s->flags & (threads ? STRESSOR_NO_THREADS : STRESSOR_THREADS_ONLY));
}

bool stressor_supported(const struct stressor *s)
{
	static const char features[] = " " SK_FEATURES " ";
	const char *p = s->needs;

	while (p && *p) {
		char word[64];
		size_t len = strcspn(p, " ");

		if (len && len < sizeof(word) - 2) {
			snprintf(word, sizeof(word), " %.*s ", (int)len, p);
			if (!strstr(features, word))
				return false;
		}
		p += len;
		p += strspn(p, " ");
	}
	return true;
}

size_t subcommand_count(void)
{
	return SECTION_TABLE_COUNT(sk_subcommands);
}

const struct subcommand *subcommand_at(size_t i)
{
	return i < subcommand_count() ? SECTION_TABLE_AT(sk_subcommands, i) : NULL;
}

const struct subcommand *subcommand_find(const char *name)
{
	for (size_t i = 0; i < subcommand_count(); i++)
		if (!strcmp(SECTION_TABLE_AT(sk_subcommands, i)->name, name))
			return SECTION_TABLE_AT(sk_subcommands, i);
	return NULL;
}
