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
 * True when doc b's run options differ from doc a's in one that changes
 * the workload or what is measured (the timeout, warm-up, mode, instance
 * mode, --verify, --sandbox, --taskset, the run directory's filesystem,
 * --latency and its sampling, --steady-state and, under it, its window and
 * --sample-interval, --scale and its format, a stressor's instances,
 * ops, options or bogo-op version, and stresskit's version unless every
 * stressor's version is recorded), after one error line naming each with
 * both values. A document without a "configuration" (written by hand) has
 * nothing to differ in.
 */
bool compare_options_differ(const json_t *a, const char *path_a,
			    const json_t *b, const char *path_b);

/*
 * Prints one "note: LABEL: option NAME differs: A vs B (...)" line on
 * stdout for each option that differs: those that change only how the run
 * was watched or reported (--sample-interval, --status-interval,
 * --confidence, --repeat ...), and, compared under --force, the others.
 */
void compare_options_notes(const json_t *a, const json_t *b, const char *label);

/*
 * The options of doc that compare_options_differ weighs as refusing, as
 * one object (its stressors keyed by name): two documents whose objects
 * are equal compare without refusal. What a history series is keyed by
 * (core/history/). NULL only without memory.
 */
json_t *compare_options_identity(const json_t *doc);

#endif
