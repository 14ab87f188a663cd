/*
 * output_paths.c - an output that is an input, or two outputs that are
 * one file, refused before the run (output_paths.h). A file that exists
 * is known by its device and inode, so symlinks and hard links are seen
 * through; one that does not yet exist by its directory's real path and
 * its name. Devices and FIFOs (/dev/null) may be named any number of
 * times: writing one replaces nothing.
 */
#include "output_paths.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "doc_writers.h"
#include "inputs.h"
#include "lazy_lib.h"
#include "run_mode.h"

/* the formats' files (doc_writers.h) and the run modes' file rows */
#define OUTPUT_PATHS_N (DOC_WRITERS_MAX + RUN_MODES_MAX * RUN_MODE_ROWS)

struct output_path {
	const char *opt, *path;
	bool exists;		/* a regular file now: dev and ino say which */
	struct stat st;
	char *real;		/* when it does not exist: its directory's real path/name */
};

/* The would-be file's name with its directory's symlinks resolved; NULL
 * when the directory cannot be resolved (the open says why, later). */
static char *output_paths_real(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir, *real, *out = NULL;

	if (!slash)
		dir = strdup(".");
	else if (slash == path)
		dir = strdup("/");
	else
		dir = strndup(path, (size_t)(slash - path));
	if (!dir)
		return NULL;
	real = realpath(dir, NULL);
	if (real && asprintf(&out, "%s/%s", real, slash ? slash + 1 : path) < 0)
		out = NULL;
	free(real);
	free(dir);
	return out;
}

static bool output_paths_same(const struct output_path *a, const struct output_path *b)
{
	if (a->exists && b->exists)
		return a->st.st_dev == b->st.st_dev && a->st.st_ino == b->st.st_ino;
	return a->real && b->real && !strcmp(a->real, b->real);
}

/*
 * An output that is a shared object may be one of the libraries the
 * binary loads on first use (lazy_lib.h), not mapped yet: they are
 * loaded then, so that inputs_has sees them. Any other file is read no
 * further than its first four bytes.
 */
static void output_paths_load_libs(const char *path)
{
	unsigned char magic[SELFMAG];
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0)
		return;
	if (read(fd, magic, SELFMAG) == SELFMAG && memcmp(magic, ELFMAG, SELFMAG) == 0)
		lazy_lib_load_all();
	close(fd);
}

int output_paths_check(const struct plan *p, char *err, size_t errlen)
{
	struct output_path o[OUTPUT_PATHS_N] = { { 0 } };
	char names[OUTPUT_PATHS_N][72];
	int rc = 0, n = 0;

	/* a format on stdout has no path: NULL, passed over */
	for (size_t i = 0; i < doc_writers_count(); i++, n++) {
		o[n].opt = doc_writers_at(i)->option;
		o[n].path = doc_writer_path(doc_writers_at(i), &p->set);
	}

	/* a run mode's output files: its string rows that name one */
	for (size_t m = 0; m < run_modes_count(); m++) {
		const struct run_mode *rm = run_modes_at(m);
		const char *opts = p->base.mode_opts[m];

		for (const struct run_mode_opt *r = rm->opts; opts && r && r->opt.name; r++) {
			if (r->opt.type != OPT_STRING || !(r->opt.flags & OPT_OUT_FILE) ||
			    n == OUTPUT_PATHS_N)
				continue;
			snprintf(names[n], sizeof(names[n]), "--%s", r->opt.name);
			o[n].opt = names[n];
			o[n++].path = *(const char *const *)(opts + r->opt.offset);
		}
	}
	for (int i = 0; i < n; i++) {
		if (!o[i].path)
			continue;
		if (stat(o[i].path, &o[i].st) == 0) {
			o[i].exists = S_ISREG(o[i].st.st_mode);
			if (!o[i].exists)
				o[i].path = NULL;	/* a device: shared freely */
		} else
			o[i].real = output_paths_real(o[i].path);
	}
	for (int i = 0; i < n && !rc; i++) {
		if (!o[i].path)
			continue;
		if (o[i].exists)
			output_paths_load_libs(o[i].path);
		if (o[i].exists && inputs_has(o[i].st.st_dev, o[i].st.st_ino)) {
			snprintf(err, errlen, "%s '%s' is one of this run's inputs "
				 "(a job file, plugin or the binary): not overwritten",
				 o[i].opt, o[i].path);
			rc = -EINVAL;
		}
		for (int k = 0; k < i && !rc; k++) {
			if (o[k].path && output_paths_same(&o[k], &o[i])) {
				snprintf(err, errlen, "%s '%s' and %s '%s' are the same "
					 "file: each output needs its own", o[k].opt,
					 o[k].path, o[i].opt, o[i].path);
				rc = -EINVAL;
			}
		}
	}
	for (int i = 0; i < n; i++)
		free(o[i].real);
	return rc;
}
