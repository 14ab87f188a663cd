/*
 * plan_record.c - what the plan keeps of the command line as given, for
 * the results' configuration and --settings (plan.h, struct plan_record):
 * the argv, and the options it records as the user would type them.
 */
#include "plan.h"

#include <stdio.h>

#include "classes.h"
#include "cli.h"
#include "opts.h"
#include "registry.h"

/* Registry names of a --with or --exclude list: "pipe,splice". */
static const char *plan_names(const struct opt_list *l, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (uint32_t i = 0; i < l->n && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s", i ? "," : "",
					 registry_at(l->v[i])->name);
	return out;
}

void plan_record_fill(struct plan_record *r, const struct cli_config *cfg)
{
	r->argc = cfg->argc;
	r->argv = cfg->argv;
	if (cfg->given[G_TASKSET]) {
		opts_cpus_format(&cfg->set.taskset, r->text[0], sizeof(r->text[0]));
		r->taskset = r->text[0];
	}
	if (cfg->given[G_CLASS]) {
		for (uint32_t i = 0, used = 0; i < cfg->set.classes.n; i++)
			used += (uint32_t)snprintf(r->text[1] + used, sizeof(r->text[1]) - used,
						   "%s%s", i ? "," : "",
						   class_name(1u << cfg->set.classes.v[i]));
		r->class_list = r->text[1];
	}
	if (cfg->given[G_WITH])
		r->with = plan_names(&cfg->set.with, r->text[2], sizeof(r->text[2]));
	if (cfg->given[G_EXCLUDE])
		r->exclude = plan_names(&cfg->set.exclude, r->text[3], sizeof(r->text[3]));
	r->job = cfg->job.path;
}

const char *plan_record_text(const struct plan *p, enum cli_global g)
{
	const struct plan_record *r = &p->record;

	switch (g) {
	case G_TASKSET:
		return r->taskset;
	case G_CLASS:
		return r->class_list;
	case G_WITH:
		return r->with;
	case G_EXCLUDE:
		return r->exclude;
	case G_JOB:
		return r->job;
	default:
		return NULL;
	}
}
