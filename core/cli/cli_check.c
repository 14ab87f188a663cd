/*
 * cli_check.c - what holds for the whole command line once it is read:
 * the run modes' own checks, --repeat's, the composition, the sandbox,
 * a stressor selected, the instance mode each stressor allows, --scale
 * and --ktap against the options they exclude.
 */
#include "cli_check.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "compose.h"
#include "log.h"
#include "registry.h"
#include "repeat_opts.h"
#include "run_mode.h"
#include "sandbox.h"

/*
 * The instance mode: thread mode is refused for a stressor that forks or
 * changes process state, process mode for one whose instances share
 * memory as threads. both is a will-it-scale sweep's, LKP's mode word, and
 * that format's default; under both, the plan leaves out the mode a
 * stressor refuses, as runtest.py writes 0 for a mode it did not run.
 */
static int cli_check_threads(struct cli_config *cfg, char *err, size_t errlen)
{
	bool threads = cfg->set.instance_kind == CLI_THREADS;
	bool wis = cfg->set.scale_format == CLI_SCALE_WIS;

	if (wis && !cfg->given[G_INSTANCE_MODE])
		cfg->set.instance_kind = CLI_BOTH;
	if (cfg->set.instance_kind == CLI_BOTH) {
		if (wis || cfg->action != CLI_RUN)
			return 0;
		snprintf(err, errlen, "--instance-mode both runs each step as processes "
			 "and as threads: it needs --scale-format will-it-scale");
		return -EINVAL;
	}
	for (size_t i = 0; i < registry_count(); i++) {
		const struct stressor *s = registry_at(i);

		if (!cfg->choice[i].selected || stressor_kind_fits(s, threads))
			continue;
		if (threads)
			snprintf(err, errlen, "%s cannot run with --instance-mode thread: "
				 "it forks or changes process-wide state", s->name);
		else
			snprintf(err, errlen, "%s runs only with --instance-mode thread: "
				 "its instances share one address space", s->name);
		return -EINVAL;
	}
	return 0;
}

/* --scale sweeps exactly one stressor; its options imply it. */
static int cli_check_scale(struct cli_config *cfg, char *err, size_t errlen)
{
	size_t selected = 0, which = 0;

	if (cfg->given[G_SCALE_STEPS] || cfg->given[G_SCALE_FORMAT] || cfg->set.scale_csv ||
	    cfg->set.scale_plot)
		cfg->set.scale = true;
	if (!cfg->set.scale || cfg->action != CLI_RUN)
		return 0;
	/* a sweep is one pass of its own: --json, --yaml and --perf keep its steps */
	if (cfg->set.repeat > 1 || cfg->set.dry_run) {
		snprintf(err, errlen, "--scale does not combine with --repeat or --dry-run: "
			 "run the sweep again to repeat it");
		return -EINVAL;
	}
	for (size_t i = 0; i < registry_count(); i++)
		if (cfg->choice[i].selected)
			selected++, which = i;
	if (selected != 1) {
		snprintf(err, errlen, "--scale sweeps one stressor: select exactly one with --NAME N");
		return -EINVAL;
	}
	if (cfg->given[G_TIMEOUT] && cfg->set.timeout <= 0) {
		snprintf(err, errlen, "--scale needs a --timeout above 0 for each step");
		return -EINVAL;
	}
	if (!cfg->set.scale_steps.n && cfg->choice[which].instances > OPT_LIST_MAX) {
		snprintf(err, errlen, "--scale: at most %d steps; choose them with --scale-steps",
			 OPT_LIST_MAX);
		return -ERANGE;
	}
	return 0;
}

/* A KTAP report is one document over one pass: nothing to report of a
 * dry run, and a sweep or a repeat would be several. */
static int cli_check_ktap(const struct cli_config *cfg, char *err, size_t errlen)
{
	if (!cfg->set.ktap || cfg->action != CLI_RUN)
		return 0;
	if (cfg->set.scale || cfg->set.repeat > 1 || cfg->set.rep.until.pct > 0 || cfg->set.dry_run) {
		snprintf(err, errlen, "--ktap reports one run: it does not combine with "
			 "--scale, --repeat, --repeat-until or --dry-run");
		return -EINVAL;
	}
	return 0;
}

/* Each run mode's own check of its options, once the line is read. */
static int cli_check_modes(struct cli_config *cfg, char *err, size_t errlen)
{
	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_modes_at(i);
		int rc = m->check && cfg->mode_opts[i] ?
			 m->check(cfg->mode_opts[i], &cfg->mode_given[i], err, errlen) : 0;

		if (rc)
			return rc;
	}
	return 0;
}

int cli_check(struct cli_config *cfg, char *err, size_t errlen)
{
	bool any = false;
	int rc;

	rc = cli_check_modes(cfg, err, errlen);
	if (!rc)
		rc = repeat_cli_check(cfg, err, errlen);
	if (!rc)
		rc = compose_resolve(cfg, err, errlen);
	if (rc)
		return rc;
	for (size_t i = 0; i < registry_count(); i++) {
		any |= cfg->choice[i].selected;
		if (cfg->set.sandbox && cfg->choice[i].selected &&
		    (rc = sandbox_check(registry_at(i), err, errlen)))
			return rc;
	}
	/* only stressors the drop-in skips: their line, then exit 0 */
	if (cfg->action == CLI_RUN && !any && cfg->ng_skipped.n)
		cfg->action = CLI_SKIPPED_ONLY;
	if (cfg->action == CLI_RUN && !any) {
		snprintf(err, errlen, "no stressor selected: give --NAME N "
			 "(see stresskit --stressors)");
		return -EINVAL;
	}
	/* stress-ng places nothing: its drop-in neither */
	if (!cfg->given[G_PLACEMENT] && !strcmp(log_program_name(), "stress-ng"))
		cfg->set.placement = PLACE_FREE;
	rc = cli_check_threads(cfg, err, errlen);
	if (!rc)
		rc = cli_check_scale(cfg, err, errlen);
	return rc ? rc : cli_check_ktap(cfg, err, errlen);
}
