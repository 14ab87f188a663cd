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
#include "registry.h"
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
	memset(r, 0, sizeof(*r));
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
	for (size_t i = 0; i < s->n_runs; i++) {
		free(s->runs[i].plan.entries);
		free(s->runs[i].sums);
	}
	free(s->runs);
	cli_plan_free(&s->base);
	memset(s, 0, sizeof(*s));
}

/*
 * "2 sendfile, 2 pipe", as stress-ng's "dispatching hogs:" says it; with
 * details (for --dry-run) the ops limits and what will be skipped.
 */
static void session_hogs(const struct run_plan *plan, bool details, char *line,
			 size_t len)
{
	size_t used = 0;

	line[0] = '\0';
	for (size_t i = 0; i < plan->n && used < len; i++) {
		const struct plan_entry *e = &plan->entries[i];

		used += (size_t)snprintf(line + used, len - used, "%s%u %s",
					 i ? ", " : "", e->instances,
					 e->stressor->name);
		if (details && e->max_ops && used < len)
			used += (size_t)snprintf(line + used, len - used,
						 " (%llu bogo-ops)",
						 (unsigned long long)e->max_ops);
		if (details && !stressor_supported(e->stressor) && used < len)
			used += (size_t)snprintf(line + used, len - used,
						 " (not implemented here: skipped)");
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

/* Folds one run's status the way one run folds its stressors'. */
static int session_status(const struct session *s)
{
	bool any = false, any_implemented = false;
	int status = SK_OK;

	for (size_t i = 0; i < s->n_runs; i++) {
		const struct session_run *r = &s->runs[i];

		if (!r->ran)
			continue;
		any = true;
		if (r->status == SK_NOT_IMPLEMENTED)
			continue;
		any_implemented = true;
		status = run_status_worse(status, r->status);
	}
	return any && !any_implemented ? SK_NOT_IMPLEMENTED : status;
}

static void session_run_one(struct session *s, size_t i, struct progress *pg)
{
	struct session_run *r = &s->runs[i];
	struct run_result res;
	char hogs[1024];
	int rc;

	session_hogs(&r->plan, false, hogs, sizeof(hogs));
	log_info("dispatching hogs: %s", hogs);
	progress_attach(pg, &r->plan, i, s->n_runs);
	r->plan.perf = recorder_perf(s->rec);
	r->plan.sampler = recorder_sampler(s->rec);
	rc = run_execute(&r->plan, &res);
	progress_clear(pg);
	r->ran = true;
	if (rc) {
		log_fail("cannot run: %s", strerror(-rc));
		r->status = rc == -ENOMEM ? SK_NO_RESOURCE : SK_USAGE;
		return;
	}
	r->wall = res.wall;
	r->interrupted = res.interrupted;
	r->status = res.status;
	r->sums = calloc(res.n ? res.n : 1, sizeof(*r->sums));
	if (!r->sums) {
		r->status = run_status_worse(r->status, SK_NO_RESOURCE);
	} else {
		for (size_t k = 0; k < res.n; k++)
			metrics_summarize(&res.s[k], &r->sums[k]);
		r->n_sums = res.n;
		recorder_run(s->rec, &res, r->sums);
	}
	run_result_free(&res);
}

int session_execute(struct session *s)
{
	const struct cli_config *cfg = s->cfg;
	struct progress pg;

	progress_init(&pg, cfg->compose.progress && !cfg->quiet);
	if (s->n_runs && s->runs[0].plan.timeout > 0)
		log_info("setting to a %g second run per stressor",
			 s->runs[0].plan.timeout);
	for (size_t i = 0; i < s->n_runs && !s->interrupted; i++) {
		session_run_one(s, i, &pg);
		s->wall += s->runs[i].wall;
		s->interrupted |= s->runs[i].interrupted;
		if (s->interrupted && i + 1 < s->n_runs)
			log_info("stopped by a signal: %zu run%s not started",
				 s->n_runs - i - 1, s->n_runs - i - 1 == 1 ? "" : "s");
	}
	s->status = session_status(s);
	return s->status;
}

void session_report(const struct session *s)
{
	const struct cli_config *cfg = s->cfg;
	struct stressor_summary *all;
	size_t n = 0;

	for (size_t i = 0; i < s->n_runs; i++)
		n += s->runs[i].n_sums;
	all = calloc(n ? n : 1, sizeof(*all));
	if (all && n) {
		n = 0;
		for (size_t i = 0; i < s->n_runs; i++) {
			if (!s->runs[i].n_sums)
				continue;	/* a skipped run: sums is NULL */
			memcpy(all + n, s->runs[i].sums,
			       s->runs[i].n_sums * sizeof(*all));
			n += s->runs[i].n_sums;
		}
		report_table(all, n, cfg->metrics);
		recorder_report(s->rec);
		if (cfg->times)
			report_times(all, n, s->wall, cfg->ncpus);
	}
	free(all);
	if (s->interrupted)
		log_info("run interrupted by a signal, metrics cover the time run");
	log_info("%s run completed in %.2fs",
		 s->status == SK_OK ? "successful" : "unsuccessful", s->wall);
}

/* Forgets what the last pass found, so the next one starts afresh. */
static void session_reset(struct session *s)
{
	for (size_t i = 0; i < s->n_runs; i++) {
		struct session_run *r = &s->runs[i];

		free(r->sums);
		r->sums = NULL;
		r->n_sums = 0;
		r->ran = r->interrupted = false;
		r->status = SK_OK;
		r->wall = 0;
	}
	s->status = SK_OK;
	s->wall = 0;
	s->interrupted = false;
}

/* --repeat N: the whole list of runs N times, each pass with its table. */
static int session_repeat(struct session *s)
{
	const struct cli_config *cfg = s->cfg;
	char err[512];
	int rc = SK_OK;

	s->rec = recorder_begin(cfg, err, sizeof(err));
	if (!s->rec) {
		log_usage_error("%s", err);
		return SK_USAGE;
	}
	for (unsigned p = 1; p <= cfg->repeat && !s->interrupted; p++) {
		if (p > 1)
			session_reset(s);
		if (cfg->repeat > 1)
			log_info("pass %u of %u", p, cfg->repeat);
		session_execute(s);
		session_report(s);
		recorder_pass_done(s->rec, s->status);
		rc = run_status_worse(rc, s->status);
	}
	rc = recorder_end(s->rec, rc);
	s->rec = NULL;
	return rc;
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
		rc = session_repeat(&s);
	}
	session_free(&s);
	return rc;
}
