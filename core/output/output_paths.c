/*
 * output_paths.c - an output that is an input, or two outputs that are
 * one file, refused before the run (output_paths.h). A file that exists
 * is known by its device and inode, so symlinks and hard links are seen
 * through; one that does not yet exist by its directory's real path and
 * its name. Devices and FIFOs (/dev/null) may be named any number of
 * times: writing one replaces nothing.
 */
#include "output_paths.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "inputs.h"

#define OUTPUT_PATHS_N 7

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

int output_paths_check(const struct plan *p, char *err, size_t errlen)
{
	struct output_path o[OUTPUT_PATHS_N] = {
		{ .opt = "--yaml", .path = p->yaml_path },
		{ .opt = "--json", .path = p->json_path },
		{ .opt = "--series-csv", .path = p->sampling.csv_path },
		{ .opt = "--latency-csv", .path = p->latency_csv },
		{ .opt = "--latency-plot", .path = p->latency_plot },
		{ .opt = "--scale-csv", .path = p->scale_csv },
		{ .opt = "--scale-plot", .path = p->scale_plot },
	};
	int rc = 0;

	for (int i = 0; i < OUTPUT_PATHS_N; i++) {
		if (!o[i].path)
			continue;
		if (stat(o[i].path, &o[i].st) == 0) {
			o[i].exists = S_ISREG(o[i].st.st_mode);
			if (!o[i].exists)
				o[i].path = NULL;	/* a device: shared freely */
		} else
			o[i].real = output_paths_real(o[i].path);
	}
	for (int i = 0; i < OUTPUT_PATHS_N && !rc; i++) {
		if (!o[i].path)
			continue;
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
	for (int i = 0; i < OUTPUT_PATHS_N; i++)
		free(o[i].real);
	return rc;
}
