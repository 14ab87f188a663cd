/*
 * fuzz_job.c - libFuzzer harness for the job-file parser: the input is a
 * job file, read through the command line's own path ("stresskit -j
 * FILE") from a memfd, then planned when it parses. Every outcome is
 * fine except a crash, a leak or undefined behaviour.
 */
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli.h"
#include "registry.h"
#include "plan.h"
#include "no_dns.h"

static int fuzz_fd = -1;
static char fuzz_path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char err[256];

	(void)argc;
	(void)argv;
	if (registry_init(err, sizeof(err)))
		return 1;
	fuzz_fd = memfd_create("fuzz_job", 0);
	if (fuzz_fd < 0)
		return 1;
	snprintf(fuzz_path, sizeof(fuzz_path), "/proc/self/fd/%d", fuzz_fd);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[] = { "stresskit", "-j", fuzz_path, NULL };
	struct cli_config cfg;
	struct plan plan;
	char err[512];

	if (ftruncate(fuzz_fd, 0) || pwrite(fuzz_fd, data, size, 0) != (ssize_t)size)
		return 0;
	if (cli_parse(3, argv, &cfg, err, sizeof(err)) == 0 &&
	    cfg.action == CLI_RUN) {
		plan_build(&cfg, &plan);	/* a partial build is freed too */
		plan_free(&plan);
	}
	cli_free(&cfg);
	return 0;
}
