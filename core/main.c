/*
 * main.c - stresskit's entry point: a subcommand, or parse the command
 * line (cli.c), build its plan once (plan.c) and run it (session.c, or
 * scale.c for a sweep), which reports. Exit codes are stress-ng's
 * (stressor.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "doc_writers.h"
#include "lazy_lib.h"
#include "log.h"
#include "opts_help.h"
#include "output_paths.h"
#include "plan.h"
#include "plugin_args.h"
#include "registry.h"
#include "rundir.h"
#include "scale.h"
#include "session.h"
#include "start_check.h"
#include "version.h"

static void main_list_stressors(void)
{
	for (size_t i = 0; i < registry_count(); i++) {
		const struct stressor *s = registry_at(i);

		printf("%-12s %s%s\n", s->name, s->summary,
		       stressor_supported(s) ? "" : " (not implemented on this system)");
	}
}

/* --clean-temp: what a controller killed with SIGKILL left (rundir.h). */
static int main_clean_temp(const char *temp_path)
{
	int n = rundir_sweep(temp_path, true);

	if (n < 0) {
		log_usage_error("--clean-temp: cannot read '%s': %s", temp_path,
				strerror(-n));
		return SK_USAGE;
	}
	log_info("%d run director%s removed from %s", n, n == 1 ? "y" : "ies", temp_path);
	return SK_OK;
}

/* Builds the plan and runs it; the plan goes before the options it points at. */
static int main_run(const struct cli_config *cfg)
{
	struct plan plan;
	char err[1024];
	int rc;

	if (plan_build(cfg, &plan)) {
		log_fail("cannot plan the run: out of memory");
		plan_free(&plan);
		return SK_NO_RESOURCE;
	}
	if (output_paths_check(&plan, err, sizeof(err))) {
		log_usage_error("%s", err);
		plan_free(&plan);
		return SK_USAGE;
	}
	if (lazy_lib_check_all()) {
		plan_free(&plan);
		return SK_NOT_IMPLEMENTED;
	}
	/* a run the user's ulimit -u cannot hold is refused before it forks */
	if (!plan.set.dry_run && start_check_nproc(plan.runs, plan.n_runs)) {
		plan_free(&plan);
		return SK_NO_RESOURCE;
	}
	rc = plan.scale ? scale_main(&plan) : session_main(&plan);
	plan_free(&plan);
	/* the reader of the output went away: the run stopped, its lines lost */
	if (log_output_broken() && rc == SK_OK)
		rc = SK_USAGE;
	return rc;
}

/*
 * Called as stress-ng (a symlink, such as the compat directory's), stresskit
 * is a drop-in: every line starts "stress-ng:" as LKP's parsers want, from
 * the first error on. --log-prefix still overrides it.
 */
static void main_personality(const char *argv0)
{
	const char *base = argv0 ? strrchr(argv0, '/') : NULL;

	base = base ? base + 1 : argv0;
	if (base && !strcmp(base, "stress-ng")) {
		log_set_program("stress-ng");
		log_set_prefix("stress-ng");
	}
}

int main(int argc, char **argv)
{
	const struct subcommand *sc;
	struct cli_config cfg;
	char err[512];
	int rc;

	main_personality(argv[0]);
	if (registry_init(err, sizeof(err))) {
		log_usage_error("%s", err);
		return SK_USAGE;
	}
	if (argc > 1 && (sc = subcommand_find(argv[1])))
		return sc->main(argc - 1, argv + 1);
	/* a run's reader going away stops it (a subcommand keeps its own way) */
	log_catch_sigpipe();
	if (cli_load_plugins(argc, argv, err, sizeof(err))) {
		log_usage_error("%s", err);
		return SK_USAGE;
	}

	rc = cli_parse(argc, argv, &cfg, err, sizeof(err));
	if (rc) {
		log_usage_error("%s", err);
		cli_free(&cfg);
		return SK_USAGE;
	}
	log_set_prefix(cfg.set.log_prefix);
	log_set_quiet(cfg.set.quiet);
	log_set_verbose(cfg.set.verbose);
	log_set_timestamp(cfg.set.timestamp);
	/* a format on stdout (--ktap) has it to itself */
	log_set_lines_to_stderr(doc_writers_own_stdout(&cfg.set) && cfg.action == CLI_RUN);
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
	case CLI_LIST_CLASS:
		compose_list_classes(stdout, &cfg.compose);
		break;
	case CLI_CLEAN_TEMP:
		rc = main_clean_temp(cfg.set.temp_path);
		break;
	case CLI_SKIPPED_ONLY:
		ng_skip_report(&cfg.ng_skipped);
		break;
	case CLI_RUN:
		ng_skip_report(&cfg.ng_skipped);
		rc = main_run(&cfg);
		break;
	}
	cli_free(&cfg);
	return rc;
}
