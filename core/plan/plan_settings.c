/*
 * plan_settings.c - what --settings lists after the run: every option
 * given a value on the command line or in a job file, global or a
 * stressor's, with the value as the run used it, sorted by name as
 * stress-ng sorts its settings. Flags among the global options are not
 * settings (stress-ng keeps them apart too); a stressor's flags are.
 */
#include "plan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "registry.h"
#include "run_mode.h"

/* The C type stress-ng would name for a value of this kind. */
static const char *plan_setting_type(const struct stressor_opt *o)
{
	/* a time with a finer floor is still a double */
	if (o->type == OPT_PARSED && o->parser == &opts_time_ms)
		return "double";
	switch (o->type) {
	case OPT_COUNT:
	case OPT_SIZE:
	case OPT_INSTANCES:
		return "uint64_t";
	case OPT_TIME:
		return "double";
	case OPT_BOOL:
		return "boolean";
	default:
		return "string";
	}
}

static int plan_setting_cmp(const void *a, const void *b)
{
	return strcmp(((const struct plan_setting *)a)->name,
		      ((const struct plan_setting *)b)->name);
}

static struct plan_setting *plan_setting_add(struct plan *p, size_t *cap)
{
	if (p->n_settings == *cap) {
		size_t n = *cap ? 2 * *cap : 16;
		struct plan_setting *s = realloc(p->settings, n * sizeof(*s));

		if (!s)
			return NULL;
		p->settings = s;
		*cap = n;
	}
	return memset(&p->settings[p->n_settings++], 0, sizeof(*p->settings));
}

/* The value of a global row as the results record shows it. */
static void plan_global_value(const struct plan *p, const struct cli_config *cfg,
			      enum cli_global g, char *out, size_t len)
{
	const char *text = plan_record_text(p, g);

	if (text)
		snprintf(out, len, "%s", text);
	else
		opts_format(&cli_rows[g].opt, &cfg->set, out, len);
}

int plan_settings_build(struct plan *p, const struct cli_config *cfg)
{
	struct plan_setting *s;
	size_t cap = 0;

	for (int g = 0; g < G_COUNT; g++) {
		const struct cli_row *r = &cli_rows[g];

		if (!cfg->given[g] || r->action || r->job || r->alias_of ||
		    r->opt.type == OPT_BOOL)
			continue;
		if (!(s = plan_setting_add(p, &cap)))
			return -ENOMEM;
		snprintf(s->name, sizeof(s->name), "%s", r->opt.name);
		plan_global_value(p, cfg, (enum cli_global)g, s->value, sizeof(s->value));
		s->type = plan_setting_type(&r->opt);
	}
	for (size_t i = 0; i < registry_count(); i++) {
		const struct stressor_choice *c = &cfg->choice[i];
		const struct stressor *st = registry_at(i);

		if (!c->selected)
			continue;
		if (c->ops) {
			if (!(s = plan_setting_add(p, &cap)))
				return -ENOMEM;
			snprintf(s->name, sizeof(s->name), "%s-ops", st->name);
			snprintf(s->value, sizeof(s->value), "%llu", (unsigned long long)c->ops);
			s->type = "uint64_t";
		}
		for (const struct stressor_opt *o = st->opts; o && o->name; o++) {
			if (!(c->opts_given & (UINT64_C(1) << (o - st->opts))))
				continue;
			if (!(s = plan_setting_add(p, &cap)))
				return -ENOMEM;
			snprintf(s->name, sizeof(s->name), "%s", o->name);
			opts_format(o, c->opts, s->value, sizeof(s->value));
			s->type = plan_setting_type(o);
		}
	}
	/* the run modes' options given a value (their flags are not settings,
	 * as the global flags are not) */
	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_modes_at(i);

		for (const struct run_mode_opt *o = m->opts; o && o->opt.name; o++) {
			if (!(cfg->mode_given[i].rows & (UINT64_C(1) << (o - m->opts))) ||
			    o->opt.type == OPT_BOOL)
				continue;
			if (!(s = plan_setting_add(p, &cap)))
				return -ENOMEM;
			snprintf(s->name, sizeof(s->name), "%s", o->opt.name);
			opts_format(&o->opt, cfg->mode_opts[i], s->value, sizeof(s->value));
			s->type = plan_setting_type(&o->opt);
		}
	}
	if (p->n_settings)
		qsort(p->settings, p->n_settings, sizeof(*p->settings), plan_setting_cmp);
	return 0;
}
