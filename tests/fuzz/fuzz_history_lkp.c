/*
 * fuzz_history_lkp.c - libFuzzer harness for the reader of "stresskit
 * history import-lkp": an lkp-tests result root's matrix.json or
 * stats.json read into a run (history_import_lkp.c). Input byte 0 bit 0
 * says matrix.json (a commit's directory) rather than stats.json (a
 * run's); the bytes up to the first NUL are the result root's path,
 * whose components are the series' axes; the rest is the file.
 *
 * Checked beyond crashes, leaks and undefined behaviour: a file refused
 * says so in exactly one "stresskit: error: history: " line; one read
 * prints nothing and is one history_add.c can store
 * (history_doc_check.h), of the machine its path names.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "capture.h"
#include "history.h"
#include "history_doc.h"
#include "history_doc_check.h"

static struct fuzz_capture fuzz_io;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_capture_init(&fuzz_io, "fuzz_history_lkp");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char root[PATH_MAX + 64], file[sizeof(root) + 16], *out, *err;
	struct fuzz_parts in;
	struct history_doc d;
	size_t olen, elen;
	int rc;

	if (!fuzz_split(data, size, &in))
		return 0;
	/* without a NUL, no path: all of it is the file */
	if (!in.tail) {
		in.tail = in.head;
		in.tail_len = in.head_len;
		in.head_len = 0;
	}
	if (in.head_len >= sizeof(root))
		return 0;
	memcpy(root, in.head, in.head_len);
	root[in.head_len] = '\0';
	snprintf(file, sizeof(file), "%s/%s", root, in.flag ? "matrix.json" : "stats.json");

	fuzz_capture_begin(&fuzz_io);
	rc = history_lkp_doc_read(root, file, in.flag, (const char *)in.tail, in.tail_len, &d);
	out = fuzz_capture_end(&fuzz_io, &olen, &err, &elen);
	fuzz_check(olen == 0);
	if (rc) {
		fuzz_check(rc == -1);
		fuzz_check(fuzz_one_line(err, elen, "stresskit: error: history: "));
	} else {
		fuzz_check(elen == 0);
		fuzz_history_doc_check(&d);
		fuzz_check(strstr(d.machine, " (lkp-tests)") != NULL);
	}
	history_doc_free(&d);
	free(out);
	free(err);
	return 0;
}
