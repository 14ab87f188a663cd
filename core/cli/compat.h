/*
 * compat.h - stress-ng's options that stresskit knows by name and does not
 * implement, so a drop-in job that uses one is refused with a reason
 * instead of "unknown option" (or, worse, silently ignored).
 */
#ifndef STRESSKIT_COMPAT_H
#define STRESSKIT_COMPAT_H

#include <stdbool.h>

/*
 * True when NAME (without dashes) is one of those options; *why is the
 * reason to add to the refusal, or NULL when there is nothing more to say.
 */
bool compat_unsupported(const char *name, const char **why);

#endif
