/*
 * doc_writers.h - the results document's formats, written whole after
 * the last pass: a table, as compare's methods are. A format is its
 * emit function, in a file of its own (results_yaml.c, kcidb.c), a row
 * in doc_writers.c, and the option that names its file (a row of
 * global_options.def). Every file is opened before the run, so a bad
 * path is one line and exit 1, and written by rename, so a failed write
 * leaves the file that was there (results.c).
 * --ktap and the CSVs are written as the run goes, not from the
 * document, and are not here.
 */
#ifndef STRESSKIT_DOC_WRITERS_H
#define STRESSKIT_DOC_WRITERS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "settings.h"

#define DOC_WRITERS_MAX 8

struct doc_writer {
	const char *option;	/* "--json", as errors name it */
	const char *what;	/* "JSON", as errors name it */
	size_t path;		/* offsetof(struct settings, its file's path) */
	/* writes doc to f: 0, or nonzero when a write failed */
	int (*emit)(const json_t *doc, FILE *f);
};

size_t doc_writers_count(void);
const struct doc_writer *doc_writers_at(size_t i);

/* w's file in s, or NULL when it was not asked for. */
const char *doc_writer_path(const struct doc_writer *w, const struct settings *s);

/* Whether s asks for any format's file. */
bool doc_writers_asked(const struct settings *s);

/* Asks s for no format's file (a pass run by a child process). */
void doc_writers_clear(struct settings *s);

#endif
