/*
 * json_file.c - a JSON document from a file (json_file.h).
 */
#include "json_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

json_t *json_file_load(const char *path, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *doc;
	struct stat st;
	FILE *f;

	/* opened here, not by jansson, so that the errno names the trouble */
	f = fopen(path, "r");
	if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		f = NULL;
		errno = EISDIR;
	}
	if (!f) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	doc = json_loadf(f, 0, &jerr);
	fclose(f);
	if (!doc)
		snprintf(err, errlen, "%s: not a JSON document: %s (line %d)", path,
			 jerr.text, jerr.line);
	return doc;
}
