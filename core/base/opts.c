/*
 * opts.c - the one option engine, for the global options and for each
 * stressor's table alike, as fio's engines keep theirs: { name, type,
 * offset } into a struct, so the program reads o->bytes and never looks a
 * value up by string. Every value is parsed into its final form here, when
 * the command line is read.
 */
#include "opts.h"

#include <errno.h>
#include <sched.h>
#include <string.h>
#include <strings.h>

#include "parse.h"

static void *opts_field(const struct stressor_opt *o, void *buf)
{
	return (char *)buf + o->offset;
}

static int opts_set_list(const struct stressor_opt *o, void *f, const char *val,
			 char *err, size_t errlen);

void opts_fill_row(const struct stressor_opt *o, void *buf)
{
	void *f = opts_field(o, buf);
	char err[256];

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
	case OPT_LIST:
		memset(f, 0, sizeof(struct opt_list));
		/* a bad default stays empty: descriptor_check refuses it first */
		if (o->def_str)
			opts_set_list(o, f, o->def_str, err, sizeof(err));
		break;
	case OPT_CPU_LIST:
		memset(f, 0, sizeof(struct opt_cpus));
		break;
	case OPT_INSTANCES:
		*(uint32_t *)f = (uint32_t)o->def;
		break;
	case OPT_PARSED:
		memset(f, 0, o->parser->size);
		if (o->def_str)
			o->parser->parse(o, o->def_str, f, err, sizeof(err));
		break;
	}
}

void opts_fill_defaults(const struct stressor *s, void *buf)
{
	if (!s->opts)
		return;
	memset(buf, 0, s->opts_size);
	opts_fill_rows(s->opts, buf);
}

void opts_fill_rows(const struct stressor_opt *rows, void *buf)
{
	for (const struct stressor_opt *o = rows; o->name; o++)
		opts_fill_row(o, buf);
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

/* Every CPU of the list must be one this process may run on. */
static int opts_cpus_check(const struct stressor_opt *o, const char *val,
			   const struct opt_cpus *c, char *err, size_t errlen)
{
	struct opt_cpus avail = { { 0 } };
	char list[256];
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 0;
	for (unsigned cpu = 0; cpu < 1024 && cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set))
			avail.mask[cpu / 64] |= 1ULL << (cpu % 64);
	for (unsigned cpu = 0; cpu < 1024; cpu++) {
		uint64_t bit = 1ULL << (cpu % 64);

		if ((c->mask[cpu / 64] & bit) && !(avail.mask[cpu / 64] & bit)) {
			opts_cpus_format(&avail, list, sizeof(list));
			snprintf(err, errlen, "invalid --%s '%s': CPU %u is not one "
				 "this process may run on (CPUs: %s)", o->name, val, cpu, list);
			return -EINVAL;
		}
	}
	return 0;
}

/* What parse_list hands each item of an OPT_LIST to. */
struct opts_list_ctx {
	const struct stressor_opt *o;
	struct opt_list *l;
	char *err;
	size_t errlen;
	bool told;		/* the item callback wrote err */
};

static int opts_list_item(void *arg, const char *item, size_t len)
{
	struct opts_list_ctx *c = arg;
	const struct stressor_opt *o = c->o;
	uint32_t v = 0;
	char num[32];
	uint64_t n;
	int rc;

	if (c->l->n == OPT_LIST_MAX)
		return -EINVAL;
	if (o->item) {	/* it names an empty item in its own words */
		rc = o->item(o, item, len, &v, c->err, c->errlen);
		if (rc == OPT_ITEM_NONE)
			return 0;	/* a valid item that adds nothing */
		c->told = rc != 0;
		if (rc)
			return rc;
	} else if (!len) {
		return -EINVAL;
	} else if (o->choices) {
		/* in any case, as sk_parse_list and redis-benchmark -t take names */
		for (v = 0; o->choices[v]; v++)
			if (strlen(o->choices[v]) == len && !strncasecmp(o->choices[v], item, len))
				break;
		if (!o->choices[v])
			return -EINVAL;
	} else {
		if (len >= sizeof(num))
			return -ERANGE;
		memcpy(num, item, len);
		num[len] = '\0';
		rc = parse_u64(num, &n);
		if (rc)
			return rc;
		if (n < o->min || n > o->max || n > UINT32_MAX)
			return -ERANGE;
		v = (uint32_t)n;
		if ((o->flags & OPT_INCREASING) && c->l->n && v <= c->l->v[c->l->n - 1])
			return -EINVAL;
	}
	c->l->v[c->l->n++] = v;
	return 0;
}

static int opts_set_list(const struct stressor_opt *o, void *f, const char *val,
			 char *err, size_t errlen)
{
	struct opt_list l = { 0 };
	struct opts_list_ctx c = { .o = o, .l = &l, .err = err, .errlen = errlen };
	char allowed[256];
	int rc = parse_list(val, opts_list_item, &c);

	if (!rc) {
		memcpy(f, &l, sizeof(l));
		return 0;
	}
	if (c.told)
		return rc;
	if (o->expect) {
		snprintf(err, errlen, "invalid --%s '%s': expected %s", o->name, val, o->expect);
	} else if (o->choices) {
		opts_choices_str(o, allowed, sizeof(allowed));
		snprintf(err, errlen, "invalid --%s '%s': expected a comma-separated "
			 "list of %s", o->name, val, allowed);
	} else {
		snprintf(err, errlen, "invalid --%s '%s': expected comma-separated "
			 "whole numbers from %llu to %llu", o->name, val,
			 (unsigned long long)o->min, (unsigned long long)o->max);
	}
	return rc;
}

/*
 * A value the row's parser reads. Its error line is the engine's, in the
 * form every option shares, unless the parser has a better one to write.
 */
static int opts_set_parsed(const struct stressor_opt *o, void *f, const char *val,
			   char *err, size_t errlen)
{
	int rc;

	if (!val || !*val) {
		snprintf(err, errlen, "--%s needs a value", o->name);
		return -EINVAL;
	}
	err[0] = '\0';
	rc = o->parser->parse(o, val, f, err, errlen);
	if (rc && !err[0])
		snprintf(err, errlen, "invalid --%s '%s': expected %s", o->name, val,
			 o->expect ? o->expect : o->parser->metavar);
	return rc;
}

/* The types whose values are not a number in a range. */
static int opts_set_other(const struct stressor_opt *o, void *f, const char *val,
			  char *err, size_t errlen)
{
	char allowed[256];
	int rc;

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
		if ((o->flags & OPT_ONE_WORD) && strpbrk(val, " \t\n")) {
			snprintf(err, errlen, "invalid --%s '%s': expected one word",
				 o->name, val);
			return -EINVAL;
		}
		rc = opts_check_string(o, val, err, errlen);
		if (!rc)
			*(const char **)f = val;
		return rc;
	case OPT_CHOICE:
		for (unsigned i = 0; o->choices[i]; i++) {
			if (val && !strcmp(val, o->choices[i])) {
				*(unsigned *)f = i;
				return 0;
			}
		}
		if (o->expect)
			snprintf(allowed, sizeof(allowed), "%s", o->expect);
		else
			opts_choices_str(o, allowed, sizeof(allowed));
		snprintf(err, errlen, "invalid --%s '%s': expected %s%s", o->name,
			 val ? val : "", o->expect ? "" : "one of ", allowed);
		return -EINVAL;
	case OPT_LIST:
		return opts_set_list(o, f, val ? val : "", err, errlen);
	case OPT_CPU_LIST: {
		struct opt_cpus c;

		rc = parse_cpu_list(val, c.mask);
		if (rc) {
			snprintf(err, errlen, "invalid --%s '%s': expected a CPU list "
				 "like 0,2-3 (CPUs 0 to 1023)", o->name, val ? val : "");
			return rc;
		}
		rc = opts_cpus_check(o, val, &c, err, errlen);
		if (!rc)
			memcpy(f, &c, sizeof(c));
		return rc;
	}
	case OPT_PARSED:
		return opts_set_parsed(o, f, val, err, errlen);
	case OPT_INSTANCES:
		rc = parse_instances(val, parse_online_cpus(), (uint32_t *)f);
		if (rc)
			snprintf(err, errlen, "invalid --%s '%s': expected an instance count "
				 "from 0 to %d (0 or negative: one per online CPU, N%%: a share of them)",
				 o->name, val ? val : "", INSTANCES_MAX);
		return rc;
	default:
		return -EINVAL;
	}
}

int opts_set(const struct stressor_opt *o, void *buf, const char *val,
	     char *err, size_t errlen)
{
	void *f = opts_field(o, buf);
	char lo[32], hi[32], allowed[128];
	uint64_t v = 0;
	double t;
	int rc;

	switch (o->type) {
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
		return opts_set_other(o, f, val, err, errlen);
	}
	if (!rc && (v < o->min || v > o->max))
		rc = -ERANGE;
	if (!rc)
		*(uint64_t *)f = v;
out:
	if (rc && o->expect) {
		snprintf(err, errlen, "invalid --%s '%s': expected %s", o->name,
			 val ? val : "", o->expect);
	} else if (rc) {
		opts_value_str(o, o->min, lo, sizeof(lo));
		opts_value_str(o, o->max, hi, sizeof(hi));
		snprintf(err, errlen, "invalid --%s '%s': expected %s from %s to %s",
			 o->name, val ? val : "", allowed, lo, hi);
	}
	return rc;
}
