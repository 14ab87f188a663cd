/*
 * descriptor.h - validation of a stressor's descriptor (struct stressor),
 * built in or from a plugin, before the core uses it. Errors are one line
 * naming the stressor and the field: "stressor NAME: .FIELD: what".
 */
#ifndef STRESSKIT_DESCRIPTOR_H
#define STRESSKIT_DESCRIPTOR_H

#include <stdbool.h>
#include <stddef.h>

#include <stresskit/stressor.h>

/* True when name is 1..max of [a-z0-9-], not starting or ending in '-'. */
bool descriptor_name_ok(const char *name, size_t max);

/*
 * One descriptor on its own: .name, .run, .summary, .classes, .syscalls
 * (SK_NO_SYSCALLS allowed), every .needs word a known feature, and each
 * option named NAME-WORD, of a known type, inside .opts_size, with a sane
 * default. Returns 0 or -EINVAL with err set.
 */
int descriptor_check(const struct stressor *s, char *err, size_t errlen);

/*
 * The command-line names of all stressors together (--NAME, --NAME-ops,
 * each option): none is taken twice, none is a global option (is_global
 * may be NULL). Returns 0, -EINVAL with err set and *culprit the stressor
 * refused (of two that clash, the later in list), or -ENOMEM.
 */
int descriptor_check_names(const struct stressor *const *list, size_t n,
			   bool (*is_global)(const char *name),
			   const struct stressor **culprit, char *err, size_t errlen);

#endif
