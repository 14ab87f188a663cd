/*
 * plan.c - the one place that turns the parsed command line into the
 * settings and the list of runs. The stressors' options structs stay the
 * command line's (entries point at them): the plan is freed first.
 */
#include "plan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "registry.h"

/* Appends a run of n entries (copied) with the base's settings. */
static int plan_add_run(struct plan *p, const struct plan_entry *entries, size_t n)
{
	struct run_plan *nr = realloc(p->runs, (p->n_runs + 1) * sizeof(*nr));
	struct run_plan *r;

	if (!nr)
		return -ENOMEM;
	p->runs = nr;
	r = &p->runs[p->n_runs];
	*r = p->base;
	r->entries = calloc(n ? n : 1, sizeof(*entries));
	if (!r->entries)
		return -ENOMEM;
	memcpy(r->entries, entries, n * sizeof(*entries));
	r->n = n;
	p->n_runs++;
	return 0;
}

/*
 * The modes of a sweep's steps: the instance mode's one, or under both
 * (will-it-scale's) each mode the stressor runs in; the cli has refused a
 * single mode the stressor does not.
 */
static void plan_scale_modes(struct plan *p, const struct cli_config *cfg)
{
	const struct stressor *s = p->base.entries[0].stressor;
	bool both = cfg->set.instance_kind == CLI_BOTH;

	p->scale_procs = cfg->set.instance_kind == CLI_PROCESSES ||
			 (both && stressor_kind_fits(s, false));
	p->scale_threads = cfg->set.instance_kind == CLI_THREADS ||
			   (both && stressor_kind_fits(s, true));
	p->base.threads = !p->scale_procs;
}

/* --scale: one run per step and mode, --scale-steps or 1..N of --NAME N. */
static int plan_scale_runs(struct plan *p, const struct cli_config *cfg)
{
	const struct opt_list *steps = &cfg->set.scale_steps;
	uint32_t top = p->base.entries[0].instances;
	size_t n = steps->n ? steps->n : top;

	plan_scale_modes(p, cfg);
	for (size_t i = 0; i < n; i++) {
		struct plan_entry e = p->base.entries[0];
		int rc;

		e.instances = steps->n ? steps->v[i] : (uint32_t)i + 1;
		/* runtest.py: processes, then threads, at each step */
		for (int threads = 0; threads < 2; threads++) {
			if (!(threads ? p->scale_threads : p->scale_procs))
				continue;
			rc = plan_add_run(p, &e, 1);
			if (rc)
				return rc;
			p->runs[p->n_runs - 1].threads = threads;
		}
	}
	return 0;
}

static int plan_runs(struct plan *p, const struct cli_config *cfg)
{
	int rc = 0;

	if (p->scale)
		return plan_scale_runs(p, cfg);
	if (p->composition != COMPOSE_SEQUENTIAL)
		return plan_add_run(p, p->base.entries, p->base.n);
	for (size_t i = 0; i < p->base.n && !rc; i++)
		rc = plan_add_run(p, &p->base.entries[i], 1);
	return rc;
}

/* The run length: --timeout, or until the ops are done with --NAME-ops alone. */
static double plan_timeout(const struct cli_config *cfg, const struct plan *p)
{
	if (cfg->given[G_TIMEOUT])
		return cfg->set.timeout;
	for (size_t i = 0; i < p->base.n; i++)
		if (p->base.entries[i].max_ops)
			return 0;	/* as stress-ng does */
	return PLAN_DEFAULT_TIMEOUT;
}

int plan_build(const struct cli_config *cfg, struct plan *p)
{
	struct run_plan *b = &p->base;

	memset(p, 0, sizeof(*p));
	b->entries = calloc(registry_count() ? registry_count() : 1, sizeof(*b->entries));
	if (!b->entries)
		return -ENOMEM;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct stressor_choice *c = &cfg->choice[i];

		if (!c->selected || c->instances == 0)
			continue;
		b->entries[b->n++] = (struct plan_entry){
			.stressor = registry_at(i), .opts = c->opts,
			.instances = c->instances, .max_ops = c->ops,
		};
	}
	b->timeout = plan_timeout(cfg, p);
	b->grace = PLAN_GRACE;
	b->threads = cfg->set.instance_kind == CLI_THREADS;
	b->placement = (enum run_placement)cfg->set.placement;
	b->verify = cfg->set.verify;
	b->verbose = cfg->set.verbose;
	b->sandbox = cfg->set.sandbox;
	b->temp_path = cfg->set.temp_path;
	/* the run modes' options: the command line's structs, as the stressors' */
	for (size_t i = 0; i < RUN_MODES_MAX; i++) {
		b->mode_opts[i] = cfg->mode_opts[i];
		b->mode_given[i] = cfg->mode_given[i].rows;
	}
	p->set = cfg->set;
	if (cfg->given[G_TASKSET])
		b->taskset = &p->set.taskset;
	p->composition = cfg->compose.composition;
	p->scale = cfg->set.scale && b->n == 1;
	p->repeat = (unsigned)cfg->set.repeat;
	p->scale_wis = cfg->set.scale_format == CLI_SCALE_WIS;
	p->ncpus = cfg->ncpus;
	plan_record_fill(&p->record, cfg);
	if (p->set.settings && plan_settings_build(p, cfg))
		return -ENOMEM;
	return plan_runs(p, cfg);
}

void plan_free(struct plan *p)
{
	for (size_t i = 0; i < p->n_runs; i++)
		free(p->runs[i].entries);
	free(p->runs);
	free(p->base.entries);
	free(p->settings);
	memset(p, 0, sizeof(*p));
}
