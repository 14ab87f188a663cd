/*
 * session.c - runs the list of runs a plan holds and reports
 * them as one: the metrics table has a row per stressor run, and the exit
 * status is the worst over the runs, as stress-ng's --sequential reports.
 * A failing run does not stop the ones after it; a stop signal does.
 */
#include "session.h"

#include <stdio.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "doc_writers.h"
#include "log.h"
#include "metrics.h"
#include "pass_exec.h"
#include "progress.h"
#include "registry.h"
#include "report.h"
#include "run_mode.h"
#include "scheduler.h"
#include "status.h"
#include "status_line.h"

int session_init(struct session *s, const struct plan *plan,
		 const struct run_plan *runs, size_t n)
{
	memset(s, 0, sizeof(*s));
	s->plan = plan;
	s->runs = runs;
	s->n_runs = n;
	s->found = calloc(n ? n : 1, sizeof(*s->found));
	progress_init(&s->progress, plan->set.progress && !plan->set.quiet);
	return s->found ? 0 : -ENOMEM;
}

void session_free(struct session *s)
{
	for (size_t i = 0; s->found && i < s->n_runs; i++)
		free(s->found[i].sums);
	free(s->found);
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

static const char *session_composition_name(const struct session *s)
{
	switch (s->plan->composition) {
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
		 s->n_runs, s->n_runs == 1 ? "" : "s", session_composition_name(s));
	for (size_t i = 0; i < s->n_runs; i++) {
		const struct run_plan *p = &s->runs[i];

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
		const struct session_run *r = &s->found[i];

		if (!r->ran)
			continue;
		any = true;
		if (r->status == SK_NOT_IMPLEMENTED)
			continue;
		any_implemented = true;
		status = status_worse(status, r->status);
	}
	return any && !any_implemented ? SK_NOT_IMPLEMENTED : status;
}

int session_run(struct session *s, size_t i)
{
	struct session_run *r = &s->found[i];
	struct run_plan plan = s->runs[i];	/* the plan's, in this session */
	struct run_result res;
	int rc;

	plan.session = s->mode_session;
	progress_run(&s->progress, &plan, i, s->n_runs);
	rc = scheduler_run(&plan, &res);
	progress_clear(&s->progress);
	r->ran = true;
	if (rc) {
		log_fail("cannot run: %s", strerror(-rc));
		return r->status = rc == -ENOMEM ? SK_NO_RESOURCE : SK_USAGE;
	}
	status_line_run_done(&s->status_line, &res.counts);
	r->wall = res.wall;
	r->interrupted = res.interrupted;
	r->status = res.status;
	r->sums = calloc(res.n ? res.n : 1, sizeof(*r->sums));
	if (!r->sums) {
		r->status = status_worse(r->status, SK_NO_RESOURCE);
	} else {
		for (size_t k = 0; k < res.n; k++)
			metrics_summarize(&res.s[k], &r->sums[k]);
		r->n_sums = res.n;
		recorder_run(s->rec, &res, r->sums);
	}
	scheduler_result_free(&res);
	return r->status;
}

int session_execute(struct session *s)
{
	char hogs[1024];

	if (s->n_runs && s->runs[0].timeout > 0)
		log_info("setting to a %g second run per stressor",
			 s->runs[0].timeout);
	for (size_t i = 0; i < s->n_runs && !s->interrupted; i++) {
		session_hogs(&s->runs[i], false, hogs, sizeof(hogs));
		log_info("dispatching hogs: %s", hogs);
		session_run(s, i);
		s->wall += s->found[i].wall;
		s->interrupted |= s->found[i].interrupted;
		if (s->interrupted && i + 1 < s->n_runs)
			log_info("stopped by a signal: %zu run%s not started",
				 s->n_runs - i - 1, s->n_runs - i - 1 == 1 ? "" : "s");
	}
	s->status = session_status(s);
	return s->status;
}

/*
 * The pass's formats (doc_writers.h: --ktap): a test per stressor of the
 * plan, in the plan's order, each with what its run found; one of a run
 * the stop signal kept from starting has none.
 */
static void session_pass_docs(const struct session *s)
{
	struct doc_files files;
	struct doc_test *t;
	char err[512];
	size_t n = 0;

	for (size_t i = 0; i < s->n_runs; i++)
		n += s->runs[i].n;
	t = calloc(n ? n : 1, sizeof(*t));
	if (!t) {
		log_fail("cannot write the pass's formats: out of memory");
		return;
	}
	n = 0;
	for (size_t i = 0; i < s->n_runs; i++) {
		const struct session_run *r = &s->found[i];

		for (size_t j = 0; j < s->runs[i].n; j++, n++) {
			t[n].name = s->runs[i].entries[j].stressor->name;
			for (size_t k = 0; k < r->n_sums && !t[n].sum; k++)
				if (!strcmp(r->sums[k].name, t[n].name))
					t[n].sum = &r->sums[k];
		}
	}
	/* a pass's format is on stdout (no file to open before the run) */
	if (doc_files_open(&files, &s->plan->set, DOC_FROM_PASS, err, sizeof(err)))
		log_fail("%s", err);
	else
		doc_files_write(&files, &s->plan->set,
				&(struct doc_data){ .tests = t, .n_tests = n });
	free(t);
}

void session_report(const struct session *s)
{
	const struct plan *p = s->plan;
	struct stressor_summary *all;
	size_t n = 0;

	for (size_t i = 0; i < s->n_runs; i++)
		n += s->found[i].n_sums;
	all = calloc(n ? n : 1, sizeof(*all));
	if (all && n) {
		n = 0;
		for (size_t i = 0; i < s->n_runs; i++) {
			if (!s->found[i].n_sums)
				continue;	/* a skipped run: sums is NULL */
			memcpy(all + n, s->found[i].sums,
			       s->found[i].n_sums * sizeof(*all));
			n += s->found[i].n_sums;
		}
		report_table(all, n, p->set.metrics, recorder_more_lines, s->rec);
		recorder_report(s->rec);
		if (p->set.times)
			report_times(all, n, s->wall, p->ncpus);
	}
	free(all);
	if (s->interrupted)
		log_info("run interrupted by a signal, metrics cover the time run");
	log_info("%s run completed in %.2fs",
		 s->status == SK_OK ? "successful" : "unsuccessful", s->wall);
	if (p->set.settings) {
		/* stress-ng's layout: its name, then one padded line per setting */
		log_info("%s settings:", log_prefix());
		for (size_t i = 0; i < p->n_settings; i++)
			log_info(" %-20.20s %s (%s)", p->settings[i].name,
				 p->settings[i].value, p->settings[i].type);
	}
	if (doc_writers_asked(&p->set, DOC_FROM_PASS))
		session_pass_docs(s);
}

/* Forgets what the last pass found, so the next one starts afresh. */
static void session_reset(struct session *s)
{
	for (size_t i = 0; i < s->n_runs; i++) {
		struct session_run *r = &s->found[i];

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

/* What the passes' target is called: the option the user gave. */
static const char *session_until_name(const struct plan *p)
{
	return p->set.rep.automatic ? "--repeat auto, --confidence-target" : "--repeat-until";
}

/*
 * After a pass: whether --repeat-until's target stops the passes (said),
 * or that it was not reached by the last pass there will be.
 */
static bool session_until_done(const struct session *s, unsigned pass)
{
	const struct plan *p = s->plan;

	if (recorder_until_reached(s->rec)) {
		log_info("%s %g%%: reached after %u passes", session_until_name(p),
			 p->set.rep.until.pct, pass);
		return true;
	}
	if (p->set.rep.until.pct > 0 && (pass == p->repeat || s->interrupted))
		log_info("%s %g%%: not reached after %u passes (%s)",
			 session_until_name(p), p->set.rep.until.pct, pass,
			 s->interrupted ? "interrupted" : "the most");
	return false;
}

/* One pass in this process: the only way for a single pass. */
static int session_pass_here(struct session *s, unsigned pass)
{
	if (pass > 1)
		session_reset(s);
	session_execute(s);
	session_report(s);
	recorder_pass_done(s->rec, s->status);
	return s->status;
}

/* One pass in a process of its own, which prints its own table. */
static int session_pass_exec(struct session *s, struct pass_exec *pe)
{
	struct pass_exec_result res;

	pass_exec_run(pe, &res);
	recorder_pass_taken(s->rec, res.run, res.status, res.interrupted);
	/* the output's reader gone is a stop, as it is to a run */
	s->interrupted = res.interrupted || log_output_broken();
	return res.status;
}

/*
 * Before the passes of a --repeat that re-executes them: one pass run as
 * they are and not recorded. The first pass of an invocation is not a
 * sample of the rest: on a 2-CPU machine, beside the passes after it, it
 * ran 3% slower (a getppid() op), 4% faster (pipe) and 3% faster
 * (sendfile), medians over 240 invocations, and its spread was most of
 * theirs (sendfile's passes spread by 1.6% with it, 0.6% without). A
 * stop in it keeps it, interrupted, as a stop in a pass keeps that pass.
 */
static int session_warm_up(struct session *s, struct pass_exec *pe)
{
	struct pass_exec_result res;

	log_info("warm-up pass: run and not recorded");
	pass_exec_run(pe, &res);
	/* stopped in it: the only figures the user will have, said as such */
	if (res.interrupted)
		recorder_pass_taken(s->rec, res.run, res.status, res.interrupted);
	else
		json_decref(res.run);
	s->interrupted = res.interrupted || log_output_broken();
	return res.status;
}

int session_open(struct session *s)
{
	const struct plan *p = s->plan;
	char err[512];

	if (!(s->rec = recorder_begin(p, err, sizeof(err)))) {
		log_usage_error("%s", err);
		return SK_USAGE;
	}
	/* the modes' session: a profile's perf set, the tick hooks */
	if (!(s->mode_session = run_session_begin(&p->base))) {
		log_fail("cannot run: out of memory");
		return session_close(s, SK_NO_RESOURCE);
	}
	status_line_attach(&s->status_line, s->mode_session, &p->base, &s->progress);
	progress_attach(&s->progress, s->mode_session);
	return SK_OK;
}

int session_close(struct session *s, int status)
{
	status = recorder_end(s->rec, status);
	s->rec = NULL;
	run_session_end(s->mode_session);
	s->mode_session = NULL;
	return status;
}

/*
 * --repeat N: the whole list of runs N times, each pass with its table;
 * --repeat-until: until the intervals are narrow enough, N at most.
 * Several passes each run in a freshly executed process (pass_exec.h)
 * unless an option keeps them in this one; this process keeps the
 * document either way.
 */
static int session_repeat(struct session *s)
{
	const struct plan *p = s->plan;
	const char *in_process = "one pass";
	struct pass_exec *pe = NULL;
	char err[512], why[512];
	int rc = SK_OK;

	if (p->repeat > 1)
		in_process = pass_exec_refusal(p, why, sizeof(why));
	if (!in_process && !(pe = pass_exec_begin(p, err, sizeof(err)))) {
		log_usage_error("%s", err);
		return SK_USAGE;
	}
	if ((rc = session_open(s))) {
		pass_exec_end(pe);
		return rc;
	}
	if (in_process && p->repeat > 1)
		log_info("--repeat: the passes run in this process, not each in a "
			 "fresh one: %s", in_process);
	if (pe)
		rc = session_warm_up(s, pe);
	for (unsigned pass = 1; pass <= p->repeat && !s->interrupted; pass++) {
		if (p->set.rep.until.pct > 0)
			log_info("pass %u of at most %u", pass, p->repeat);
		else if (p->repeat > 1)
			log_info("pass %u of %u", pass, p->repeat);
		rc = status_worse(rc, pe ? session_pass_exec(s, pe) :
				  session_pass_here(s, pass));
		if (session_until_done(s, pass))
			break;
	}
	rc = session_close(s, rc);
	pass_exec_end(pe);
	return rc;
}

int session_main(const struct plan *plan)
{
	char out[PATH_MAX];
	struct session s;
	struct plan one;
	int rc;

	/* a pass of a coordinator's --repeat: its plan's one pass */
	if (!plan->set.dry_run && pass_exec_child(out, sizeof(out))) {
		pass_exec_child_plan(plan, out, &one);
		plan = &one;
	}
	if (session_init(&s, plan, plan->runs, plan->n_runs)) {
		log_fail("cannot plan the run: out of memory");
		session_free(&s);
		return SK_NO_RESOURCE;
	}
	if (plan->set.dry_run) {
		session_print_plan(&s);
		rc = SK_OK;
	} else {
		rc = session_repeat(&s);
	}
	rc = doc_writers_exit_status(&plan->set, rc);
	session_free(&s);
	return rc;
}
