/*
 * registry.h - the compiled-in stressors and subcommands, read from their
 * linker sections, sorted by name and validated once at start.
 */
#ifndef STRESSKIT_REGISTRY_H
#define STRESSKIT_REGISTRY_H

#include <stddef.h>

#include <stresskit/stressor.h>
#include <stresskit-builtin.h>

/* Loads and checks the table; on error writes a message and returns -EINVAL. */
int registry_init(char *err, size_t errlen);

/* Checks a table: each descriptor valid (descriptor.h), sorted in place, unique names. */
int registry_validate(const struct stressor **list, size_t n,
		      char *err, size_t errlen);

/*
 * Adds a plugin's stressor (plugin.c), validated as a built-in one is and kept in name order; -EEXIST when the
 * name is taken. While origin is set (registry_set_origin), what is added
 * is marked as coming from there.
 */
int registry_add(const struct stressor *s, char *err, size_t errlen);
void registry_set_origin(const char *origin);
/* The plugin file a stressor came from; NULL for a built-in. */
const char *registry_origin(const struct stressor *s);
/* The stressor's .version; NULL: unversioned (or not registered). */
const char *registry_version(const struct stressor *s);

/*
 * Once every plugin is in: no two stressors take the same command-line
 * name, and none takes a global option's (descriptor_check_names).
 */
int registry_check_names(bool (*is_global)(const char *name), char *err, size_t errlen);

size_t registry_count(void);
const struct stressor *registry_at(size_t i);
const struct stressor *registry_find(const char *name);
/* Index of a stressor in the sorted table, or -1. */
long registry_index(const struct stressor *s);

/* True when every build feature the stressor needs was found. */
bool stressor_supported(const struct stressor *s);

/*
 * True when the stressor's instances can be threads (threads) or
 * processes: STRESSOR_NO_THREADS and STRESSOR_THREADS_ONLY say which not.
 */
bool stressor_kind_fits(const struct stressor *s, bool threads);

const struct subcommand *subcommand_find(const char *name);
size_t subcommand_count(void);
const struct subcommand *subcommand_at(size_t i);

#endif
