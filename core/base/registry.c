/*
 * registry.c - the stressor table. STRESSOR_REGISTER() puts a pointer in
 * the sk_stressors section; the linker provides __start_/__stop_ symbols
 * around it. They are weak so a build with no entries still links.
 */
#include "config.h"
#include "registry.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const struct stressor *const __start_sk_stressors[] __attribute__((weak));
extern const struct stressor *const __stop_sk_stressors[] __attribute__((weak));
extern const struct subcommand *const __start_sk_subcommands[] __attribute__((weak));
extern const struct subcommand *const __stop_sk_subcommands[] __attribute__((weak));

static const struct stressor **registry;
static size_t registry_n;

static int registry_cmp(const void *a, const void *b)
{
	const struct stressor *const *x = a, *const *y = b;

	return strcmp((*x)->name, (*y)->name);
}

/*
 * Names become option names: lower-case letters, digits, '-' and '_'
 * (will-it-scale's names: tlb_flush1), starting with a letter.
 */
static bool registry_name_ok(const char *name)
{
	if (!name || !*name || strlen(name) > 32 || *name < 'a' || *name > 'z')
		return false;
	return strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-_") == strlen(name);
}

int registry_validate(const struct stressor **list, size_t n,
		      char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		if (!list[i] || !registry_name_ok(list[i]->name)) {
			snprintf(err, errlen, "stressor %zu has an invalid name", i);
			return -EINVAL;
		}
		if (!list[i]->run) {
			snprintf(err, errlen, "stressor %s has no run()", list[i]->name);
			return -EINVAL;
		}
		if (list[i]->opts && list[i]->opts_size == 0) {
			snprintf(err, errlen, "stressor %s has options but no opts_size",
				 list[i]->name);
			return -EINVAL;
		}
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
	size_t n = (size_t)(__stop_sk_stressors - __start_sk_stressors);

	if (registry)
		return 0;
	if (!__start_sk_stressors)
		n = 0;
	registry = calloc(n ? n : 1, sizeof(*registry));
	if (!registry) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		registry[i] = __start_sk_stressors[i];
	registry_n = n;
	return registry_validate(registry, n, err, errlen);
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

bool stressor_mode_fits(const struct stressor *s, bool threads)
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
	if (!__start_sk_subcommands)
		return 0;
	return (size_t)(__stop_sk_subcommands - __start_sk_subcommands);
}

const struct subcommand *subcommand_at(size_t i)
{
	return i < subcommand_count() ? __start_sk_subcommands[i] : NULL;
}

const struct subcommand *subcommand_find(const char *name)
{
	for (size_t i = 0; i < subcommand_count(); i++)
		if (!strcmp(__start_sk_subcommands[i]->name, name))
			return __start_sk_subcommands[i];
	return NULL;
}
