/*
 * fuzz_history_doc.c - libFuzzer harness for the reader "stresskit
 * history add" runs on a results file: the input is the file's bytes,
 * parsed and read as history_add.c reads them (history_doc.c) short of
 * the database.
 *
 * Checked beyond crashes, leaks and undefined behaviour: the reader
 * returns 0, -EINVAL with one line of error (no newline in it) or
 * -ENOMEM; a document read is one history_add.c can store
 * (history_doc_check.h).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include <jansson.h>

#include "history_doc.h"
#include "history_doc_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct history_doc d;
	char err[256] = "";
	json_t *doc = json_loadb((const char *)data, size, 0, NULL);
	int rc;

	if (!doc)
		return 0;
	rc = history_doc_read(doc, &d, err, sizeof(err));
	json_decref(doc);
	fuzz_check(rc == 0 || rc == -EINVAL || rc == -ENOMEM);
	if (rc == -EINVAL)
		fuzz_check(err[0] != '\0' && !strchr(err, '\n'));
	if (!rc)
		fuzz_history_doc_check(&d);
	history_doc_free(&d);
	return 0;
}
