/*
 * cli.c - parsing of the command line. Options are looked up in order:
 * the global table below, then "--NAME N" and "--NAME-ops N" of each
 * stressor, then each stressor's own option table. "--opt=value" and
 * "--opt value" are the same; short options take "-t 10" or "-t10".
 */
#include "cli.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "job.h"
#include "opts.h"
#include "parse.h"
#include "registry.h"
#include "scale.h"
#include "threads.h"
#include "sandbox.h"

enum global_type {
	G_FLAG,		/* bool at offset */
	G_TIMEOUT,	/* double at offset, sets timeout_set */
	G_STRING,	/* const char * at offset */
	G_ACTION,	/* sets the action to .action */
	G_TIME,		/* double seconds at offset */
	G_JOB,		/* reads a job file there and then */
	G_PLUGIN,	/* loaded before parsing (plugin_args.c): checked only */
};

struct global_opt {
	const char *name;
	char short_name;
	enum global_type type;
	size_t offset;
	enum cli_action action;
	const char *metavar;
	const char *help;
};

#define CFG(field) offsetof(struct cli_config, field)

static const struct global_opt global_opts[] = {
	{ "timeout", 't', G_TIMEOUT, CFG(timeout), 0, "TIME",
	  "stop each stressor after TIME (s m h d w y suffixes; default 60s; 0: no limit)" },
	{ "metrics", 'M', G_FLAG, CFG(metrics), 0, NULL,
	  "print the metrics table with CPU used per instance and RSS max" },
	{ "metrics-brief", 0, G_FLAG, CFG(metrics_brief), 0, NULL,
	  "print the metrics table (the default)" },
	{ "times", 0, G_FLAG, CFG(times), 0, NULL,
	  "print the run's user and system time and load averages" },
	{ "verify", 0, G_FLAG, CFG(verify), 0, NULL,
	  "check the results of each bogo-op where the stressor can" },
	{ "quiet", 'q', G_FLAG, CFG(quiet), 0, NULL,
	  "print only failures" },
	{ "verbose", 'v', G_FLAG, CFG(verbose), 0, NULL,
	  "print debug messages" },
	{ "temp-path", 0, G_STRING, CFG(temp_path), 0, "DIR",
	  "make the run directory in DIR (default: $TMPDIR or /tmp)" },
	{ "taskset", 0, G_STRING, CFG(taskset_str), 0, "LIST",
	  "run instances on these CPUs, e.g. 0,2-3" },
	{ "log-prefix", 0, G_STRING, CFG(log_prefix), 0, "WORD",
	  "first word of each output line (default stresskit; stress-ng for its parsers)" },
	{ "instance-mode", 0, G_STRING, CFG(instance_mode), 0, "MODE",
	  "run instances as processes (process, the default) or as threads of one process (thread)" },
	{ "scale", 0, G_FLAG, CFG(scale), 0, NULL,
	  "sweep the selected stressor from 1 to N instances, a --timeout run each; print the scaling table" },
	{ "scale-steps", 0, G_STRING, CFG(scale_steps), 0, "LIST",
	  "the instance counts of a --scale sweep, e.g. 1,2,4,8 (default 1..N)" },
	{ "scale-csv", 0, G_STRING, CFG(scale_csv), 0, "FILE",
	  "write the --scale table to FILE as CSV" },
	{ "scale-plot", 0, G_STRING, CFG(scale_plot), 0, "FILE",
	  "plot the --scale sweep to FILE as SVG" },
	{ "warmup", 0, G_TIME, CFG(warmup), 0, "TIME",
	  "run TIME before counting starts (each --scale step too); the timeout follows it" },
	{ "yaml", 'Y', G_STRING, CFG(yaml_path), 0, "FILE",
	  "write the results, configuration and system as YAML (stress-ng's layout)" },
	{ "json", 0, G_STRING, CFG(json_path), 0, "FILE",
	  "write the same results as JSON (what stresskit compare reads)" },
	{ "repeat", 0, G_STRING, CFG(repeat_str), 0, "N",
	  "run the whole plan N times; summary with mean and \u00b1%stddev" },
	{ "perf", 0, G_FLAG, CFG(perf), 0, NULL,
	  "count perf events per stressor (software always, hardware where exposed)" },
	{ "sandbox", 0, G_FLAG, CFG(sandbox), 0, NULL,
	  "run each instance under a seccomp allow-list of its stressor's syscalls" },
	{ "no-rand-seed", 0, G_FLAG, CFG(no_rand_seed), 0, NULL,
	  "accepted for stress-ng compatibility: stresskit's stressors use no random data" },
	{ "class", 0, G_STRING, CFG(compose.class_str), 0, "NAME[,NAME]",
	  "select the stressors of these classes, with --sequential or --all ('?' lists classes, 'NAME?' a class's stressors)" },
	{ "sequential", 0, G_STRING, CFG(compose.seq_str), 0, "N",
	  "run each selected stressor in turn, N instances for --timeout each (0: one per CPU)" },
	{ "seq", 0, G_STRING, CFG(compose.seq_str), 0, "N",
	  "the same as --sequential N" },
	{ "all", 'a', G_STRING, CFG(compose.all_str), 0, "N",
	  "run every selected stressor at once, N instances each (0: one per CPU)" },
	{ "parallel", 0, G_STRING, CFG(compose.all_str), 0, "N",
	  "the same as --all N" },
	{ "with", 0, G_STRING, CFG(compose.with_str), 0, "LIST",
	  "restrict --sequential or --all to these stressors: pipe,splice" },
	{ "exclude", 0, G_STRING, CFG(compose.exclude_str), 0, "LIST",
	  "leave these stressors out of any selection" },
	{ "plugin", 0, G_PLUGIN, 0, 0, "FILE.so",
	  "load the stressors of a plugin (repeatable; also STRESSKIT_PLUGIN_PATH)" },
	{ "job", 'j', G_JOB, 0, 0, "FILE",
	  "read options from a job file (one per line, no dashes; 'run sequential|parallel')" },
	{ "progress", 0, G_FLAG, CFG(compose.progress), 0, NULL,
	  "show a live progress line on stderr when it is a terminal" },
	{ "dry-run", 'n', G_FLAG, CFG(compose.dry_run), 0, NULL,
	  "print the plan (stressors, instances, timeouts, order) and start nothing" },
	{ "stressors", 0, G_ACTION, 0, CLI_LIST_STRESSORS, NULL,
	  "list the stressors" },
	{ "help", 'h', G_ACTION, 0, CLI_HELP, "[NAME]",
	  "this help, or a stressor's options" },
	{ "version", 'V', G_ACTION, 0, CLI_VERSION, NULL,
	  "print the version" },
	{ NULL, 0, 0, 0, 0, NULL, NULL },
};

static const struct global_opt *global_find(const char *name, char short_name)
{
	for (const struct global_opt *g = global_opts; g->name; g++)
		if (name ? !strcmp(g->name, name) : g->short_name == short_name)
			return g;
	return NULL;
}

bool cli_is_global_option(const char *name)
{
	return global_find(name, 0) != NULL;
}

void cli_usage(FILE *f)
{
	char left[64];

	fprintf(f, "usage: stresskit [OPTION]... --NAME N [--NAME N]...\n"
		   "       stresskit SUBCOMMAND [ARG]...\n\n"
		   "Runs N instances of each named stressor for the timeout and reports\n"
		   "bogo-ops per second, in stress-ng's format.\n\noptions:\n");
	for (const struct global_opt *g = global_opts; g->name; g++) {
		if (g->short_name)
			snprintf(left, sizeof(left), "-%c, --%s %s", g->short_name,
				 g->name, g->metavar ? g->metavar : "");
		else
			snprintf(left, sizeof(left), "    --%s %s", g->name,
				 g->metavar ? g->metavar : "");
		fprintf(f, "  %-28s %s\n", left, g->help);
	}
	fprintf(f, "  %-28s start N instances of a stressor (0: one per online CPU, N%%: a share)\n",
		"    --NAME N");
	fprintf(f, "  %-28s stop a stressor after N bogo-ops in all\n", "    --NAME-ops N");
	fprintf(f, "\nstressors:");
	for (size_t i = 0; i < registry_count(); i++)
		fprintf(f, " %s", registry_at(i)->name);
	fprintf(f, "\n");
	if (subcommand_count()) {
		fprintf(f, "\nsubcommands:\n");
		for (size_t i = 0; i < subcommand_count(); i++)
			fprintf(f, "  %-28s %s\n", subcommand_at(i)->name,
				subcommand_at(i)->summary);
	}
	fprintf(f, "\nexit codes: 0 success, 1 bad arguments, 2 a stressor failed,\n"
		   "3 no resource, 4 not implemented, 5 killed by a signal,\n"
		   "7 metrics untrustworthy\n");
}

static int cli_global(const struct global_opt *g, const char *shown,
		      const char *val, struct cli_config *cfg,
		      char *err, size_t errlen)
{
	void *field = (char *)cfg + g->offset;
	int rc;

	switch (g->type) {
	case G_FLAG:
		*(bool *)field = true;
		return 0;
	case G_ACTION:
		cfg->action = g->action;
		return 0;
	case G_STRING:
		if (!*val) {
			snprintf(err, errlen, "%s needs a value", shown);
			return -EINVAL;
		}
		*(const char **)field = val;
		return 0;
	case G_JOB:
		return job_load(val, cfg, err, errlen);
	case G_PLUGIN:
		if (!*val) {
			snprintf(err, errlen, "%s needs a value", shown);
			return -EINVAL;
		}
		return 0;
	case G_TIMEOUT:
		rc = parse_time(val, (double *)field);
		if (rc) {
			snprintf(err, errlen, "invalid %s '%s': expected a time of 0 or more, "
				 "like 10, 10s, 5m, 2h (suffixes s m h d w y)", shown, val);
			return rc;
		}
		cfg->timeout_set = true;
		return 0;
	case G_TIME:
		rc = parse_time(val, (double *)field);
		if (rc)
			snprintf(err, errlen, "invalid %s '%s': expected a time of 0 or more, "
				 "like 2, 2s, 1m (suffixes s m h d w y)", shown, val);
		return rc;
	}
	return -EINVAL;
}

static int cli_stressor_count(const struct stressor *s, struct stressor_choice *c,
			      const char *val, unsigned ncpus,
			      char *err, size_t errlen)
{
	int rc = parse_instances(val, ncpus, &c->instances);

	if (rc) {
		snprintf(err, errlen, "invalid --%s '%s': expected an instance count "
			 "from 0 to %d (0 or negative: one per online CPU, N%%: a share of them)",
			 s->name, val, INSTANCES_MAX);
		return rc;
	}
	c->selected = true;
	return 0;
}

static int cli_stressor_ops(const struct stressor *s, struct stressor_choice *c,
			    const char *val, char *err, size_t errlen)
{
	int rc = parse_u64(val, &c->ops);

	if (rc)
		snprintf(err, errlen, "invalid --%s-ops '%s': expected a whole number "
			 "of bogo-ops from 0 to %llu", s->name, val,
			 (unsigned long long)UINT64_MAX);
	return rc;
}

/*
 * Finds what --name refers to among the stressors. Returns 1 when found,
 * with *s and either *kind (0: --NAME, 1: --NAME-ops) or *opt set.
 */
static int cli_find_stressor_opt(const char *name, const struct stressor **s,
				 int *kind, const struct stressor_opt **opt,
				 size_t *index)
{
	size_t len = strlen(name);

	for (size_t i = 0; i < registry_count(); i++) {
		const struct stressor *r = registry_at(i);
		size_t nl = strlen(r->name);

		*index = i;
		*s = r;
		*opt = NULL;
		if (!strcmp(name, r->name)) {
			*kind = 0;
			return 1;
		}
		if (len == nl + 4 && !strncmp(name, r->name, nl) &&
		    !strcmp(name + nl, "-ops")) {
			*kind = 1;
			return 1;
		}
		*opt = opts_find(r, name);
		if (*opt)
			return 1;
	}
	return 0;
}

static int cli_alloc(struct cli_config *cfg)
{
	size_t n = registry_count();

	cfg->choice = calloc(n ? n : 1, sizeof(*cfg->choice));
	if (!cfg->choice)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const struct stressor *s = registry_at(i);

		if (!s->opts_size)
			continue;
		cfg->choice[i].opts = calloc(1, s->opts_size);
		if (!cfg->choice[i].opts)
			return -ENOMEM;
		opts_fill_defaults(s, cfg->choice[i].opts);
	}
	return 0;
}

/* Splits "--name=value" or takes the next argument as the value. */
static const char *cli_value(int argc, char **argv, int *i, const char *inline_val,
			     const char *shown, char *err, size_t errlen)
{
	if (inline_val)
		return inline_val;
	if (*i + 1 >= argc) {
		snprintf(err, errlen, "%s needs a value", shown);
		return NULL;
	}
	return argv[++*i];
}

static int cli_long(int argc, char **argv, int *i, struct cli_config *cfg,
		    char *err, size_t errlen)
{
	char name[128], shown[136];
	const char *arg = argv[*i] + 2, *eq = strchr(arg, '='), *val;
	const struct global_opt *g;
	const struct stressor *s;
	const struct stressor_opt *o;
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg), idx;
	int kind = 0;

	if (len == 0 || len >= sizeof(name)) {
		snprintf(err, errlen, "invalid option '%s' (see stresskit --help)", argv[*i]);
		return -EINVAL;
	}
	memcpy(name, arg, len);
	name[len] = '\0';
	snprintf(shown, sizeof(shown), "--%s", name);

	g = global_find(name, 0);
	if (g) {
		if (g->type == G_ACTION && g->action == CLI_HELP) {
			const char *next = eq ? eq + 1 :
				(*i + 1 < argc && argv[*i + 1][0] != '-' ? argv[++*i] : NULL);

			cfg->action = CLI_HELP;
			if (next) {
				cfg->help_stressor = registry_find(next);
				if (!cfg->help_stressor) {
					snprintf(err, errlen, "--help: unknown stressor '%s' "
						 "(see stresskit --stressors)", next);
					return -EINVAL;
				}
				cfg->action = CLI_HELP_STRESSOR;
			}
			return 0;
		}
		if (g->type == G_FLAG || g->type == G_ACTION) {
			if (eq) {
				snprintf(err, errlen, "%s takes no value", shown);
				return -EINVAL;
			}
			return cli_global(g, shown, NULL, cfg, err, errlen);
		}
		val = cli_value(argc, argv, i, eq ? eq + 1 : NULL, shown, err, errlen);
		return val ? cli_global(g, shown, val, cfg, err, errlen) : -EINVAL;
	}
	if (!cli_find_stressor_opt(name, &s, &kind, &o, &idx)) {
		snprintf(err, errlen, "unknown option %s (see stresskit --help)", shown);
		return -ENOENT;
	}
	if (o && opts_is_flag(o))
		return opts_set(o, cfg->choice[idx].opts, eq ? eq + 1 : NULL,
				err, errlen);
	val = cli_value(argc, argv, i, eq ? eq + 1 : NULL, shown, err, errlen);
	if (!val)
		return -EINVAL;
	if (o)
		return opts_set(o, cfg->choice[idx].opts, val, err, errlen);
	if (kind == 0)
		return cli_stressor_count(s, &cfg->choice[idx], val, cfg->ncpus,
					  err, errlen);
	return cli_stressor_ops(s, &cfg->choice[idx], val, err, errlen);
}

static int cli_short(int argc, char **argv, int *i, struct cli_config *cfg,
		     char *err, size_t errlen)
{
	const char *arg = argv[*i];
	const struct global_opt *g = arg[1] ? global_find(NULL, arg[1]) : NULL;
	char shown[4] = { '-', arg[1], '\0' };
	const char *val;

	if (!g) {
		snprintf(err, errlen, "unknown option %s (see stresskit --help)", arg);
		return -EINVAL;
	}
	if (g->type == G_FLAG || g->type == G_ACTION) {
		if (arg[2]) {
			snprintf(err, errlen, "unknown option %s (see stresskit --help)", arg);
			return -EINVAL;
		}
		return cli_global(g, shown, NULL, cfg, err, errlen);
	}
	val = cli_value(argc, argv, i, arg[2] ? arg + 2 : NULL, shown, err, errlen);
	return val ? cli_global(g, shown, val, cfg, err, errlen) : -EINVAL;
}

int cli_parse_args(int argc, char **argv, struct cli_config *cfg,
		   char *err, size_t errlen)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		int rc;

		if (a[0] == '-' && a[1] == '-')
			rc = cli_long(argc, argv, &i, cfg, err, errlen);
		else if (a[0] == '-' && a[1])
			rc = cli_short(argc, argv, &i, cfg, err, errlen);
		else {
			snprintf(err, errlen, "unexpected argument '%s' (see stresskit --help)", a);
			rc = -EINVAL;
		}
		if (rc)
			return rc;
	}
	return 0;
}

int cli_parse(int argc, char **argv, struct cli_config *cfg,
	      char *err, size_t errlen)
{
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	bool any = false, any_ops = false;
	int rc, first = 1;

	memset(cfg, 0, sizeof(*cfg));
	cfg->argc = argc;
	cfg->argv = argv;
	cfg->ncpus = ncpus > 0 ? (unsigned)ncpus : 1;
	cfg->timeout = CLI_DEFAULT_TIMEOUT;
	cfg->temp_path = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	cfg->log_prefix = "stresskit";
	cfg->repeat = 1;
	if (cli_alloc(cfg)) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	/* "stresskit job.txt [OPTION]...": a job file as the first argument */
	if (argc > 1 && argv[1][0] != '-') {
		rc = job_load(argv[1], cfg, err, errlen);
		if (rc)
			return rc;
		first = 2;
	}
	rc = cli_parse_args(argc - first, argv + first, cfg, err, errlen);
	if (rc)
		return rc;
	if (cfg->taskset_str) {
		rc = parse_cpu_list(cfg->taskset_str, cfg->taskset);
		if (rc) {
			snprintf(err, errlen, "invalid --taskset '%s': expected a CPU list "
				 "like 0,2-3 (CPUs 0 to 1023)", cfg->taskset_str);
			return rc;
		}
		cfg->have_taskset = true;
	}
	if (cfg->repeat_str) {
		uint64_t n;

		if (parse_u64(cfg->repeat_str, &n) || n < 1 || n > CLI_REPEAT_MAX) {
			snprintf(err, errlen, "invalid --repeat '%s': expected a whole number "
				 "of runs from 1 to %d", cfg->repeat_str, CLI_REPEAT_MAX);
			return -EINVAL;
		}
		cfg->repeat = (unsigned)n;
	}
	if (cfg->log_prefix && (!*cfg->log_prefix || strpbrk(cfg->log_prefix, " \t\n"))) {
		snprintf(err, errlen, "invalid --log-prefix '%s': expected one word",
			 cfg->log_prefix);
		return -EINVAL;
	}
	rc = compose_resolve(cfg, err, errlen);
	if (rc)
		return rc;
	for (size_t i = 0; i < registry_count(); i++) {
		any |= cfg->choice[i].selected;
		any_ops |= cfg->choice[i].selected && cfg->choice[i].ops;
		if (cfg->sandbox && cfg->choice[i].selected &&
		    (rc = sandbox_check(registry_at(i), err, errlen)))
			return rc;
	}
	if (cfg->action == CLI_RUN && !any) {
		snprintf(err, errlen, "no stressor selected: give --NAME N "
			 "(see stresskit --stressors)");
		return -EINVAL;
	}
	rc = threads_cli_check(cfg, err, errlen);
	if (!rc)
		rc = scale_cli_check(cfg, err, errlen);
	if (rc)
		return rc;
	/* --NAME-ops alone runs until the ops are done, as stress-ng does. */
	if (!cfg->timeout_set && any_ops)
		cfg->timeout = 0;
	return 0;
}

void cli_free(struct cli_config *cfg)
{
	for (size_t i = 0; cfg->choice && i < registry_count(); i++)
		free(cfg->choice[i].opts);
	free(cfg->choice);
	cfg->choice = NULL;
	free(cfg->compose.job_buf);
	cfg->compose.job_buf = NULL;
}

int cli_plan(const struct cli_config *cfg, struct run_plan *plan)
{
	size_t n = 0;

	memset(plan, 0, sizeof(*plan));
	plan->entries = calloc(registry_count() ? registry_count() : 1,
			       sizeof(*plan->entries));
	if (!plan->entries)
		return -ENOMEM;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct stressor_choice *c = &cfg->choice[i];

		if (!c->selected || c->instances == 0)
			continue;
		plan->entries[n++] = (struct plan_entry){
			.stressor = registry_at(i),
			.opts = c->opts,
			.instances = c->instances,
			.max_ops = c->ops,
		};
	}
	plan->n = n;
	plan->timeout = cfg->timeout;
	plan->grace = 1.0;
	plan->warmup = cfg->warmup;
	plan->threads = cfg->threads;
	plan->verify = cfg->verify;
	plan->verbose = cfg->verbose;
	plan->sandbox = cfg->sandbox;
	plan->temp_path = cfg->temp_path;
	plan->have_taskset = cfg->have_taskset;
	memcpy(plan->taskset, cfg->taskset, sizeof(plan->taskset));
	return 0;
}

void cli_plan_free(struct run_plan *plan)
{
	free(plan->entries);
	plan->entries = NULL;
}
