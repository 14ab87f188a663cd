/*
 * doc_writers.c - the results document's formats (doc_writers.h).
 */
#include "doc_writers.h"

#include "kcidb.h"
#include "results.h"

/* JSON as compare and history read it: two-space indent, a final newline. */
static int doc_writers_json(const json_t *doc, FILE *f)
{
	return json_dumpf(doc, f, JSON_INDENT(2)) || fputc('\n', f) == EOF;
}

static const struct doc_writer doc_writers[] = {
	{ .option = "--yaml", .what = "YAML", .path = offsetof(struct settings, yaml_path),
	  .emit = results_emit_yaml },
	{ .option = "--json", .what = "JSON", .path = offsetof(struct settings, json_path),
	  .emit = doc_writers_json },
	{ .option = "--kcidb", .what = "KCIDB", .path = offsetof(struct settings, kcidb_path),
	  .emit = kcidb_emit },
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

static const char **doc_writer_slot(const struct doc_writer *w, const struct settings *s)
{
	return (const char **)((char *)s + w->path);
}

const char *doc_writer_path(const struct doc_writer *w, const struct settings *s)
{
	return *doc_writer_slot(w, s);
}

bool doc_writers_asked(const struct settings *s)
{
	for (size_t i = 0; i < doc_writers_count(); i++)
		if (doc_writer_path(&doc_writers[i], s))
			return true;
	return false;
}

void doc_writers_clear(struct settings *s)
{
	for (size_t i = 0; i < doc_writers_count(); i++)
		*doc_writer_slot(&doc_writers[i], s) = NULL;
}
