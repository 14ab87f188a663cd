/*
 * compare_environment.h - where two results documents' machines differ
 * (compare_environment.c).
 */
#ifndef STRESSKIT_COMPARE_ENVIRONMENT_H
#define STRESSKIT_COMPARE_ENVIRONMENT_H

#include <jansson.h>
#include <stddef.h>

/*
 * Prints one "note:" line on stdout per field whose value differs between
 * two documents' environments (nested keys dotted; the load at the start
 * left out), naming the other side by label. Returns how many differ.
 */
size_t environment_diff(const json_t *a, const json_t *b, const char *label);

#endif
