/*
 * opts_help.c - --help NAME, generated from the stressor's option table:
 * what it is, what one bogo-op is, then each option with its range and
 * default, so the text cannot drift from what the parser takes.
 */
#include "opts_help.h"

#include "opts.h"
#include "registry.h"

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
	if (!stressor_supported(s))
		fprintf(f, "\nnot implemented on this system (needs: %s)\n", s->needs);
}
