/*
 * main.c - stresskit's entry point: a subcommand, or parse the command
 * line, run the plan, report. Exit codes are stress-ng's (stressor.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "log.h"
#include "metrics.h"
#include "opts.h"
#include "registry.h"
#include "report.h"
#include "run.h"
#include "scale.h"
#include "version.h"

static void main_list_stressors(void)
{
	for (size_t i = 0; i < registry_count(); i++) {
		const struct stressor *s = registry_at(i);

		printf("%-12s %s%s\n", s->name, s->summary,
		       stressor_supported(s) ? "" : " (not implemented on this system)");
	}
}

/* "dispatching hogs: 2 sendfile, 2 pipe", as stress-ng says it. */
static void main_dispatching(const struct run_plan *plan)
{
	char line[1024];
	size_t used = 0;

	line[0] = '\0';
	for (size_t i = 0; i < plan->n && used < sizeof(line); i++)
		used += (size_t)snprintf(line + used, sizeof(line) - used, "%s%u %s",
					 i ? ", " : "", plan->entries[i].instances,
					 plan->entries[i].stressor->name);
	log_info("dispatching hogs: %s", line);
}

static int main_run(const struct cli_config *cfg)
{
	struct run_plan plan;
	struct run_result res;
	struct stressor_summary *sums;
	int rc;

	if (cli_plan(cfg, &plan))
		return SK_NO_RESOURCE;
	if (plan.timeout > 0)
		log_info("setting to a %g second run per stressor", plan.timeout);
	main_dispatching(&plan);
	rc = run_execute(&plan, &res);
	if (rc) {
		log_fail("cannot run: %s", strerror(-rc));
		cli_plan_free(&plan);
		return rc == -ENOMEM ? SK_NO_RESOURCE : SK_USAGE;
	}
	sums = calloc(res.n ? res.n : 1, sizeof(*sums));
	for (size_t i = 0; sums && i < res.n; i++)
		metrics_summarize(&res.s[i], &sums[i]);
	if (sums && res.n) {
		report_table(sums, res.n, cfg->metrics);
		if (cfg->times)
			report_times(sums, res.n, res.wall, cfg->ncpus);
	}
	if (res.interrupted)
		log_info("run interrupted by a signal, metrics cover the time run");
	log_info("%s run completed in %.2fs",
		 res.status == SK_OK ? "successful" : "unsuccessful", res.wall);
	rc = res.status;
	free(sums);
	run_result_free(&res);
	cli_plan_free(&plan);
	return rc;
}

int main(int argc, char **argv)
{
	const struct subcommand *sc;
	struct cli_config cfg;
	char err[512];
	int rc;

	if (registry_init(err, sizeof(err))) {
		log_usage_error("%s", err);
		return SK_USAGE;
	}
	if (argc > 1 && (sc = subcommand_find(argv[1])))
		return sc->main(argc - 1, argv + 1);

	rc = cli_parse(argc, argv, &cfg, err, sizeof(err));
	if (rc) {
		log_usage_error("%s", err);
		cli_free(&cfg);
		return SK_USAGE;
	}
	log_set_prefix(cfg.log_prefix);
	log_set_quiet(cfg.quiet);
	log_set_verbose(cfg.verbose);
	log_set_pid(getpid());

	switch (cfg.action) {
	case CLI_HELP:
		cli_usage(stdout);
		break;
	case CLI_HELP_STRESSOR:
		opts_help(stdout, cfg.help_stressor);
		break;
	case CLI_VERSION:
		printf("stresskit %s\n", STRESSKIT_VERSION);
		break;
	case CLI_LIST_STRESSORS:
		main_list_stressors();
		break;
	case CLI_RUN:
		rc = cfg.scale ? scale_main(&cfg) : main_run(&cfg);
		break;
	}
	cli_free(&cfg);
	return rc;
}
