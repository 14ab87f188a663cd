/*
 * json_file.h - a JSON document from a file, for every reader of results,
 * profiles and noise profiles: a missing file or a directory is named by
 * its errno, not as a JSON syntax error.
 */
#ifndef STRESSKIT_JSON_FILE_H
#define STRESSKIT_JSON_FILE_H

#include <stddef.h>

#include <jansson.h>

/* The document at path, or NULL with err set to "cannot read PATH: WHY"
 * or "PATH: not a JSON document: WHY (line N)"; the caller says whose. */
json_t *json_file_load(const char *path, char *err, size_t errlen);

#endif
