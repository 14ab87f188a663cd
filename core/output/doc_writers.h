/*
 * doc_writers.h - every format a run writes its results in, one table
 * (doc_writers.c), as compare's methods are: a row says the format's
 * option, what it is written from and when, where (a file, or stdout)
 * and how (its emit function, in a file of its own: results_yaml.c,
 * kcidb.c, ktap.c, scale_report.c). A new format is its emit file, its
 * row here and its option's row (global_options.def).
 *
 * A file is opened before the run, so a bad path is one line and exit 1,
 * and written by rename, so a failed write leaves the file that was
 * there (atomic_file.h). A run mode's own files (--series-csv, the
 * latency files) are its output's (mode_output.h), not rows here.
 */
#ifndef STRESSKIT_DOC_WRITERS_H
#define STRESSKIT_DOC_WRITERS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "atomic_file.h"
#include "metrics.h"
#include "scale_figures.h"
#include "settings.h"

#define DOC_WRITERS_MAX 8

/* What a format is written from, and so who writes it and when. */
enum doc_source {
	DOC_FROM_RESULTS,	/* the results document, after the last pass (recorder.c) */
	DOC_FROM_PASS,		/* the pass's stressors, after its table (session.c) */
	DOC_FROM_SWEEP,		/* a --scale sweep's steps, after the last (scale.c) */
};

/* A stressor of the plan and what its run found: NULL when it never ran
 * (a stop signal came first). */
struct doc_test {
	const char *name;
	const struct stressor_summary *sum;
};

/*
 * A --scale sweep's steps: kind[0] its process runs and kind[1] its
 * thread runs, step i of each at the same instances (ran says which
 * kind ran there); the table and the plot show kind[main], whose first
 * ran steps ran.
 */
struct doc_sweep {
	const struct scale_row *kind[2];
	size_t steps, ran;
	int main;
	bool wis;		/* --scale-format will-it-scale: runtest.py's CSV */
	const char *title;	/* the plot's */
};

/* What a writer is given: the field of its source. */
struct doc_data {
	const json_t *doc;			/* DOC_FROM_RESULTS */
	const struct doc_test *tests;		/* DOC_FROM_PASS, in the plan's order */
	size_t n_tests;
	const struct doc_sweep *sweep;		/* DOC_FROM_SWEEP */
};

struct doc_writer {
	const char *option;	/* "--json", as errors name it */
	const char *what;	/* "JSON", as errors name it */
	enum doc_source from;
	/* offsetof(struct settings, its file's path), or for a format on
	 * stdout, of the bool that asks for it */
	size_t setting;
	bool to_stdout;
	/* writes d's field of its source to f: 0, or nonzero when a write failed */
	int (*emit)(FILE *f, const struct doc_data *d);
	/* the exit status the format's readers expect, from stresskit's;
	 * NULL: stresskit's own */
	int (*exit_status)(int status);
};

size_t doc_writers_count(void);
const struct doc_writer *doc_writers_at(size_t i);

/* w's file in s, or NULL when it was not asked for or goes to stdout. */
const char *doc_writer_path(const struct doc_writer *w, const struct settings *s);

/* Whether s asks for w. */
bool doc_writer_asked(const struct doc_writer *w, const struct settings *s);

/* Whether s asks for any format written from from. */
bool doc_writers_asked(const struct settings *s, enum doc_source from);

/* Whether s asks for a format on stdout: the other lines go to stderr. */
bool doc_writers_own_stdout(const struct settings *s);

/* Asks s for no format (a pass run by a child process). */
void doc_writers_clear(struct settings *s);

/* status as the first format asked for that has exit codes of its own says it. */
int doc_writers_exit_status(const struct settings *s, int status);

/* The open files of one source's formats, by doc_writers_at() index. */
struct doc_files {
	enum doc_source from;
	struct atomic_file file[DOC_WRITERS_MAX];
	bool open[DOC_WRITERS_MAX];
};

/*
 * Opens the file of every format from from that s asks for, before
 * anything runs. Returns 0 or -errno with one line in err ("cannot write
 * --json 'PATH': why"); on failure nothing is left open.
 */
int doc_files_open(struct doc_files *f, const struct settings *s, enum doc_source from,
		   char *err, size_t errlen);

/*
 * Writes every format of f's source that s asks for from d: each file
 * renamed into place, each stdout format printed. 0, or -EIO after one
 * line for each that could not be written (a file's previous text kept).
 */
int doc_files_write(struct doc_files *f, const struct settings *s, const struct doc_data *d);

/* Drops the files not written; the targets are as they were. */
void doc_files_abort(struct doc_files *f);

#endif
