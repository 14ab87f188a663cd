/*
 * classes.h - stressor classes by stress-ng's names ("pipe", "os", ...):
 * the CLASS_* bits of stressor.h, parsed from a list and printed.
 */
#ifndef STRESSKIT_CLASSES_H
#define STRESSKIT_CLASSES_H

#include <stddef.h>
#include <stdio.h>

#include <stresskit/stressor.h>

/* The name of one CLASS_* bit, or NULL. */
const char *class_name(unsigned bit);

/*
 * An OPT_LIST item of --class: stores the class's bit number, or writes one
 * line listing the valid names and returns -EINVAL.
 */
int class_item(const struct stressor_opt *o, const char *item, size_t len,
	       uint32_t *out, char *err, size_t errlen);

/* The CLASS_* mask of a list class_item filled. */
unsigned class_mask(const struct opt_list *l);

/* Writes the names of the bits in mask, space-separated: "pipe memory os". */
void class_format(unsigned mask, char *out, size_t outlen);

/* "class names: cpu filesystem ...", as stress-ng's --class '?' prints. */
void class_list(FILE *f);

/* "class 'pipe' stressors: pipe sendfile ...", as --class 'pipe?'; name is len bytes. */
void class_list_stressors(FILE *f, const char *name, int len, unsigned mask);

#endif
