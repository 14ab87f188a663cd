/*
 * fuzz_cli.c - libFuzzer harness for the option parser: the input is a
 * command line, one argument per line (or NUL-separated), handed to
 * cli_parse() and, when it parses, to plan_build(). Every outcome is fine
 * except a crash, a leak or undefined behaviour.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "registry.h"
#include "plan.h"
#include "no_dns.h"

#define FUZZ_ARGS_MAX 64

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char err[256];

	(void)argc;
	(void)argv;
	return registry_init(err, sizeof(err)) ? 1 : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), *argv[FUZZ_ARGS_MAX + 2];
	struct cli_config cfg;
	struct plan plan;
	char err[512];
	int argc = 1;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[0] = "stresskit";
	for (char *p = buf, *end = buf + size; p <= end && argc <= FUZZ_ARGS_MAX;) {
		char *nl = p + strcspn(p, "\n");

		argv[argc++] = p;
		if (nl >= end)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	argv[argc] = NULL;
	if (cli_parse(argc, argv, &cfg, err, sizeof(err)) == 0 &&
	    cfg.action == CLI_RUN) {
		plan_build(&cfg, &plan);	/* a partial build is freed too */
		plan_free(&plan);
	}
	cli_free(&cfg);
	free(buf);
	return 0;
}
