/*
 * doc_writers.c - the formats a run writes (doc_writers.h): their table,
 * and the opening and writing every file format shares.
 */
#include "doc_writers.h"

#include <errno.h>
#include <string.h>

#include "kcidb.h"
#include "ktap.h"
#include "log.h"
#include "plot_svg.h"
#include "results.h"
#include "scale_report.h"

/* JSON as compare and history read it: two-space indent, a final newline. */
static int doc_writers_json(FILE *f, const struct doc_data *d)
{
	return json_dumpf(d->doc, f, JSON_INDENT(2)) || fputc('\n', f) == EOF;
}

static int doc_writers_yaml(FILE *f, const struct doc_data *d)
{
	return results_emit_yaml(d->doc, f);
}

static int doc_writers_kcidb(FILE *f, const struct doc_data *d)
{
	return kcidb_emit(d->doc, f);
}

static int doc_writers_ktap(FILE *f, const struct doc_data *d)
{
	return ktap_write(f, d->tests, d->n_tests);
}

/* --scale-csv: the table's rows, or runtest.py's of both kinds. */
static int doc_writers_scale_csv(FILE *f, const struct doc_data *d)
{
	const struct doc_sweep *w = d->sweep;

	if (w->wis)
		return scale_wis_write_csv(f, w->kind[0], w->kind[1], w->steps);
	return scale_write_csv(f, w->kind[w->main], w->ran);
}

static int doc_writers_scale_plot(FILE *f, const struct doc_data *d)
{
	const struct doc_sweep *w = d->sweep;

	return plot_svg_scale(f, w->title, w->kind[w->main], w->ran);
}

#define DOC_FILE(name) .setting = offsetof(struct settings, name)

/*
 * In the order two outputs that are one file are named in (output_paths.c)
 * and the files are written in.
 */
static const struct doc_writer doc_writers[] = {
	{ .option = "--scale-csv", .what = "CSV", .from = DOC_FROM_SWEEP,
	  DOC_FILE(scale_csv), .emit = doc_writers_scale_csv },
	{ .option = "--scale-plot", .what = "SVG", .from = DOC_FROM_SWEEP,
	  DOC_FILE(scale_plot), .emit = doc_writers_scale_plot },
	{ .option = "--yaml", .what = "YAML", .from = DOC_FROM_RESULTS,
	  DOC_FILE(yaml_path), .emit = doc_writers_yaml },
	{ .option = "--json", .what = "JSON", .from = DOC_FROM_RESULTS,
	  DOC_FILE(json_path), .emit = doc_writers_json },
	{ .option = "--kcidb", .what = "KCIDB", .from = DOC_FROM_RESULTS,
	  DOC_FILE(kcidb_path), .emit = doc_writers_kcidb },
	{ .option = "--ktap", .what = "KTAP", .from = DOC_FROM_PASS,
	  .setting = offsetof(struct settings, ktap), .to_stdout = true,
	  .emit = doc_writers_ktap, .exit_status = ktap_exit_status },
};
_Static_assert(sizeof(doc_writers) / sizeof(*doc_writers) <= DOC_WRITERS_MAX,
	       "DOC_WRITERS_MAX");

size_t doc_writers_count(void)
{
	return sizeof(doc_writers) / sizeof(*doc_writers);
}

const struct doc_writer *doc_writers_at(size_t i)
{
	return &doc_writers[i];
}

static void *doc_writer_setting(const struct doc_writer *w, const struct settings *s)
{
	return (char *)s + w->setting;
}

const char *doc_writer_path(const struct doc_writer *w, const struct settings *s)
{
	return w->to_stdout ? NULL : *(const char **)doc_writer_setting(w, s);
}

bool doc_writer_asked(const struct doc_writer *w, const struct settings *s)
{
	return w->to_stdout ? *(const bool *)doc_writer_setting(w, s) : !!doc_writer_path(w, s);
}

bool doc_writers_asked(const struct settings *s, enum doc_source from)
{
	for (size_t i = 0; i < doc_writers_count(); i++)
		if (doc_writers[i].from == from && doc_writer_asked(&doc_writers[i], s))
			return true;
	return false;
}

bool doc_writers_own_stdout(const struct settings *s)
{
	for (size_t i = 0; i < doc_writers_count(); i++)
		if (doc_writers[i].to_stdout && doc_writer_asked(&doc_writers[i], s))
			return true;
	return false;
}

void doc_writers_clear(struct settings *s)
{
	for (size_t i = 0; i < doc_writers_count(); i++) {
		void *v = doc_writer_setting(&doc_writers[i], s);

		if (doc_writers[i].to_stdout)
			*(bool *)v = false;
		else
			*(const char **)v = NULL;
	}
}

int doc_writers_exit_status(const struct settings *s, int status)
{
	for (size_t i = 0; i < doc_writers_count(); i++)
		if (doc_writers[i].exit_status && doc_writer_asked(&doc_writers[i], s))
			return doc_writers[i].exit_status(status);
	return status;
}

int doc_files_open(struct doc_files *f, const struct settings *s, enum doc_source from,
		   char *err, size_t errlen)
{
	int rc = 0;

	memset(f, 0, sizeof(*f));
	f->from = from;
	for (size_t i = 0; i < doc_writers_count() && !rc; i++) {
		const struct doc_writer *w = &doc_writers[i];
		const char *path = doc_writer_path(w, s);

		f->file[i].fd = f->file[i].dirfd = -1;
		if (w->from != from || !path)
			continue;
		rc = atomic_file_open(&f->file[i], path);
		f->open[i] = !rc;
		if (rc)
			snprintf(err, errlen, "cannot write %s '%s': %s", w->option, path,
				 strerror(-rc));
	}
	if (rc)
		doc_files_abort(f);
	return rc;
}

void doc_files_abort(struct doc_files *f)
{
	for (size_t i = 0; i < doc_writers_count(); i++)
		if (f->open[i]) {
			atomic_file_abort(&f->file[i]);
			f->open[i] = false;
		}
}

/* A format on stdout, whole before the lines after it. */
static int doc_files_stdout(const struct doc_writer *w, const struct doc_data *d)
{
	fflush(stdout);
	if (!w->emit(stdout, d) && !fflush(stdout) && !ferror(stdout))
		return 0;
	log_fail("cannot write %s to stdout: %s", w->what, strerror(errno ? errno : EIO));
	return -EIO;
}

int doc_files_write(struct doc_files *f, const struct settings *s, const struct doc_data *d)
{
	int rc = 0;

	for (size_t i = 0; i < doc_writers_count(); i++) {
		const struct doc_writer *w = &doc_writers[i];
		int err;

		if (w->from != f->from)
			continue;
		if (w->to_stdout && doc_writer_asked(w, s) && doc_files_stdout(w, d))
			rc = -EIO;
		if (!f->open[i])
			continue;
		f->open[i] = false;
		/* a failure names its cause and leaves the old file */
		err = atomic_file_finish(&f->file[i], w->emit(f->file[i].f, d));
		if (err) {
			log_fail("cannot write %s to %s: %s", w->what, doc_writer_path(w, s),
				 strerror(-err));
			rc = -EIO;
		}
	}
	return rc;
}
