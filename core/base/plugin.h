/*
 * plugin.h - loading stressors from shared objects (--plugin FILE.so and
 * the directories of STRESSKIT_PLUGIN_PATH). Every error is one line
 * naming the file, in err; the caller exits with SK_USAGE before running
 * anything.
 */
#ifndef STRESSKIT_PLUGIN_H
#define STRESSKIT_PLUGIN_H

#include <stddef.h>

#include <stresskit/stressor.h>

/* Where plugins are looked for when STRESSKIT_PLUGIN_PATH is unset. */
#ifndef SK_PLUGIN_DIR
#define SK_PLUGIN_DIR "/usr/local/lib/stresskit/plugins"
#endif

/*
 * Loads one plugin and adds its stressors to the registry. path must stay
 * valid for the run (messages name it). Returns 0, 1 when that file was
 * loaded already (nothing is added twice), or a negative errno with err
 * set.
 */
int plugin_load(const char *path, char *err, size_t errlen);

/* Loads every *.so of each directory of a colon-separated list, in name order. */
int plugin_load_path(const char *path, char *err, size_t errlen);

/*
 * Calls ctx->stressor->prepare(ctx) (which must be set) under a guard: a
 * crash in it is a one-line usage error naming the stressor and its
 * plugin, and SK_USAGE; otherwise prepare()'s own status.
 */
int plugin_prepare(struct stressor_ctx *ctx);

/*
 * The minor of the stressor ABI the stressor was built for: its plugin's
 * STRESSOR_REGISTER() said, or SK_ABI_MINOR for a built-in. Loops inlined
 * from older headers keep their release's meaning (instance.c).
 */
unsigned plugin_abi_minor(const struct stressor *s);

#endif
