/*
 * classes.h - stressor classes by stress-ng's names ("pipe", "os", ...):
 * the CLASS_* bits of stressor.h, parsed from a list and printed.
 */
#ifndef STRESSKIT_CLASSES_H
#define STRESSKIT_CLASSES_H

#include <stddef.h>
#include <stdio.h>

/* The name of one CLASS_* bit, or NULL. */
const char *class_name(unsigned bit);

/*
 * Parses "pipe,os" into a mask of CLASS_* bits. On an unknown name writes
 * one line listing the valid ones and returns -EINVAL.
 */
int class_parse_list(const char *list, unsigned *mask, char *err, size_t errlen);

/* Writes the names of the bits in mask, space-separated: "pipe memory os". */
void class_format(unsigned mask, char *out, size_t outlen);

/* "class names: cpu filesystem ...", as stress-ng's --class '?' prints. */
void class_list(FILE *f);

/* "class 'pipe' stressors: pipe sendfile ...", as --class 'pipe?'; name is len bytes. */
void class_list_stressors(FILE *f, const char *name, int len, unsigned mask);

#endif
