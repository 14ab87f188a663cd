/*
 * ng_names.h - the stressor names stress-ng knows (ng_names.c).
 */
#ifndef STRESSKIT_NG_NAMES_H
#define STRESSKIT_NG_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* Whether stress-ng has a stressor of this name (len bytes, '-' spelled). */
bool ng_stressor_known(const char *name, size_t len);

/* How many names the table holds. */
size_t ng_stressor_count(void);

#endif
