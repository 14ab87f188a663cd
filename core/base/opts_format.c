/*
 * opts_format.c - an option's value written back as text in its own unit
 * ("4K", "60s", "yes", "0,2-3"), for --settings, the results record and
 * the --help text; the reverse of opts.c's parsing.
 */
#include "opts.h"

#include <string.h>

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

void opts_choices_str(const struct stressor_opt *o, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; o->choices[i] && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s",
					 i ? "|" : "", o->choices[i]);
}

void opts_value_str(const struct stressor_opt *o, uint64_t v,
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

void opts_cpus_format(const struct opt_cpus *c, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (unsigned cpu = 0; cpu < 1024 && used < len; cpu++) {
		unsigned last = cpu;

		if (!(c->mask[cpu / 64] & (1ULL << (cpu % 64))))
			continue;
		while (last + 1 < 1024 && (c->mask[(last + 1) / 64] & (1ULL << ((last + 1) % 64))))
			last++;
		if (last == cpu)
			used += (size_t)snprintf(out + used, len - used, "%s%u",
						 used ? "," : "", cpu);
		else
			used += (size_t)snprintf(out + used, len - used, "%s%u-%u",
						 used ? "," : "", cpu, last);
		cpu = last;
	}
}

static void opts_list_format(const struct stressor_opt *o, const struct opt_list *l,
			     char *out, size_t outlen)
{
	size_t used = 0;

	out[0] = '\0';
	for (uint32_t i = 0; i < l->n && used < outlen; i++) {
		if (o->choices && !o->item)
			used += (size_t)snprintf(out + used, outlen - used, "%s%s",
						 i ? "," : "", o->choices[l->v[i]]);
		else
			used += (size_t)snprintf(out + used, outlen - used, "%s%u",
						 i ? "," : "", l->v[i]);
	}
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
	case OPT_LIST:
		opts_list_format(o, f, out, outlen);
		break;
	case OPT_CPU_LIST:
		opts_cpus_format(f, out, outlen);
		break;
	case OPT_INSTANCES:
		snprintf(out, outlen, "%u", *(const uint32_t *)f);
		break;
	case OPT_PARSED:
		o->parser->format(o, f, out, outlen);
		break;
	}
}

const char *opts_metavar(const struct stressor_opt *o)
{
	static const char *const names[] = {
		[OPT_COUNT] = "N", [OPT_SIZE] = "SIZE", [OPT_TIME] = "TIME",
		[OPT_BOOL] = "", [OPT_CHOICE] = "", [OPT_STRING] = "STR",
		[OPT_LIST] = "LIST", [OPT_CPU_LIST] = "CPUS", [OPT_INSTANCES] = "N",
	};
	if (o->type == OPT_PARSED)
		return o->parser->metavar ? o->parser->metavar : "VALUE";
	return names[o->type];
}

/* A range's top that means "no bound": a row's max of every count. */
static bool opts_unbounded(uint64_t max)
{
	return max >= INT64_MAX;
}

void opts_help_line(FILE *f, const char *left, const struct stressor_opt *o)
{
	char lo[32], hi[32], def[256];

	fprintf(f, "  %-28s %s", left, o->help ? o->help : "");
	switch (o->type) {
	case OPT_COUNT:
	case OPT_SIZE:
	case OPT_TIME:
		opts_value_str(o, o->min, lo, sizeof(lo));
		opts_value_str(o, o->max, hi, sizeof(hi));
		opts_value_str(o, o->def, def, sizeof(def));
		/* a default below the least is "not given": the help says what that means */
		if (opts_unbounded(o->max) && o->def < o->min)
			fprintf(f, " (%s or more)", lo);
		else if (opts_unbounded(o->max))
			fprintf(f, " (%s or more, default %s)", lo, def);
		else if (o->def < o->min)
			fprintf(f, " (%s to %s)", lo, hi);
		else
			fprintf(f, " (%s to %s, default %s)", lo, hi, def);
		break;
	case OPT_CHOICE:
		fprintf(f, " (default %s)", o->choices[o->def]);
		break;
	case OPT_STRING:
	case OPT_LIST:
	case OPT_PARSED:
		if (o->def_str)
			fprintf(f, " (default %s)", o->def_str);
		break;
	default:
		break;
	}
	fputc('\n', f);
}
