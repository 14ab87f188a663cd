/*
 * profile_report.c - the --perf-profile-report subcommand: the
 * perf-profile of a results file, as compare prints its section.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <stresskit/stressor.h>
#include <stresskit-builtin.h>	/* SUBCOMMAND_REGISTER */

#include "compare_profile.h"
#include "json_file.h"
#include "log.h"
#include "opts.h"
#include "opts_argv.h"

#define PROFILE_REPORT_STR(x) #x
#define PROFILE_REPORT_XSTR(x) PROFILE_REPORT_STR(x)

/* Its command line: --top N, and one operand, the results file. */
#define PROFILE_REPORT_NAME "--perf-profile-report"
#define PROFILE_REPORT_OPERAND "FILE.json"

struct profile_report_args {
	uint64_t top;
	const char *path;
};

static const struct stressor_opt profile_report_rows[] = {
	{ .name = "top", .type = OPT_COUNT, .offset = offsetof(struct profile_report_args, top),
	  .min = 1, .max = PROFILE_TOP_MAX, .def = PROFILE_TOP_DEFAULT,
	  .expect = "rows per family from 1 to " PROFILE_REPORT_XSTR(PROFILE_TOP_MAX),
	  .help = "the largest keys shown of each family of each stressor" },
	OPT_TABLE_END,
};

static int profile_report_operand(void *ctx, const char *arg)
{
	struct profile_report_args *a = ctx;

	if (a->path) {
		log_usage_error(PROFILE_REPORT_NAME ": unexpected argument '%s' "
				"(see stresskit " PROFILE_REPORT_NAME " --help)", arg);
		return -1;
	}
	a->path = arg;
	return 0;
}

static void profile_report_help(void)
{
	opts_argv_usage(stdout, PROFILE_REPORT_NAME, profile_report_rows, NULL,
			PROFILE_REPORT_OPERAND);
	printf("\n"
	       "Prints the perf-profile of a results file written with\n"
	       "--perf-profile --json: each key's mean over the runs in\n"
	       "percent of samples, with \u00b1%%stddev, largest first, the top N\n"
	       "(--top) of each family of each stressor.\n\n"
	       "options:\n");
	opts_argv_options(stdout, profile_report_rows, NULL);
}

static int profile_report_main(int argc, char **argv)
{
	struct profile_report_args a = { 0 };
	const char *path;
	uint64_t top;
	struct series_set set;
	char err[512];
	json_t *doc;
	int rc;

	opts_fill_rows(profile_report_rows, &a);
	rc = opts_argv(PROFILE_REPORT_NAME, profile_report_rows, NULL, &a, argc, argv,
		       profile_report_operand, &a, NULL, NULL);
	if (rc == OPTS_ARGV_HELP) {
		profile_report_help();
		return SK_OK;
	}
	if (rc)
		return SK_USAGE;
	path = a.path;
	top = a.top;
	if (!path) {
		opts_argv_needs(PROFILE_REPORT_NAME, "a results file, " PROFILE_REPORT_OPERAND);
		return SK_USAGE;
	}
	if (!(doc = json_file_load(path, err, sizeof(err)))) {
		log_usage_error("--perf-profile-report: %s", err);
		return SK_USAGE;
	}
	if (!json_is_array(json_object_get(doc, "runs"))) {
		log_usage_error("--perf-profile-report: %s: not a stresskit results file", path);
		json_decref(doc);
		return SK_USAGE;
	}
	if (profile_series_from_docs((const json_t *const *)&doc, 1, &set)) {
		json_decref(doc);
		log_fail("--perf-profile-report: out of memory");
		return SK_NO_RESOURCE;
	}
	if (!set.n)
		log_info("%s holds no perf-profile (run with --perf-profile --json)", path);
	else
		compare_profile_report(&set, (size_t)top);
	series_free(&set);
	json_decref(doc);
	return SK_OK;
}

static const struct subcommand profile_report_subcommand = {
	.name = "--perf-profile-report",
	.summary = "FILE [--top N]: print the perf-profile of a results file (--perf-profile --json)",
	.main = profile_report_main,
};
SUBCOMMAND_REGISTER(profile_report_subcommand);
