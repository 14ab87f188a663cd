/*
 * repeat_opts.c - what --repeat, --repeat-until and --confidence mean
 * together. --repeat-until is netperf's -I: passes go on until the
 * confidence interval of every stressor's ops/s is narrow enough, with
 * --repeat N (or its own ",MAX") as the limit.
 */
#include "repeat_opts.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

static int repeat_confidence(struct cli_config *cfg, char *err, size_t errlen)
{
	const char *s = cfg->rep.confidence_str;
	double v;

	cfg->rep.confidence = REPEAT_DEFAULT_CONFIDENCE;
	if (!s)
		return 0;
	if (parse_percent(s, &v) || !(v > 0) || !(v < 100)) {
		snprintf(err, errlen, "invalid --confidence '%s': expected a level in "
			 "percent above 0 and below 100, like 95 or 99", s);
		return -EINVAL;
	}
	cfg->rep.confidence = v;
	return 0;
}

/* PCT[,MAX]: the target, then the limit of passes (0: not given). */
static int repeat_until_parse(const char *s, double *pct, uint64_t *max)
{
	const char *comma = strchr(s, ',');
	char buf[64];
	size_t len = comma ? (size_t)(comma - s) : strlen(s);

	*max = 0;
	if (len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (parse_percent(buf, pct) || !(*pct > 0) || *pct > 100)
		return -EINVAL;
	if (comma && (parse_u64(comma + 1, max) || *max < REPEAT_UNTIL_MIN ||
		      *max > CLI_REPEAT_MAX))
		return -EINVAL;
	return 0;
}

int repeat_cli_check(struct cli_config *cfg, char *err, size_t errlen)
{
	const char *s = cfg->rep.until_str;
	uint64_t max;
	double pct;
	int rc = repeat_confidence(cfg, err, errlen);

	if (rc || !s)
		return rc;
	if (repeat_until_parse(s, &pct, &max)) {
		snprintf(err, errlen, "invalid --repeat-until '%s': expected PCT[,MAX], "
			 "a half-width above 0%% and at most 100%% of the mean and at most "
			 "MAX passes (%d to %d), like 2 or 1.5%%,20",
			 s, REPEAT_UNTIL_MIN, CLI_REPEAT_MAX);
		return -EINVAL;
	}
	if (cfg->given[G_REPEAT] && max && max != cfg->repeat) {
		snprintf(err, errlen, "--repeat-until '%s' and --repeat %llu give two "
			 "maximums: give one", s, (unsigned long long)cfg->repeat);
		return -EINVAL;
	}
	if (!max)
		max = cfg->given[G_REPEAT] ? cfg->repeat : REPEAT_UNTIL_DEFAULT_MAX;
	if (max < REPEAT_UNTIL_MIN) {
		snprintf(err, errlen, "--repeat-until needs at least %d passes: "
			 "--repeat %llu is too few", REPEAT_UNTIL_MIN,
			 (unsigned long long)max);
		return -EINVAL;
	}
	cfg->rep.until_pct = pct;
	cfg->repeat = max;
	return 0;
}
