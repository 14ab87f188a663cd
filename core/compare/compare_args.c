/*
 * compare_args.c - the command line of "stresskit compare": its flags, its
 * valued options, each checked with one line naming what it expects, and
 * the sides' paths.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stresskit/stressor.h>

#include "compare.h"
#include "compare_help.h"
#include "compare_profile.h"
#include "log.h"
#include "parse.h"

/* --method NAME, --alpha A, --perf-profile-top N, --keys lkp|native,
 * --distance N, --drift PCT, --equivalence PCT, --noise PROFILE (or
 * --NAME=VALUE): returns 1 when taken, -1 on bad input. */
static int compare_valued(int argc, char **argv, int *i, struct compare_opts *o)
{
	static const char *const names[] = { "--method", "--alpha", "--perf-profile-top",
					     "--keys", "--distance", "--drift", "--equivalence",
					     "--noise" };
	const char *arg = argv[*i], *val = NULL;
	size_t k, len, count = sizeof(names) / sizeof(*names);

	for (k = 0; k < count; k++) {
		len = strlen(names[k]);
		if (!strncmp(arg, names[k], len) && (!arg[len] || arg[len] == '='))
			break;
	}
	if (k == count)
		return 0;
	if (arg[len] == '=')
		val = arg + len + 1;
	else if (*i + 1 < argc)
		val = argv[++*i];
	if (!val) {
		log_usage_error("compare: %s needs a value", names[k]);
		return -1;
	}
	if (k == 0 && !(o->p.method = compare_method_parse(val))) {
		char list[256];

		compare_method_list(list, sizeof(list));
		log_usage_error("compare: invalid --method '%s': expected %s", val, list);
		return -1;
	}
	if (k == 1 && (parse_percent(val, &o->p.alpha) || strchr(val, '%') ||
		       !(o->p.alpha >= 0.0001) || !(o->p.alpha <= 0.5))) {
		log_usage_error("compare: invalid --alpha '%s': expected a significance "
				"level from 0.0001 to 0.5, like 0.05", val);
		return -1;
	}
	if (k == 2 && (parse_u64(val, &o->top) || o->top < 1 || o->top > PROFILE_TOP_MAX)) {
		log_usage_error("compare: invalid --perf-profile-top '%s': expected rows "
				"per family from 1 to %d", val, PROFILE_TOP_MAX);
		return -1;
	}
	if (k == 3 && strcmp(val, "lkp") && strcmp(val, "native")) {
		log_usage_error("compare: invalid --keys '%s': expected lkp or native", val);
		return -1;
	}
	if (k == 3)
		o->lkp_keys = !strcmp(val, "lkp");
	if (k == 4) {
		uint64_t d;

		if (parse_u64(val, &d) || d < 1 || d > 100) {
			log_usage_error("compare: invalid --distance '%s': expected lkp compare's "
					"-D, a whole number from 1 to 100", val);
			return -1;
		}
		o->p.distance = (double)d;
	}
	if (k == 5 && (parse_percent(val, &o->p.drift_pct) || !(o->p.drift_pct >= 0) ||
		       o->p.drift_pct > 100)) {
		log_usage_error("compare: invalid --drift '%s': expected the percent two "
				"invocations' means drift apart by, from 0 to 100, like 3", val);
		return -1;
	}
	o->drift_given |= k == 5;
	if (k == 6 && (parse_percent(val, &o->p.equivalence_pct) ||
		       !(o->p.equivalence_pct > 0) || o->p.equivalence_pct > 100)) {
		log_usage_error("compare: invalid --equivalence '%s': expected the percent "
				"within which a KPI row is unchanged, above 0 and at most 100, "
				"like 2", val);
		return -1;
	}
	if (k == 7)
		o->noise_path = val;
	return 1;
}

int compare_args(int argc, char **argv, struct compare_opts *o,
		 struct compare_side *sides, size_t *n)
{
	int taken;

	*n = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--fail-on-regression")) {
			o->fail_on_regression = true;
		} else if (!strcmp(argv[i], "--fail-on-change")) {
			o->fail_on_change = true;
		} else if (!strcmp(argv[i], "--bisect")) {
			o->bisect = true;
		} else if (!strcmp(argv[i], "--force")) {
			o->force = true;
		} else if (!strcmp(argv[i], "--all") || !strcmp(argv[i], "-a")) {
			o->all = true;
		} else if (!strcmp(argv[i], "--verbose") || !strcmp(argv[i], "-v")) {
			o->verbose = true;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			compare_usage(stdout);
			return COMPARE_ARGS_HELP;
		} else if ((taken = compare_valued(argc, argv, &i, o))) {
			if (taken < 0)
				return SK_USAGE;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			log_usage_error("compare: unknown option %s (see stresskit compare --help)",
					argv[i]);
			return SK_USAGE;
		} else {
			sides[(*n)++] = (struct compare_side){ .path = argv[i] };
		}
	}
	if (*n < 2) {
		log_usage_error("compare: needs BASE.json and at least one NEW.json "
				"(see stresskit compare --help)");
		return SK_USAGE;
	}
	return SK_OK;
}
