/*
 * repeat_opts.c - what --repeat, --repeat-until and --confidence mean
 * together. --repeat-until is netperf's -I: passes go on until the
 * confidence interval of every stressor's ops/s is narrow enough, with
 * --repeat N (or its own ",MAX") as the limit. The two values are parsed
 * by the option engine (their OPT_PARSED types are here); what is left
 * for after the line is read is how they meet --repeat.
 */
#include "repeat_opts.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

/* --confidence: a level in percent, above 0 and below 100. */
static int repeat_level_parse(const struct stressor_opt *o, const char *val,
			      void *field, char *err, size_t errlen)
{
	double v;

	(void)o;
	(void)err;
	(void)errlen;
	if (parse_percent(val, &v) || !(v > 0) || !(v < 100))
		return -EINVAL;
	*(double *)field = v;
	return 0;
}

static void repeat_level_format(const struct stressor_opt *o, const void *field,
				char *out, size_t len)
{
	(void)o;
	snprintf(out, len, "%g", *(const double *)field);
}

const struct opt_parser repeat_level_opt = {
	.size = sizeof(double),
	.metavar = "PCT",
	.parse = repeat_level_parse,
	.format = repeat_level_format,
};

/* --repeat N or auto (0) */
static int repeat_count_parse(const struct stressor_opt *o, const char *val,
			      void *field, char *err, size_t errlen)
{
	uint64_t n;

	if (!strcmp(val, "auto")) {
		*(uint64_t *)field = 0;
		return 0;
	}
	if (parse_u64(val, &n) || n < 1 || n > CLI_REPEAT_MAX) {
		snprintf(err, errlen, "invalid --%s '%s': expected a whole number of runs "
			 "from 1 to %d, or auto", o->name, val, CLI_REPEAT_MAX);
		return -EINVAL;
	}
	*(uint64_t *)field = n;
	return 0;
}

static void repeat_count_format(const struct stressor_opt *o, const void *field,
				char *out, size_t len)
{
	uint64_t n = *(const uint64_t *)field;

	(void)o;
	if (n)
		snprintf(out, len, "%llu", (unsigned long long)n);
	else
		snprintf(out, len, "auto");
}

const struct opt_parser repeat_count_opt = {
	.size = sizeof(uint64_t),
	.metavar = "N|auto",
	.parse = repeat_count_parse,
	.format = repeat_count_format,
};

/* A half-width in percent of the mean: above 0, at most 100; 0 or -EINVAL. */
static int repeat_half_width(const char *s, double *v)
{
	return parse_percent(s, v) || !(*v > 0) || *v > 100 ? -EINVAL : 0;
}

static int repeat_target_parse(const struct stressor_opt *o, const char *val,
			       void *field, char *err, size_t errlen)
{
	double v;

	if (repeat_half_width(val, &v)) {
		snprintf(err, errlen, "invalid --%s '%s': expected a half-width above 0%% and "
			 "at most 100%% of the mean, like 2 or 1.5%%", o->name, val);
		return -EINVAL;
	}
	*(double *)field = v;
	return 0;
}

const struct opt_parser repeat_target_opt = {
	.size = sizeof(double),
	.metavar = "PCT",
	.parse = repeat_target_parse,
	.format = repeat_level_format,
};

/* PCT[,MAX]: the target, then the limit of passes (0: not given). */
static int repeat_until_split(const char *s, struct repeat_until *u)
{
	const char *comma = strchr(s, ',');
	char buf[64];
	size_t len = comma ? (size_t)(comma - s) : strlen(s);

	u->max = 0;
	if (len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (repeat_half_width(buf, &u->pct))
		return -EINVAL;
	if (comma && (parse_u64(comma + 1, &u->max) || u->max < REPEAT_UNTIL_MIN ||
		      u->max > CLI_REPEAT_MAX))
		return -EINVAL;
	return 0;
}

static int repeat_until_parse(const struct stressor_opt *o, const char *val,
			      void *field, char *err, size_t errlen)
{
	struct repeat_until u;

	if (repeat_until_split(val, &u)) {
		snprintf(err, errlen, "invalid --%s '%s': expected PCT[,MAX], "
			 "a half-width above 0%% and at most 100%% of the mean and at most "
			 "MAX passes (%d to %d), like 2 or 1.5%%,20",
			 o->name, val, REPEAT_UNTIL_MIN, CLI_REPEAT_MAX);
		return -EINVAL;
	}
	memcpy(field, &u, sizeof(u));
	return 0;
}

static void repeat_until_format(const struct stressor_opt *o, const void *field,
				char *out, size_t len)
{
	const struct repeat_until *u = field;

	(void)o;
	if (u->max)
		snprintf(out, len, "%g,%llu", u->pct, (unsigned long long)u->max);
	else
		snprintf(out, len, "%g", u->pct);
}

const struct opt_parser repeat_until_opt = {
	.size = sizeof(struct repeat_until),
	.metavar = "PCT[,MAX]",
	.parse = repeat_until_parse,
	.format = repeat_until_format,
};

int repeat_cli_check(struct cli_config *cfg, char *err, size_t errlen)
{
	uint64_t max = cfg->set.rep.until.max;
	char until[96], repeat[96];

	cfg->set.rep.automatic = cfg->given[G_REPEAT] && cfg->set.repeat == 0;
	if (cfg->given[G_CONFIDENCE_TARGET] && !cfg->set.rep.automatic) {
		snprintf(err, errlen, "--confidence-target is the target of --repeat auto: "
			 "give --repeat auto too");
		return -EINVAL;
	}
	if (cfg->set.rep.automatic) {
		if (cfg->given[G_REPEAT_UNTIL]) {
			snprintf(err, errlen, "--repeat auto and --repeat-until %s give two "
				 "targets: give one",
				 cli_typed(cfg, G_REPEAT_UNTIL, until, sizeof(until)));
			return -EINVAL;
		}
		cfg->set.rep.until.pct = cfg->set.rep.target;
		cfg->set.rep.until.max = REPEAT_UNTIL_DEFAULT_MAX;
		cfg->set.repeat = REPEAT_UNTIL_DEFAULT_MAX;
		return 0;
	}
	if (!cfg->given[G_REPEAT_UNTIL])
		return 0;
	cli_typed(cfg, G_REPEAT, repeat, sizeof(repeat));
	if (cfg->given[G_REPEAT] && max && max != cfg->set.repeat) {
		snprintf(err, errlen, "--repeat-until %s and --repeat %s give two "
			 "maximums: give one",
			 cli_typed(cfg, G_REPEAT_UNTIL, until, sizeof(until)), repeat);
		return -EINVAL;
	}
	if (!max)
		max = cfg->given[G_REPEAT] ? cfg->set.repeat : REPEAT_UNTIL_DEFAULT_MAX;
	/* only --repeat can be too few: MAX's row and the default are 3 or more */
	if (max < REPEAT_UNTIL_MIN) {
		snprintf(err, errlen, "--repeat-until needs at least %d passes: "
			 "--repeat %s is too few", REPEAT_UNTIL_MIN, repeat);
		return -EINVAL;
	}
	cfg->set.repeat = max;
	return 0;
}
