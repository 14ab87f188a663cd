/*
 * compare_options.h - whether two results documents were run with the
 * same options: two figures of another --timeout, instance count,
 * stressor option or stresskit version measure different things, and
 * compare refuses them unless --force.
 */
#ifndef STRESSKIT_COMPARE_OPTIONS_H
#define STRESSKIT_COMPARE_OPTIONS_H

#include <jansson.h>
#include <stdbool.h>

/*
 * True when doc b's run options differ from doc a's, after one error line
 * naming each differing option with both values. A document without a
 * "configuration" (written by hand) has nothing to differ in.
 */
bool compare_options_differ(const json_t *a, const char *path_a,
			    const json_t *b, const char *path_b);

#endif
