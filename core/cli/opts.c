/*
 * opts.c - a stressor's option table, as fio's engines keep theirs:
 * { name, type, offset } into the stressor's own struct, so a stressor
 * reads o->bytes and never looks a value up by string.
 */
#include "opts.h"

#include <errno.h>
#include <string.h>

#include "parse.h"
#include "registry.h"

static void *opts_field(const struct stressor_opt *o, void *buf)
{
	return (char *)buf + o->offset;
}

void opts_fill_defaults(const struct stressor *s, void *buf)
{
	if (!s->opts)
		return;
	memset(buf, 0, s->opts_size);
	for (const struct stressor_opt *o = s->opts; o->name; o++) {
		void *f = opts_field(o, buf);

		switch (o->type) {
		case OPT_COUNT:
		case OPT_SIZE:
			*(uint64_t *)f = o->def;
			break;
		case OPT_TIME:
			*(double *)f = (double)o->def;
			break;
		case OPT_BOOL:
			*(bool *)f = o->def != 0;
			break;
		case OPT_CHOICE:
			*(unsigned *)f = (unsigned)o->def;
			break;
		case OPT_STRING:
			*(const char **)f = o->def_str;
			break;
		}
	}
}

const struct stressor_opt *opts_find(const struct stressor *s, const char *name)
{
	for (const struct stressor_opt *o = s->opts; o && o->name; o++)
		if (!strcmp(o->name, name))
			return o;
	return NULL;
}

bool opts_is_flag(const struct stressor_opt *o)
{
	return o->type == OPT_BOOL;
}

static void opts_size_str(uint64_t v, char *out, size_t len)
{
	static const char units[] = "KMGT";
	int u = -1;

	while (v && v % 1024 == 0 && u < 3) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(out, len, "%llu", (unsigned long long)v);
	else
		snprintf(out, len, "%llu%c", (unsigned long long)v, units[u]);
}

static void opts_choices_str(const struct stressor_opt *o, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; o->choices[i] && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s",
					 i ? "|" : "", o->choices[i]);
}

static void opts_value_str(const struct stressor_opt *o, uint64_t v,
			   char *out, size_t len)
{
	switch (o->type) {
	case OPT_SIZE:
		opts_size_str(v, out, len);
		break;
	case OPT_TIME:
		snprintf(out, len, "%llus", (unsigned long long)v);
		break;
	default:
		snprintf(out, len, "%llu", (unsigned long long)v);
		break;
	}
}

int opts_set(const struct stressor_opt *o, void *buf, const char *val,
	     char *err, size_t errlen)
{
	void *f = opts_field(o, buf);
	char lo[32], hi[32], allowed[256];
	uint64_t v = 0;
	double t;
	int rc;

	opts_value_str(o, o->min, lo, sizeof(lo));
	opts_value_str(o, o->max, hi, sizeof(hi));
	switch (o->type) {
	case OPT_BOOL:
		if (!val)
			return *(bool *)f = true, 0;
		rc = parse_bool(val, (bool *)f);
		if (rc)
			snprintf(err, errlen, "invalid --%s '%s': expected yes or no",
				 o->name, val);
		return rc;
	case OPT_STRING:
		if (!val || !*val) {
			snprintf(err, errlen, "--%s needs a value", o->name);
			return -EINVAL;
		}
		*(const char **)f = val;
		return 0;
	case OPT_CHOICE:
		for (unsigned i = 0; o->choices[i]; i++) {
			if (val && !strcmp(val, o->choices[i])) {
				*(unsigned *)f = i;
				return 0;
			}
		}
		opts_choices_str(o, allowed, sizeof(allowed));
		snprintf(err, errlen, "invalid --%s '%s': expected one of %s",
			 o->name, val ? val : "", allowed);
		return -EINVAL;
	case OPT_COUNT:
		rc = parse_u64(val, &v);
		snprintf(allowed, sizeof(allowed), "a whole number");
		break;
	case OPT_SIZE:
		rc = parse_size(val, &v);
		snprintf(allowed, sizeof(allowed), "a size in bytes (suffix K, M, G or T)");
		break;
	case OPT_TIME:
		rc = parse_time(val, &t);
		if (!rc && (t < (double)o->min || t > (double)o->max))
			rc = -ERANGE;
		if (!rc)
			*(double *)f = t;
		snprintf(allowed, sizeof(allowed), "a time (suffix s, m, h, d, w or y)");
		goto out;
	default:
		return -EINVAL;
	}
	if (!rc && (v < o->min || v > o->max))
		rc = -ERANGE;
	if (!rc)
		*(uint64_t *)f = v;
out:
	if (rc)
		snprintf(err, errlen, "invalid --%s '%s': expected %s from %s to %s",
			 o->name, val ? val : "", allowed, lo, hi);
	return rc;
}

void opts_format(const struct stressor_opt *o, const void *buf,
		 char *out, size_t outlen)
{
	const void *f = (const char *)buf + o->offset;

	switch (o->type) {
	case OPT_COUNT:
		snprintf(out, outlen, "%llu", (unsigned long long)*(const uint64_t *)f);
		break;
	case OPT_SIZE:
		opts_size_str(*(const uint64_t *)f, out, outlen);
		break;
	case OPT_TIME:
		snprintf(out, outlen, "%gs", *(const double *)f);
		break;
	case OPT_BOOL:
		snprintf(out, outlen, "%s", *(const bool *)f ? "yes" : "no");
		break;
	case OPT_CHOICE:
		snprintf(out, outlen, "%s", o->choices[*(const unsigned *)f]);
		break;
	case OPT_STRING:
		snprintf(out, outlen, "%s", *(const char *const *)f ?
			 *(const char *const *)f : "");
		break;
	}
}

static const char *opts_metavar(const struct stressor_opt *o)
{
	static const char *const names[] = {
		[OPT_COUNT] = "N", [OPT_SIZE] = "SIZE", [OPT_TIME] = "TIME",
		[OPT_BOOL] = "", [OPT_CHOICE] = "", [OPT_STRING] = "STR",
	};
	return names[o->type];
}

void opts_help(FILE *f, const struct stressor *s)
{
	char left[320], range[256], lo[32], hi[32];

	fprintf(f, "%s: %s\n", s->name, s->summary);
	if (s->help)
		fprintf(f, "\n%s\n", s->help);
	fprintf(f, "\noptions:\n");
	snprintf(left, sizeof(left), "--%s N", s->name);
	fprintf(f, "  %-28s start N instances (0: one per online CPU, N%%: a share)\n", left);
	snprintf(left, sizeof(left), "--%s-ops N", s->name);
	fprintf(f, "  %-28s stop after N bogo-ops in all, shared among instances\n", left);
	for (const struct stressor_opt *o = s->opts; o && o->name; o++) {
		if (o->type == OPT_CHOICE) {
			opts_choices_str(o, range, sizeof(range));
			snprintf(left, sizeof(left), "--%s %s", o->name, range);
		} else {
			snprintf(left, sizeof(left), "--%s %s", o->name, opts_metavar(o));
		}
		fprintf(f, "  %-28s %s", left, o->help);
		switch (o->type) {
		case OPT_COUNT:
		case OPT_SIZE:
		case OPT_TIME:
			opts_value_str(o, o->min, lo, sizeof(lo));
			opts_value_str(o, o->max, hi, sizeof(hi));
			opts_value_str(o, o->def, range, sizeof(range));
			fprintf(f, " (%s to %s, default %s)", lo, hi, range);
			break;
		case OPT_CHOICE:
			fprintf(f, " (default %s)", o->choices[o->def]);
			break;
		case OPT_STRING:
			if (o->def_str)
				fprintf(f, " (default %s)", o->def_str);
			break;
		case OPT_BOOL:
			break;
		}
		fputc('\n', f);
	}
	if (!stressor_supported(s))
		fprintf(f, "\nnot implemented on this system (needs: %s)\n", s->needs);
}
