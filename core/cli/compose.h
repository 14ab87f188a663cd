/*
 * compose.h - which stressors one command line selects and how they run:
 * --class, --sequential N, --all N (--parallel N), --with, --exclude, a job
 * file's "run sequential|parallel", --progress and --dry-run.
 */
#ifndef STRESSKIT_COMPOSE_H
#define STRESSKIT_COMPOSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "composition.h"

/* What compose_resolve() made of the selection options. */
struct compose_opts {
	enum composition composition;
	unsigned class_mask;
	const char *list_class;		/* --class 'NAME?' as given; "?" for all */
};

struct cli_config;
struct stressor_opt;

/*
 * An OPT_LIST item of --with: stores the stressor's registry index, or
 * writes "unknown stressor 'x' in --with (stressors: a b c)".
 */
int compose_stressor_item(const struct stressor_opt *o, const char *item,
			  size_t len, uint32_t *out, char *err, size_t errlen);

/*
 * The same for --exclude, but a well-formed name of no stressor here is
 * OPT_ITEM_NONE (nothing to leave out, silently, as stress-ng), not an error.
 */
int compose_exclude_item(const struct stressor_opt *o, const char *item,
			 size_t len, uint32_t *out, char *err, size_t errlen);

/*
 * Turns the selection options into the choice of stressors: selects the
 * class (or every stressor) with N instances for --sequential/--all N,
 * restricted by --with and reduced by --exclude. Returns 0, or -EINVAL
 * with one line in err.
 */
int compose_resolve(struct cli_config *cfg, char *err, size_t errlen);

/* --class '?' or --class 'NAME?'. */
void compose_list_classes(FILE *f, const struct compose_opts *co);

#endif
