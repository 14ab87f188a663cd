/*
 * compare_args.c - the command line of "stresskit compare": its options
 * are rows of the option engine (opts_argv.h), each value checked by its
 * row with one line naming what it expects; the operands are the sides'
 * paths.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <stresskit/stressor.h>

#include "compare.h"
#include "compare_profile.h"
#include "log.h"
#include "opts_argv.h"
#include "parse.h"

#define COMPARE_STR(x) #x
#define COMPARE_XSTR(x) COMPARE_STR(x)

static int compare_method_opt(const struct stressor_opt *o, const char *val, void *field,
			      char *err, size_t errlen)
{
	const struct compare_method **m = field;
	char list[256];

	if ((*m = compare_method_parse(val)))
		return 0;
	compare_method_list(list, sizeof(list));
	snprintf(err, errlen, "invalid --%s '%s': expected %s", o->name, val, list);
	return -EINVAL;
}

/* A significance level, written as a fraction (0.05), never as 5%. */
static int compare_alpha_opt(const struct stressor_opt *o, const char *val, void *field,
			     char *err, size_t errlen)
{
	double *a = field;

	(void)o, (void)err, (void)errlen;
	return parse_percent(val, a) || strchr(val, '%') || !(*a >= 0.0001) ||
	       !(*a <= 0.5) ? -EINVAL : 0;
}

/* A percent from 0 (--drift) or above 0 (--equivalence: row min 1) to 100. */
static int compare_pct_opt(const struct stressor_opt *o, const char *val, void *field,
			   char *err, size_t errlen)
{
	double *pct = field;

	(void)err, (void)errlen;
	return parse_percent(val, pct) || !(*pct >= 0) || (o->min && !(*pct > 0)) ||
	       *pct > 100 ? -EINVAL : 0;
}

/* lkp compare's -D: a whole number from 1 to 100, kept as a double. */
static int compare_distance_opt(const struct stressor_opt *o, const char *val, void *field,
				char *err, size_t errlen)
{
	uint64_t d;

	(void)o, (void)err, (void)errlen;
	if (parse_u64(val, &d) || d < 1 || d > 100)
		return -EINVAL;
	*(double *)field = (double)d;
	return 0;
}

static int compare_keys_opt(const struct stressor_opt *o, const char *val, void *field,
			    char *err, size_t errlen)
{
	(void)o, (void)err, (void)errlen;
	if (strcmp(val, "lkp") && strcmp(val, "native"))
		return -EINVAL;
	*(bool *)field = !strcmp(val, "lkp");
	return 0;
}

#define COMPARE_PARSER(fn, type, word) \
	(&(const struct opt_parser){ .size = sizeof(type), .metavar = word, .parse = fn })

/* Row indices the command line's given bits are read by. */
enum { COMPARE_ROW_DRIFT = 2 };

/* In the synopsis's order (compare --help) */
static const struct stressor_opt compare_rows[] = {
	{ .name = "method", .type = OPT_PARSED, .offset = offsetof(struct compare_opts, p.method),
	  .parser = COMPARE_PARSER(compare_method_opt, const struct compare_method *, "METHOD") },
	{ .name = "alpha", .type = OPT_PARSED, .offset = offsetof(struct compare_opts, p.alpha),
	  .parser = COMPARE_PARSER(compare_alpha_opt, double, "A"),
	  .expect = "a significance level from 0.0001 to 0.5, like 0.05" },
	[COMPARE_ROW_DRIFT] = { .name = "drift", .type = OPT_PARSED,
	  .offset = offsetof(struct compare_opts, p.drift_pct),
	  .parser = COMPARE_PARSER(compare_pct_opt, double, "PCT"),
	  .expect = "the percent two invocations' means drift apart by, from 0 to 100, like 3" },
	{ .name = "distance", .type = OPT_PARSED, .offset = offsetof(struct compare_opts, p.distance),
	  .parser = COMPARE_PARSER(compare_distance_opt, double, "N"),
	  .expect = "lkp compare's -D, a whole number from 1 to 100" },
	{ .name = "equivalence", .type = OPT_PARSED,
	  .offset = offsetof(struct compare_opts, p.equivalence_pct), .min = 1,
	  .parser = COMPARE_PARSER(compare_pct_opt, double, "PCT"),
	  .expect = "the percent within which a KPI row is unchanged, above 0 and at most 100, like 2" },
	{ .name = "noise", .type = OPT_PARSED, .offset = offsetof(struct compare_opts, noise_path),
	  .parser = COMPARE_PARSER(opts_argv_string, const char *, "PROFILE") },
	{ .name = "keys", .type = OPT_PARSED, .offset = offsetof(struct compare_opts, lkp_keys),
	  .parser = COMPARE_PARSER(compare_keys_opt, bool, "lkp|native"), .expect = "lkp or native" },
	{ .name = "all", .type = OPT_BOOL, .offset = offsetof(struct compare_opts, all) },
	{ .name = "verbose", .type = OPT_BOOL, .offset = offsetof(struct compare_opts, verbose) },
	{ .name = "fail-on-regression", .type = OPT_BOOL,
	  .offset = offsetof(struct compare_opts, fail_on_regression) },
	{ .name = "fail-on-change", .type = OPT_BOOL,
	  .offset = offsetof(struct compare_opts, fail_on_change) },
	{ .name = "bisect", .type = OPT_BOOL, .offset = offsetof(struct compare_opts, bisect) },
	{ .name = "force", .type = OPT_BOOL, .offset = offsetof(struct compare_opts, force) },
	{ .name = "perf-profile-top", .type = OPT_COUNT, .offset = offsetof(struct compare_opts, top),
	  .min = 1, .max = PROFILE_TOP_MAX,
	  .expect = "rows per family from 1 to " COMPARE_XSTR(PROFILE_TOP_MAX) },
	OPT_TABLE_END,
};

static const struct opts_alias compare_aliases[] = {
	{ "-a", "all" }, { "-v", "verbose" }, { NULL, NULL },
};

void compare_synopsis(FILE *f)
{
	opts_argv_usage(f, "compare", compare_rows, compare_aliases,
			"BASE.json NEW.json [NEW2.json ...]");
}

bool compare_args_bisect(int argc, char **argv)
{
	return opts_argv_has_flag("bisect", compare_rows, compare_aliases, argc, argv);
}

struct compare_operands {
	struct compare_side *sides;
	size_t n;
};

static int compare_operand(void *ctx, const char *arg)
{
	struct compare_operands *c = ctx;

	c->sides[c->n++] = (struct compare_side){ .path = arg };
	return 0;
}

int compare_args(int argc, char **argv, struct compare_opts *o,
		 struct compare_side *sides, size_t *n)
{
	struct compare_operands c = { .sides = sides };
	uint64_t given = 0;
	int rc = opts_argv("compare", compare_rows, compare_aliases, o, argc, argv,
			   compare_operand, &c, &given, NULL);

	*n = c.n;
	if (rc == OPTS_ARGV_HELP)
		return COMPARE_ARGS_HELP;
	if (rc)
		return SK_USAGE;
	o->drift_given = given & (UINT64_C(1) << COMPARE_ROW_DRIFT);
	if (*n < 2) {
		log_usage_error("compare: needs BASE.json and at least one NEW.json "
				"(see stresskit compare --help)");
		return SK_USAGE;
	}
	return SK_OK;
}
