/*
 * parse.c - option value parsers. Strict on purpose: "10x", "", " 5" and
 * numbers past 2^64 are errors, never a truncated value.
 */
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/*
 * The one number scanner under every count, size, time and percentage:
 * decimal digits, and where a fraction is allowed (times, percentages)
 * a point and more digits. No sign, blank, hex or exponent: "0x10",
 * "1e3", "+5" and " 5" are errors for every option alike, as strtod()
 * would have taken the first two for a time and not for a count.
 * *whole is the integral part, exact to 2^64-1; *value the number;
 * *end what follows it.
 */
static int parse_number(const char *s, bool fraction, uint64_t *whole,
			double *value, const char **end)
{
	const char *p = s;
	uint64_t v = 0;

	if (!s || !(isdigit((unsigned char)*s) ||
		    (fraction && *s == '.' && isdigit((unsigned char)s[1]))))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++) {
		unsigned d = (unsigned)(*p - '0');

		if (v > (UINT64_MAX - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
	}
	*whole = v;
	*value = (double)v;
	if (fraction && *p == '.') {
		char buf[64];
		size_t n;

		p++;
		p += strspn(p, "0123456789");
		n = (size_t)(p - s);
		/* the digits are checked: strtod reads them as written */
		if (n >= sizeof(buf))
			return -ERANGE;
		memcpy(buf, s, n);
		buf[n] = '\0';
		*value = strtod(buf, NULL);
	}
	*end = p;
	return 0;
}

int parse_u64(const char *s, uint64_t *out)
{
	const char *end;
	uint64_t v;
	double d;
	int rc = parse_number(s, false, &v, &d, &end);

	if (rc)
		return rc;
	if (*end)
		return -EINVAL;
	*out = v;
	return 0;
}

/* Splits "123K" into the number and the suffix; the number must be integral. */
static int parse_scaled(const char *s, const char *suffixes,
			const uint64_t *scales, uint64_t *out)
{
	const char *end;
	uint64_t v, scale = 1;
	double d;
	int err = parse_number(s, false, &v, &d, &end);

	if (err)
		return err;
	if (*end) {
		const char *p = strchr(suffixes, tolower((unsigned char)*end));

		if (!p || end[1])
			return -EINVAL;
		scale = scales[p - suffixes];
	}
	if (scale && v > UINT64_MAX / scale)
		return -ERANGE;
	*out = v * scale;
	return 0;
}

int parse_size(const char *s, uint64_t *out)
{
	static const uint64_t scales[] = {
		1, 1ULL << 10, 1ULL << 20, 1ULL << 30, 1ULL << 40,
	};

	if (!s)
		return -EINVAL;
	return parse_scaled(s, "bkmgt", scales, out);
}

/* The unsigned decimal number s starts with; *end: what follows it. */
static int parse_leading_number(const char *s, double *v, char **end)
{
	const char *e;
	uint64_t whole;
	int rc = parse_number(s, true, &whole, v, &e);

	*end = (char *)e;
	return rc;
}

int parse_time(const char *s, double *seconds)
{
	static const char suffixes[] = "smhdwy";
	static const double scales[] = {
		1, 60, 3600, 86400, 7 * 86400, 365.25 * 86400,
	};
	char *end;
	double v;
	int rc;

	rc = parse_leading_number(s, &v, &end);
	if (rc)
		return rc;
	if (strcasecmp(end, "ms") == 0) {
		v /= 1000;	/* the sampling intervals' unit: 10ms is their floor */
	} else if (*end) {
		const char *p = strchr(suffixes, tolower((unsigned char)*end));

		if (!p || end[1])
			return -EINVAL;
		v *= scales[p - suffixes];
	}
	if (v > 1e12)
		return -ERANGE;
	*seconds = v;
	return 0;
}

int parse_percent(const char *s, double *out)
{
	char *end;
	double v;
	int rc;

	rc = parse_leading_number(s, &v, &end);
	if (rc)
		return rc;
	if (*end == '%')
		end++;
	if (*end)
		return -EINVAL;
	*out = v;
	return 0;
}

int parse_bool(const char *s, bool *out)
{
	static const char *const yes[] = { "1", "yes", "true", "on" };
	static const char *const no[] = { "0", "no", "false", "off" };

	for (size_t i = 0; s && i < 4; i++) {
		if (!strcasecmp(s, yes[i]))
			return *out = true, 0;
		if (!strcasecmp(s, no[i]))
			return *out = false, 0;
	}
	return -EINVAL;
}

int parse_instances(const char *s, unsigned ncpus, uint32_t *out)
{
	size_t len;
	uint64_t v;
	int err;

	if (!s || !*s)
		return -EINVAL;
	if (ncpus == 0)
		ncpus = 1;
	len = strlen(s);
	if (s[len - 1] == '%') {
		char pct[24];

		if (len - 1 >= sizeof(pct))
			return -ERANGE;
		memcpy(pct, s, len - 1);
		pct[len - 1] = '\0';
		err = parse_u64(pct, &v);
		if (err)
			return err;
		if (v > 100 * (uint64_t)INSTANCES_MAX)
			return -ERANGE;
		v = v * ncpus / 100;
		if (v == 0)
			v = 1;
	} else if (*s == '-') {
		err = parse_u64(s + 1, &v);
		if (err)
			return err;
		v = ncpus;
	} else {
		err = parse_u64(s, &v);
		if (err)
			return err;
		if (v == 0)
			v = ncpus;
	}
	if (v > INSTANCES_MAX)
		return -ERANGE;
	*out = (uint32_t)v;
	return 0;
}

int parse_list(const char *s, int (*fn)(void *arg, const char *item, size_t len),
	       void *arg)
{
	if (!s)
		return -EINVAL;
	for (;;) {
		size_t len = strcspn(s, ",");
		int rc = fn(arg, s, len);

		if (rc)
			return rc;
		if (!s[len])
			return 0;
		s += len + 1;
	}
}

/* One item of a CPU list: "3" or "2-5". */
static int parse_cpu_item(void *arg, const char *s, size_t len)
{
	uint64_t *mask = arg;
	unsigned long lo, hi;
	char *end;

	if (!len || !isdigit((unsigned char)*s))
		return -EINVAL;
	lo = hi = strtoul(s, &end, 10);
	if (*end == '-') {
		if (!isdigit((unsigned char)end[1]))
			return -EINVAL;
		hi = strtoul(end + 1, &end, 10);
	}
	if (end != s + len)
		return -EINVAL;
	if (lo > hi || hi >= 1024)
		return -ERANGE;
	for (unsigned long c = lo; c <= hi; c++)
		mask[c / 64] |= 1ULL << (c % 64);
	return 0;
}

int parse_cpu_list(const char *s, uint64_t mask[16])
{
	memset(mask, 0, 16 * sizeof(mask[0]));
	if (!s || !*s)
		return -EINVAL;
	return parse_list(s, parse_cpu_item, mask);
}

unsigned parse_online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1;
}
