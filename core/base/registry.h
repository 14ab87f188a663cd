/*
 * registry.h - the compiled-in stressors and subcommands, read from their
 * linker sections, sorted by name and validated once at start.
 */
#ifndef STRESSKIT_REGISTRY_H
#define STRESSKIT_REGISTRY_H

#include <stddef.h>

#include <stresskit/stressor.h>

/* Loads and checks the table; on error writes a message and returns -EINVAL. */
int registry_init(char *err, size_t errlen);

/* Checks a table: sorted in place, unique valid names, a run() each. */
int registry_validate(const struct stressor **list, size_t n,
		      char *err, size_t errlen);

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
bool stressor_mode_fits(const struct stressor *s, bool threads);

const struct subcommand *subcommand_find(const char *name);
size_t subcommand_count(void);
const struct subcommand *subcommand_at(size_t i);

#endif
