/*
 * cli.c - parsing of the command line. Options are looked up in order:
 * the global rows (cli_table.c), then "--NAME N" and "--NAME-ops N" of each
 * stressor, then each stressor's own option table; every value goes through
 * the one option engine (opts.c) into its final form. "--opt=value" and
 * "--opt value" are the same; short options take "-t 10" or "-t10".
 */
#include "cli.h"
#include "cli_check.h"
#include "compat.h"
#include "log.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "opts.h"
#include "parse.h"
#include "registry.h"
#include "run_mode.h"

static int cli_job_line(void *arg, int argc, char **argv, char *msg, size_t msglen);
static const char *cli_value(int argc, char **argv, int *i, const char *inline_val,
			     const char *shown, char *err, size_t errlen);

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
	/* each run mode's options struct, its defaults filled */
	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_modes_at(i);

		if (!m->opts_size)
			continue;
		cfg->mode_opts[i] = calloc(1, m->opts_size);
		if (!cfg->mode_opts[i])
			return -ENOMEM;
		for (const struct run_mode_opt *o = m->opts; o && o->opt.name; o++)
			opts_fill_row(&o->opt, cfg->mode_opts[i]);
	}
	return 0;
}

/* --name among the run modes' option rows: 1 with *row and *index set. */
static int cli_find_mode_opt(const char *name, const struct run_mode_opt **row,
			     size_t *index)
{
	for (size_t i = 0; i < run_modes_count(); i++)
		for (const struct run_mode_opt *o = run_modes_at(i)->opts; o && o->opt.name; o++)
			if (!strcmp(o->opt.name, name)) {
				*row = o;
				*index = i;
				return 1;
			}
	return 0;
}

/* A run mode's option: its row of the engine over the mode's struct. */
static int cli_mode_opt(int argc, char **argv, int *i, const char *eq,
			const char *shown, struct cli_config *cfg, char *err,
			size_t errlen)
{
	const struct run_mode_opt *o;
	const char *val = NULL;
	size_t m, row;

	if (!cli_find_mode_opt(shown + 2, &o, &m))
		return -ENOENT;
	if (opts_is_flag(&o->opt)) {
		if (eq) {
			snprintf(err, errlen, "%s takes no value", shown);
			return -EINVAL;
		}
	} else if (!(val = cli_value(argc, argv, i, eq ? eq + 1 : NULL, shown, err, errlen))) {
		return -EINVAL;
	}
	row = (size_t)(o - run_modes_at(m)->opts);
	cfg->mode_given[m].rows |= UINT64_C(1) << row;
	if (row < RUN_MODE_ROWS)
		cfg->mode_given[m].typed[row] = val;
	return opts_set(&o->opt, cfg->mode_opts[m], val, err, errlen);
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

/* --class 'NAME?' or '?': a listing, not a run. */
static int cli_class_query(struct cli_config *cfg, const struct cli_row *r,
			   const char *val, char *err, size_t errlen)
{
	size_t len = strlen(val);
	char buf[256];

	if (len >= sizeof(buf)) {
		snprintf(err, errlen, "invalid --class: too long");
		return -EINVAL;
	}
	memcpy(buf, val, len - 1);
	buf[len - 1] = '\0';
	cfg->action = CLI_LIST_CLASS;
	cfg->compose.list_class = val;
	if (!buf[0])
		return 0;
	return opts_set(&r->opt, &cfg->set, buf, err, errlen);
}

/* Applies a global row; val is NULL for a flag or an action. */
static int cli_global(const struct cli_row *r, const char *val,
		      struct cli_config *cfg, char *err, size_t errlen)
{
	enum cli_global g;

	if (r->alias_of)
		r = &cli_rows[r->same_as];
	g = (enum cli_global)(r - cli_rows);
	if (r->action) {
		cfg->action = r->action;
		return 0;
	}
	if (r->job)
		return job_load(val, &cfg->job, cli_job_line, cfg, err, errlen);
	cfg->given[g] = cfg->in_job ? GIVEN_JOB : GIVEN_LINE;
	cfg->typed[g] = val;
	if (g == G_CLASS && *val && val[strlen(val) - 1] == '?')
		return cli_class_query(cfg, r, val, err, errlen);
	return opts_set(&r->opt, &cfg->set, val, err, errlen);
}

/* --help [NAME]: the NAME is optional, so it is taken only when it is no option. */
static int cli_help(int argc, char **argv, int *i, const char *eq,
		    struct cli_config *cfg, char *err, size_t errlen)
{
	const char *next = eq ? eq + 1 :
		(*i + 1 < argc && argv[*i + 1][0] != '-' ? argv[++*i] : NULL);

	cfg->action = CLI_HELP;
	if (!next)
		return 0;
	cfg->help_stressor = registry_find(next);
	if (!cfg->help_stressor) {
		snprintf(err, errlen, "--help: unknown stressor '%s' "
			 "(see stresskit --stressors)", next);
		return -EINVAL;
	}
	cfg->action = CLI_HELP_STRESSOR;
	return 0;
}

/* --NAME N, --NAME-ops N: rows of the engine over the stressor's choice. */
static int cli_stressor_count(const char *name, int kind, struct stressor_choice *c,
			      const char *val, char *err, size_t errlen)
{
	const struct stressor_opt count = {
		.name = name, .type = OPT_INSTANCES,
		.offset = offsetof(struct stressor_choice, instances),
	};
	const struct stressor_opt ops = {
		.name = name, .type = OPT_COUNT,
		.offset = offsetof(struct stressor_choice, ops), .max = UINT64_MAX,
		.expect = "a whole number of bogo-ops from 0 to 18446744073709551615",
	};
	int rc = opts_set(kind ? &ops : &count, c, val, err, errlen);

	if (!rc && !kind)
		c->selected = true;
	return rc;
}

/*
 * Called as stress-ng: --NAME N or --NAME-ops N of a stressor stress-ng
 * has and stresskit lacks is skipped (ng_skip.c), its value checked as
 * a stressor's. -ENOENT: not such a name.
 */
static int cli_ng_skip(int argc, char **argv, int *i, const char *eq, const char *name,
		       const char *shown, struct cli_config *cfg, char *err, size_t errlen)
{
	const char *kept = argv[*i] + 2;	/* outlives name: the report's */
	size_t len = strlen(name);
	bool ops = len > 4 && !strcmp(name + len - 4, "-ops") &&
		   ng_skip_applies(name, len - 4);
	struct stressor_choice c = { 0 };
	const char *val;
	int rc;

	if (!ops && !ng_skip_applies(name, len))
		return -ENOENT;
	val = cli_value(argc, argv, i, eq ? eq + 1 : NULL, shown, err, errlen);
	if (!val)
		return -EINVAL;
	rc = cli_stressor_count(name, ops, &c, val, err, errlen);
	if (rc || ops)
		return rc;
	return ng_skip_add(&cfg->ng_skipped, kept, len, c.instances, err, errlen);
}

static int cli_long(int argc, char **argv, int *i, struct cli_config *cfg,
		    char *err, size_t errlen)
{
	char name[128], shown[136];
	const char *arg = argv[*i] + 2, *eq = strchr(arg, '='), *val;
	const struct cli_row *g;
	const struct stressor *s;
	const struct stressor_opt *o;
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg), idx;
	int kind = 0, rc;

	if (len == 0 || len >= sizeof(name)) {
		snprintf(err, errlen, "invalid option '%s' (see stresskit --help)", argv[*i]);
		return -EINVAL;
	}
	memcpy(name, arg, len);
	name[len] = '\0';
	snprintf(shown, sizeof(shown), "--%s", name);

	g = cli_find_row(name, 0);
	if (g && g->action == CLI_HELP)
		return cli_help(argc, argv, i, eq, cfg, err, errlen);
	if (g && (g->action || g->opt.type == OPT_BOOL) && !g->alias_of) {
		if (eq) {
			snprintf(err, errlen, "%s takes no value", shown);
			return -EINVAL;
		}
		return cli_global(g, NULL, cfg, err, errlen);
	}
	if (g && !strcmp(name, "plugin") &&
	    ng_skip_plugin_stressor(eq ? eq + 1 : *i + 1 < argc ? argv[*i + 1] : NULL))
		return cli_ng_skip(argc, argv, i, eq, name, shown, cfg, err, errlen);
	if (g) {
		val = cli_value(argc, argv, i, eq ? eq + 1 : NULL, shown, err, errlen);
		return val ? cli_global(g, val, cfg, err, errlen) : -EINVAL;
	}
	rc = cli_mode_opt(argc, argv, i, eq, shown, cfg, err, errlen);
	if (rc != -ENOENT)
		return rc;
	if (!cli_find_stressor_opt(name, &s, &kind, &o, &idx)) {
		const char *why;

		rc = cli_ng_skip(argc, argv, i, eq, name, shown, cfg, err, errlen);
		if (rc != -ENOENT)
			return rc;
		if (compat_unsupported(name, &why))
			snprintf(err, errlen, "stress-ng's %s is not implemented by "
				 "stresskit%s%s", shown, why ? ": " : "", why ? why : "");
		else
			snprintf(err, errlen, "unknown option %s (see stresskit --help)", shown);
		return -ENOENT;
	}
	if (o)
		cfg->choice[idx].opts_given |= UINT64_C(1) << (o - s->opts);
	if (o && opts_is_flag(o))
		return opts_set(o, cfg->choice[idx].opts, eq ? eq + 1 : NULL,
				err, errlen);
	val = cli_value(argc, argv, i, eq ? eq + 1 : NULL, shown, err, errlen);
	if (!val)
		return -EINVAL;
	if (o)
		return opts_set(o, cfg->choice[idx].opts, val, err, errlen);
	return cli_stressor_count(name, kind, &cfg->choice[idx], val, err, errlen);
}

static int cli_short(int argc, char **argv, int *i, struct cli_config *cfg,
		     char *err, size_t errlen)
{
	const char *arg = argv[*i];
	const struct cli_row *g = arg[1] ? cli_find_row(NULL, arg[1]) : NULL;
	char shown[4] = { '-', arg[1], '\0' };
	const char *val;

	if (!g) {
		snprintf(err, errlen, "unknown option %s (see stresskit --help)", arg);
		return -EINVAL;
	}
	if (g->action || g->opt.type == OPT_BOOL) {
		if (arg[2]) {
			snprintf(err, errlen, "unknown option %s (see stresskit --help)", arg);
			return -EINVAL;
		}
		return cli_global(g, NULL, cfg, err, errlen);
	}
	val = cli_value(argc, argv, i, arg[2] ? arg + 2 : NULL, shown, err, errlen);
	return val ? cli_global(g, val, cfg, err, errlen) : -EINVAL;
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

/* A job file's option line: the same parser, marked as from the job. */
static int cli_job_line(void *arg, int argc, char **argv, char *msg, size_t msglen)
{
	struct cli_config *cfg = arg;
	int rc;

	cfg->in_job = true;
	rc = cli_parse_args(argc, argv, cfg, msg, msglen);
	cfg->in_job = false;
	return rc;
}

int cli_parse(int argc, char **argv, struct cli_config *cfg,
	      char *err, size_t errlen)
{
	const char *tmp = getenv("TMPDIR");
	int rc, first = 1;

	memset(cfg, 0, sizeof(*cfg));
	cfg->argc = argc;
	cfg->argv = argv;
	cfg->ncpus = parse_online_cpus();
	for (size_t i = 0; i < G_COUNT; i++)
		if (!cli_rows[i].action && !cli_rows[i].job && !cli_rows[i].alias_of)
			opts_fill_row(&cli_rows[i].opt, &cfg->set);
	cfg->set.temp_path = tmp && *tmp ? tmp : "/tmp";
	/* Invoked as stress-ng (main.c), its prefix is the default. */
	cfg->set.log_prefix = log_prefix();
	if (cli_alloc(cfg)) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	/* "stresskit job.txt [OPTION]...": a job file as the first argument */
	if (argc > 1 && argv[1][0] != '-') {
		rc = job_load(argv[1], &cfg->job, cli_job_line, cfg, err, errlen);
		if (rc)
			return rc;
		first = 2;
	}
	rc = cli_parse_args(argc - first, argv + first, cfg, err, errlen);
	return rc ? rc : cli_check(cfg, err, errlen);
}

void cli_free(struct cli_config *cfg)
{
	for (size_t i = 0; cfg->choice && i < registry_count(); i++)
		free(cfg->choice[i].opts);
	free(cfg->choice);
	cfg->choice = NULL;
	for (size_t i = 0; i < RUN_MODES_MAX; i++) {
		free(cfg->mode_opts[i]);
		cfg->mode_opts[i] = NULL;
	}
	free(cfg->job.buf);
	cfg->job.buf = NULL;
}
