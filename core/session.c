/*
 * session.c - runs the list of runs a command line asks for and reports
 * them as one: the metrics table has a row per stressor run, and the exit
 * status is the worst over the runs, as stress-ng's --sequential reports.
 * A failing run does not stop the ones after it; a stop signal does.
 */
#include "session.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "metrics.h"
#include "progress.h"
#include "report.h"

int session_add_run(struct session *s, const struct run_plan *tmpl,
		    const struct plan_entry *entries, size_t n)
{
	struct session_run *r;

	if (s->n_runs == s->cap_runs) {
		size_t cap = s->cap_runs ? 2 * s->cap_runs : 8;
		struct session_run *nr = realloc(s->runs, cap * sizeof(*nr));

		if (!nr)
			return -ENOMEM;
		s->runs = nr;
		s->cap_runs = cap;
	}
	r = &s->runs[s->n_runs];
	r->plan = *tmpl;
	r->plan.entries = calloc(n ? n : 1, sizeof(*entries));
	if (!r->plan.entries)
		return -ENOMEM;
	memcpy(r->plan.entries, entries, n * sizeof(*entries));
	r->plan.n = n;
	s->n_runs++;
	return 0;
}

int session_build(const struct cli_config *cfg, struct session *s)
{
	int rc;

	memset(s, 0, sizeof(*s));
	s->cfg = cfg;
	rc = cli_plan(cfg, &s->base);
	if (rc)
		return rc;
	if (cfg->compose.mode != COMPOSE_SEQUENTIAL)
		return session_add_run(s, &s->base, s->base.entries, s->base.n);
	for (size_t i = 0; i < s->base.n; i++) {
		rc = session_add_run(s, &s->base, &s->base.entries[i], 1);
		if (rc)
			return rc;
	}
	return 0;
}

void session_free(struct session *s)
{
	for (size_t i = 0; i < s->n_runs; i++)
		free(s->runs[i].plan.entries);
	free(s->runs);
	cli_plan_free(&s->base);
	memset(s, 0, sizeof(*s));
}

/* "2 sendfile, 2 pipe", as stress-ng's "dispatching hogs:" says it. */
static void session_hogs(const struct run_plan *plan, bool ops, char *line,
			 size_t len)
{
	size_t used = 0;

	line[0] = '\0';
	for (size_t i = 0; i < plan->n && used < len; i++) {
		const struct plan_entry *e = &plan->entries[i];

		used += (size_t)snprintf(line + used, len - used, "%s%u %s",
					 i ? ", " : "", e->instances,
					 e->stressor->name);
		if (ops && e->max_ops && used < len)
			used += (size_t)snprintf(line + used, len - used,
						 " (%llu bogo-ops)",
						 (unsigned long long)e->max_ops);
	}
}

static const char *session_mode_name(const struct session *s)
{
	switch (s->cfg->compose.mode) {
	case COMPOSE_SEQUENTIAL:
		return "in sequence";
	case COMPOSE_PARALLEL:
		return "in parallel";
	default:
		return "together";
	}
}

void session_print_plan(const struct session *s)
{
	char hogs[1024], limit[64];

	log_info("dry run: %zu run%s, stressors %s; nothing is started",
		 s->n_runs, s->n_runs == 1 ? "" : "s", session_mode_name(s));
	for (size_t i = 0; i < s->n_runs; i++) {
		const struct run_plan *p = &s->runs[i].plan;

		session_hogs(p, true, hogs, sizeof(hogs));
		if (p->timeout > 0)
			snprintf(limit, sizeof(limit), "for %gs", p->timeout);
		else
			snprintf(limit, sizeof(limit), "until the bogo-ops are done");
		log_info("run %zu of %zu: %s %s", i + 1, s->n_runs, hogs, limit);
	}
}

/* What the runs of a session add up to. */
struct session_outcome {
	struct stressor_summary *sums;
	size_t n_sums;
	double wall;
	bool interrupted, any_implemented, any;
	int status;
};

/* Folds one run's status in the way one run folds its stressors'. */
static void session_fold(struct session_outcome *o, int status)
{
	o->any = true;
	if (status == SK_NOT_IMPLEMENTED)
		return;
	o->any_implemented = true;
	o->status = run_status_worse(o->status, status);
}

static int session_run_one(struct session *s, size_t i, struct progress *pg,
			   struct session_outcome *o)
{
	struct run_plan *plan = &s->runs[i].plan;
	struct stressor_summary *sums;
	struct run_result res;
	char hogs[1024];
	int rc;

	session_hogs(plan, false, hogs, sizeof(hogs));
	log_info("dispatching hogs: %s", hogs);
	progress_attach(pg, plan, i, s->n_runs);
	rc = run_execute(plan, &res);
	progress_clear(pg);
	if (rc) {
		log_fail("cannot run: %s", strerror(-rc));
		session_fold(o, rc == -ENOMEM ? SK_NO_RESOURCE : SK_USAGE);
		return rc;
	}
	sums = realloc(o->sums, (o->n_sums + res.n + 1) * sizeof(*sums));
	if (!sums) {
		run_result_free(&res);
		session_fold(o, SK_NO_RESOURCE);
		return -ENOMEM;
	}
	o->sums = sums;
	for (size_t k = 0; k < res.n; k++)
		metrics_summarize(&res.s[k], &o->sums[o->n_sums++]);
	o->wall += res.wall;
	o->interrupted |= res.interrupted;
	session_fold(o, res.status);
	run_result_free(&res);
	return 0;
}

int session_execute(struct session *s)
{
	const struct cli_config *cfg = s->cfg;
	struct session_outcome o = { .status = SK_OK };
	struct progress pg;

	progress_init(&pg, cfg->compose.progress && !cfg->quiet);
	if (s->n_runs && s->runs[0].plan.timeout > 0)
		log_info("setting to a %g second run per stressor",
			 s->runs[0].plan.timeout);
	for (size_t i = 0; i < s->n_runs && !o.interrupted; i++) {
		session_run_one(s, i, &pg, &o);
		if (o.interrupted && i + 1 < s->n_runs)
			log_info("stopped by a signal: %zu run%s not started",
				 s->n_runs - i - 1, s->n_runs - i - 1 == 1 ? "" : "s");
	}
	if (o.n_sums) {
		report_table(o.sums, o.n_sums, cfg->metrics);
		if (cfg->times)
			report_times(o.sums, o.n_sums, o.wall, cfg->ncpus);
	}
	if (o.interrupted)
		log_info("run interrupted by a signal, metrics cover the time run");
	if (o.any && !o.any_implemented)
		o.status = SK_NOT_IMPLEMENTED;
	log_info("%s run completed in %.2fs",
		 o.status == SK_OK ? "successful" : "unsuccessful", o.wall);
	free(o.sums);
	return o.status;
}

int session_main(const struct cli_config *cfg)
{
	struct session s;
	int rc;

	if (session_build(cfg, &s)) {
		log_fail("cannot plan the run: out of memory");
		session_free(&s);
		return SK_NO_RESOURCE;
	}
	if (cfg->compose.dry_run) {
		session_print_plan(&s);
		rc = SK_OK;
	} else {
		rc = session_execute(&s);
	}
	session_free(&s);
	return rc;
}
