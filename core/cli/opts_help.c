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
	char left[320], range[256];

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
		opts_help_line(f, left, o);
	}
	if (!stressor_supported(s))
		fprintf(f, "\nnot implemented on this system (needs: %s)\n", s->needs);
}
