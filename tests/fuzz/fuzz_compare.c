/*
 * fuzz_compare.c - libFuzzer harness for `stresskit compare` end to end:
 * the subcommand's own main() from the files to the printed table and the
 * exit code (compare.c, series.c, stats.c). Input byte 0 bit 0 adds
 * --fail-on-regression; the rest is up to four results documents
 * separated by NUL bytes (BASE, NEW, ...), each handed over as a file.
 *
 * Checked beyond crashes, leaks and undefined behaviour: the exit code is
 * 0, 1, 2 or 8; 1 comes with nothing on stdout and exactly one line
 * "stresskit: error: compare: ..." on stderr; 0, 2 and 8 with a report
 * and nothing on stderr; 2 only with a regression said (a KPI row's
 * verdict, or a row flagged under --fail-on-regression); 8 only with an
 * inconclusive verdict said.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "capture.h"
#include "registry.h"

#define FUZZ_DOCS	4

static const struct subcommand *fuzz_compare;
static int fuzz_doc_fd[FUZZ_DOCS];
static char fuzz_path[FUZZ_DOCS][32];
static struct fuzz_capture fuzz_io;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char err[256];

	(void)argc;
	(void)argv;
	if (registry_init(err, sizeof(err)))
		return 1;
	fuzz_compare = subcommand_find("compare");
	fuzz_check(fuzz_compare != NULL);
	for (int i = 0; i < FUZZ_DOCS; i++)
		fuzz_doc_fd[i] = fuzz_file("fuzz_compare_doc", fuzz_path[i], sizeof(fuzz_path[i]));
	fuzz_capture_init(&fuzz_io, "fuzz_compare_out");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[FUZZ_DOCS + 3], *out, *err;
	bool fail_flag;
	size_t ndocs = 0, olen, elen;
	int argc = 0, rc;

	if (!size)
		return 0;
	fail_flag = data[0] & 1;
	data++;
	size--;
	argv[argc++] = "compare";
	if (fail_flag)
		argv[argc++] = "--fail-on-regression";
	while (ndocs < FUZZ_DOCS) {
		const uint8_t *nul = memchr(data, 0, size);
		size_t n = nul && ndocs < FUZZ_DOCS - 1 ? (size_t)(nul - data) : size;

		fuzz_file_set(fuzz_doc_fd[ndocs], data, n);
		argv[argc++] = fuzz_path[ndocs++];
		if (n == size)
			break;
		data += n + 1;
		size -= n + 1;
	}
	argv[argc] = NULL;

	fuzz_capture_begin(&fuzz_io);
	rc = fuzz_compare->main(argc, argv);
	out = fuzz_capture_end(&fuzz_io, &olen, &err, &elen);
	fuzz_check(rc == 0 || rc == 1 || rc == 2 || rc == 8);
	if (rc == 1) {
		fuzz_check(olen == 0);
		fuzz_check(fuzz_one_line(err, elen, "stresskit: error: compare: "));
	} else {
		fuzz_check(elen == 0 && olen > 0 && out[olen - 1] == '\n');
		fuzz_check(strstr(out, "%change") != NULL);
		fuzz_check(rc != 2 || strstr(out, " regression"));
		fuzz_check(rc != 2 || fail_flag || strstr(out, "verdict: "));
		fuzz_check(rc != 8 || strstr(out, " inconclusive"));
	}
	free(out);
	free(err);
	return 0;
}
