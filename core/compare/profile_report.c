/*
 * profile_report.c - the --perf-profile-report subcommand: the
 * perf-profile of a results file, as compare prints its section.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <stresskit/stressor.h>
#include <stresskit-builtin.h>	/* SUBCOMMAND_REGISTER */

#include "compare_profile.h"
#include "json_file.h"
#include "log.h"
#include "parse.h"

static int profile_report_main(int argc, char **argv)
{
	const char *path = NULL;
	uint64_t top = PROFILE_TOP_DEFAULT;
	struct series_set set;
	char err[512];
	json_t *doc;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--top") && i + 1 < argc) {
			if (parse_u64(argv[++i], &top) || top < 1 || top > PROFILE_TOP_MAX) {
				log_usage_error("--perf-profile-report: invalid --top '%s': "
						"expected rows per family from 1 to %d",
						argv[i], PROFILE_TOP_MAX);
				return SK_USAGE;
			}
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: stresskit --perf-profile-report FILE.json [--top N]\n\n"
			       "Prints the perf-profile of a results file written with\n"
			       "--perf-profile --json: each key's mean over the runs in\n"
			       "percent of samples, with \u00b1%%stddev, largest first, the top N\n"
			       "(default %d) of each family of each stressor.\n",
			       PROFILE_TOP_DEFAULT);
			return SK_OK;
		} else if (argv[i][0] == '-' || path) {
			log_usage_error("--perf-profile-report: unexpected '%s' "
					"(usage: stresskit --perf-profile-report FILE.json [--top N])",
					argv[i]);
			return SK_USAGE;
		} else {
			path = argv[i];
		}
	}
	if (!path) {
		log_usage_error("--perf-profile-report needs a results file "
				"(usage: stresskit --perf-profile-report FILE.json [--top N])");
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
