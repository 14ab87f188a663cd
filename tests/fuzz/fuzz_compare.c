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
#include <sanitizer/common_interface_defs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "registry.h"

#define FUZZ_DOCS	4

static const struct subcommand *fuzz_compare;
static int fuzz_doc_fd[FUZZ_DOCS], fuzz_out_fd, fuzz_err_fd, fuzz_stderr;
static char fuzz_path[FUZZ_DOCS][32];

static void fuzz_check(int cond)
{
	if (!cond)
		abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char err[256];

	(void)argc;
	(void)argv;
	if (registry_init(err, sizeof(err)))
		return 1;
	fuzz_compare = subcommand_find("compare");
	fuzz_check(fuzz_compare != NULL);
	for (int i = 0; i < FUZZ_DOCS; i++) {
		fuzz_doc_fd[i] = memfd_create("fuzz_compare_doc", 0);
		fuzz_check(fuzz_doc_fd[i] >= 0);
		snprintf(fuzz_path[i], sizeof(fuzz_path[i]), "/proc/self/fd/%d",
			 fuzz_doc_fd[i]);
	}
	fuzz_out_fd = memfd_create("fuzz_compare_out", 0);
	fuzz_err_fd = memfd_create("fuzz_compare_err", 0);
	fuzz_stderr = dup(STDERR_FILENO);
	fuzz_check(fuzz_out_fd >= 0 && fuzz_err_fd >= 0 && fuzz_stderr >= 0);
	/* stderr is the program's during a run: sanitizer reports keep the real one */
	__sanitizer_set_report_fd((void *)(intptr_t)fuzz_stderr);
	fflush(stdout);
	fuzz_check(dup2(fuzz_out_fd, STDOUT_FILENO) == STDOUT_FILENO);
	return 0;
}

/* What fd holds, NUL-terminated; *len its length. */
static char *fuzz_slurp(int fd, size_t *len)
{
	off_t end = lseek(fd, 0, SEEK_END);
	char *b = malloc((size_t)end + 1);

	fuzz_check(end >= 0 && b != NULL);
	fuzz_check(pread(fd, b, (size_t)end, 0) == end);
	b[end] = '\0';
	*len = (size_t)end;
	return b;
}

static void fuzz_reset(int fd)
{
	fuzz_check(ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0);
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

		fuzz_reset(fuzz_doc_fd[ndocs]);
		fuzz_check(pwrite(fuzz_doc_fd[ndocs], data, n, 0) == (ssize_t)n);
		argv[argc++] = fuzz_path[ndocs++];
		if (n == size)
			break;
		data += n + 1;
		size -= n + 1;
	}
	argv[argc] = NULL;

	fuzz_reset(fuzz_out_fd);
	fuzz_reset(fuzz_err_fd);
	fuzz_check(dup2(fuzz_err_fd, STDERR_FILENO) == STDERR_FILENO);
	rc = fuzz_compare->main(argc, argv);
	fflush(stdout);
	fuzz_check(dup2(fuzz_stderr, STDERR_FILENO) == STDERR_FILENO);

	out = fuzz_slurp(fuzz_out_fd, &olen);
	err = fuzz_slurp(fuzz_err_fd, &elen);
	fuzz_check(rc == 0 || rc == 1 || rc == 2 || rc == 8);
	if (rc == 1) {
		fuzz_check(olen == 0);
		fuzz_check(!strncmp(err, "stresskit: error: compare: ", 27));
		fuzz_check(strchr(err, '\n') == err + elen - 1);
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
