/*
 * cli_table.c - the global options: one row of the option engine each
 * (opts.h), the same engine the stressors' tables go through, and the
 * usage text printed from them.
 */
#include "cli.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "classes.h"
#include "compose.h"
#include "opts.h"
#include "parse.h"
#include "profile.h"
#include "registry.h"
#include "repeat_opts.h"
#include "run_mode.h"

#define SET(field) offsetof(struct settings, field)

static const char *const cli_instance_modes[] = { "process", "thread", "both", NULL };
static const char *const cli_scale_formats[] = { "stresskit", "will-it-scale", NULL };

/* The largest time parse_time() takes: far beyond any run. */
#define CLI_TIME_MAX 1000000000000ULL

const struct cli_row cli_rows[G_COUNT] = {
	[G_TIMEOUT] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_REFUSE,
		.short_name = 't', .metavar = "TIME", .opt = {
		.name = "timeout", .type = OPT_TIME, .offset = SET(timeout),
		.max = CLI_TIME_MAX,
		.expect = "a time of 0 or more, like 10, 10s, 5m, 2h (suffixes ms s m h d w y)",
		.help = "stop each stressor after TIME (ms s m h d w y suffixes; default 60s; 0: no limit)" } },
	[G_METRICS] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.short_name = 'M', .opt = {
		.name = "metrics", .type = OPT_BOOL, .offset = SET(metrics),
		.help = "print the metrics table with CPU used per instance and RSS max" } },
	[G_METRICS_BRIEF] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.opt = {
		.name = "metrics-brief", .type = OPT_BOOL, .offset = SET(metrics_brief),
		.help = "print the metrics table (the default)" } },
	[G_TIMES] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.opt = {
		.name = "times", .type = OPT_BOOL, .offset = SET(times),
		.help = "print the run's user and system time and load averages" } },
	[G_VERIFY] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_REFUSE,
		.opt = {
		.name = "verify", .type = OPT_BOOL, .offset = SET(verify),
		.help = "check the results of each bogo-op where the stressor can" } },
	[G_QUIET] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.short_name = 'q', .opt = {
		.name = "quiet", .type = OPT_BOOL, .offset = SET(quiet),
		.help = "print only failures" } },
	[G_VERBOSE] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.short_name = 'v', .opt = {
		.name = "verbose", .type = OPT_BOOL, .offset = SET(verbose),
		.help = "print debug messages" } },
	[G_TEMP_PATH] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_NOTE,
		.metavar = "DIR", .opt = {
		.name = "temp-path", .type = OPT_STRING, .offset = SET(temp_path),
		.flags = OPT_DIR,
		.help = "make the run directory in DIR (default: $TMPDIR or /tmp)" } },
	[G_TASKSET] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_REFUSE,
		.metavar = "LIST", .opt = {
		.name = "taskset", .type = OPT_CPU_LIST, .offset = SET(taskset),
		.help = "run instances on these CPUs, e.g. 0,2-3" } },
	[G_LOG_PREFIX] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.metavar = "WORD", .opt = {
		.name = "log-prefix", .type = OPT_STRING, .offset = SET(log_prefix),
		.def_str = "stresskit", .flags = OPT_ONE_WORD,
		.help = "first word of each output line (default stresskit; stress-ng for its parsers)" } },
	[G_INSTANCE_MODE] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_REFUSE,
		.metavar = "process|thread|both", .opt = {
		.name = "instance-mode", .type = OPT_CHOICE, .offset = SET(instance_kind),
		.choices = cli_instance_modes, .def = CLI_PROCESSES,
		.expect = "process, thread or both",
		.help = "run instances as processes (process, the default) or as threads of one process (thread); "
			"both: each --scale-format will-it-scale step in each mode (that format's default, LKP's mode)" } },
	[G_SCALE] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_REFUSE,
		.opt = {
		.name = "scale", .type = OPT_BOOL, .offset = SET(scale),
		.help = "sweep the selected stressor from 1 to N instances, a --timeout run each; print the scaling table" } },
	[G_SCALE_STEPS] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_NOTE,
		.metavar = "LIST", .opt = {
		.name = "scale-steps", .type = OPT_LIST, .offset = SET(scale_steps),
		.min = 1, .max = INSTANCES_MAX, .flags = OPT_INCREASING,
		.expect = "increasing instance counts from 1 to 8192, like 1,2,4,8 (at most 256)",
		.help = "the instance counts of a --scale sweep, e.g. 1,2,4,8 (default 1..N)" } },
	[G_SCALE_CSV] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.metavar = "FILE", .opt = {
		.name = "scale-csv", .type = OPT_STRING, .offset = SET(scale_csv),
		.flags = OPT_OUT_FILE,
		.help = "write the --scale table to FILE as CSV" } },
	[G_SCALE_PLOT] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.metavar = "FILE", .opt = {
		.name = "scale-plot", .type = OPT_STRING, .offset = SET(scale_plot),
		.flags = OPT_OUT_FILE,
		.help = "plot the --scale sweep to FILE as SVG" } },
	[G_SCALE_FORMAT] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_REFUSE,
		.metavar = "stresskit|will-it-scale", .opt = {
		.name = "scale-format", .type = OPT_CHOICE, .offset = SET(scale_format),
		.choices = cli_scale_formats, .def = 0,
		.help = "will-it-scale: run each step in the --instance-mode modes (default both) and write runtest.py's CSV (to --scale-csv, else stdout)" } },
	[G_YAML] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.short_name = 'Y', .metavar = "FILE", .opt = {
		.name = "yaml", .type = OPT_STRING, .offset = SET(yaml_path),
		.flags = OPT_OUT_FILE,
		.help = "write the results, configuration and system as YAML (stress-ng's layout)" } },
	[G_JSON] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.metavar = "FILE", .opt = {
		.name = "json", .type = OPT_STRING, .offset = SET(json_path),
		.flags = OPT_OUT_FILE,
		.help = "write the same results as JSON (what stresskit compare reads)" } },
	[G_KCIDB] = { .metavar = "FILE", .opt = {
		.name = "kcidb", .type = OPT_STRING, .offset = SET(kcidb_path),
		.flags = OPT_OUT_FILE,
		.help = "write the results as KernelCI KCIDB I/O JSON (schema v5.3): each stressor a test stresskit.NAME, its ops/s the test's number" } },
	[G_KTAP] = { .opt = {
		.name = "ktap", .type = OPT_BOOL, .offset = SET(ktap),
		.help = "print a KTAP version 1 report on stdout (one test a stressor, metrics as diagnostics; the other lines on stderr) and exit as kselftest does: 0 pass, 1 fail, 4 skip" } },
	[G_REPEAT] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_NOTE,
		.metavar = "N|auto", .opt = {
		.name = "repeat", .type = OPT_PARSED, .parser = &repeat_count_opt,
		.offset = SET(repeat), .def_str = "1",
		.help = "run the whole plan N times (auto: until each stressor's ops/s 95% confidence half-width is within --confidence-target, 30 at most); a summary of each figure's mean, \u00b1%stddev and confidence interval" } },
	/* how these two meet --repeat: repeat_cli_check() */
	[G_REPEAT_UNTIL] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_NOTE,
		.metavar = "PCT[,MAX]", .opt = {
		.name = "repeat-until", .type = OPT_PARSED, .parser = &repeat_until_opt,
		.offset = SET(rep.until),
		.help = "repeat the plan until each stressor's ops/s confidence interval is within \u00b1PCT% of its mean (at least 3, at most MAX passes; default --repeat N, else 30)" } },
	[G_CONFIDENCE] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_NOTE,
		.metavar = "PCT", .opt = {
		.name = "confidence", .type = OPT_PARSED, .parser = &repeat_level_opt,
		.offset = SET(rep.confidence), .def_str = REPEAT_DEFAULT_CONFIDENCE,
		.expect = "a level in percent above 0 and below 100, like 95 or 99",
		.help = "the level of --repeat's confidence intervals (default 95)" } },
	[G_CONFIDENCE_TARGET] = { .metavar = "PCT", .opt = {
		.name = "confidence-target", .type = OPT_PARSED, .parser = &repeat_target_opt,
		.offset = SET(rep.target), .def_str = REPEAT_DEFAULT_TARGET,
		.help = "--repeat auto's target: each stressor's ops/s confidence half-width within \u00b1PCT% of its mean (default " REPEAT_DEFAULT_TARGET "%)" } },
	[G_SANDBOX] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_REFUSE,
		.opt = {
		.name = "sandbox", .type = OPT_BOOL, .offset = SET(sandbox),
		.help = "run each instance under a seccomp allow-list of its stressor's syscalls" } },
	[G_NO_RAND_SEED] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.opt = {
		.name = "no-rand-seed", .type = OPT_BOOL, .offset = SET(no_rand_seed),
		.help = "accepted for stress-ng compatibility: stresskit's stressors use no random data" } },
	[G_PATHOLOGICAL] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.opt = {
		.name = "pathological", .type = OPT_BOOL, .offset = SET(pathological),
		.help = "accepted for stress-ng compatibility: it allows stressors that can hang a machine, and stresskit has none" } },
	[G_OOM_AVOID] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.opt = {
		.name = "oom-avoid", .type = OPT_BOOL, .offset = SET(oom_avoid),
		.help = "accepted for stress-ng compatibility: it makes stressors that grow their memory back off when memory is low, and stresskit's allocate fixed sizes" } },
	[G_TIMESTAMP] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.opt = {
		.name = "timestamp", .type = OPT_BOOL, .offset = SET(timestamp),
		.help = "start each output line's text with the time of day, hh:mm:ss.cc (as stress-ng does)" } },
	[G_SETTINGS] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.opt = {
		.name = "settings", .type = OPT_BOOL, .offset = SET(settings),
		.help = "after the run, list the options given with their values, sorted by name (as stress-ng does)" } },
	[G_CLASS] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_IGNORE,
		.metavar = "NAME[,NAME]", .opt = {
		.name = "class", .type = OPT_LIST, .offset = SET(classes),
		.item = class_item,
		.help = "select the stressors of these classes, with --sequential or --all ('?' lists classes, 'NAME?' a class's stressors)" } },
	[G_SEQUENTIAL] = { .metavar = "N", .opt = {
		.name = "sequential", .type = OPT_INSTANCES, .offset = SET(seq_n),
		.help = "run each selected stressor in turn, N instances for --timeout each (0: one per CPU)" } },
	[G_SEQ] = { .metavar = "N", .alias_of = true, .same_as = G_SEQUENTIAL, .opt = {
		.name = "seq", .help = "the same as --sequential N" } },
	[G_ALL] = { .short_name = 'a', .metavar = "N", .opt = {
		.name = "all", .type = OPT_INSTANCES, .offset = SET(all_n),
		.help = "run every selected stressor at once, N instances each (0: one per CPU)" } },
	[G_PARALLEL] = { .metavar = "N", .alias_of = true, .same_as = G_ALL, .opt = {
		.name = "parallel", .help = "the same as --all N" } },
	[G_WITH] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_IGNORE,
		.metavar = "LIST", .opt = {
		.name = "with", .type = OPT_LIST, .offset = SET(with),
		.item = compose_stressor_item,
		.help = "restrict --sequential or --all to these stressors: pipe,splice" } },
	[G_EXCLUDE] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_IGNORE,
		.metavar = "LIST", .opt = {
		.name = "exclude", .type = OPT_LIST, .offset = SET(exclude),
		.item = compose_exclude_item,
		.help = "leave these stressors out of any selection" } },
	[G_PLUGIN] = { .metavar = "FILE.so", .opt = {
		.name = "plugin", .type = OPT_STRING, .offset = SET(plugin),
		.help = "load the stressors of a plugin (repeatable; also STRESSKIT_PLUGIN_PATH)" } },
	[G_JOB] = { .record = CLI_RECORD_PLAN, .weight = WEIGHT_IGNORE,
		.short_name = 'j', .metavar = "FILE", .job = true, .opt = {
		.name = "job", .type = OPT_STRING,
		.help = "read options from a job file (one per line, no dashes; 'run sequential|parallel')" } },
	[G_PROGRESS] = { .record = CLI_RECORD_VALUE, .weight = WEIGHT_IGNORE,
		.opt = {
		.name = "progress", .type = OPT_BOOL, .offset = SET(progress),
		.help = "show a live progress line on stderr when it is a terminal" } },
	[G_DRY_RUN] = { .short_name = 'n', .opt = {
		.name = "dry-run", .type = OPT_BOOL, .offset = SET(dry_run),
		.help = "print the plan (stressors, instances, timeouts, order) and start nothing" } },
	[G_CLEAN_TEMP] = { .action = CLI_CLEAN_TEMP, .opt = {
		.name = "clean-temp",
		.help = "remove the run directories in --temp-path of controllers that are gone, and exit" } },
	[G_STRESSORS] = { .action = CLI_LIST_STRESSORS, .opt = {
		.name = "stressors", .help = "list the stressors" } },
	[G_HELP] = { .short_name = 'h', .metavar = "[NAME]", .action = CLI_HELP, .opt = {
		.name = "help", .help = "this help, or a stressor's options" } },
	[G_VERSION] = { .short_name = 'V', .action = CLI_VERSION, .opt = {
		.name = "version", .help = "print the version" } },
};

const char *cli_typed(const struct cli_config *cfg, enum cli_global g,
		      char *buf, size_t len)
{
	if (cfg->typed[g])
		snprintf(buf, len, "'%s'", cfg->typed[g]);
	else
		snprintf(buf, len, "%s (the default)", cli_rows[g].opt.def_str ?
			 cli_rows[g].opt.def_str : "");
	return buf;
}

bool cli_is_global_option(const char *name)
{
	if (cli_find_row(name, 0))
		return true;
	for (size_t i = 0; i < run_modes_count(); i++)
		for (const struct run_mode_opt *o = run_modes_at(i)->opts; o && o->opt.name; o++)
			if (!strcmp(o->opt.name, name))
				return true;
	return false;
}

static void cli_usage_row(FILE *f, char short_name, const char *name,
			  const char *metavar, const char *help)
{
	char left[64];
	const char *mv = metavar ? metavar : "";

	if (short_name)
		snprintf(left, sizeof(left), "-%c, --%s %s", short_name, name, mv);
	else
		snprintf(left, sizeof(left), "    --%s %s", name, mv);
	fprintf(f, "  %-28s %s\n", left, help);
}

/* The rows of the run modes --help lists after option after (a global
 * one, or another mode's; NULL: those listed last), each followed by the
 * rows of the modes listed after it. */
static void cli_usage_modes(FILE *f, const char *after, unsigned depth)
{
	for (size_t i = 0; i < run_modes_count() && depth < RUN_MODES_MAX; i++) {
		const struct run_mode *m = run_modes_at(i);

		if (after ? !m->help_after || strcmp(m->help_after, after) : !!m->help_after)
			continue;
		for (const struct run_mode_opt *o = m->opts; o && o->opt.name; o++) {
			cli_usage_row(f, 0, o->opt.name, o->metavar, o->opt.help);
			cli_usage_modes(f, o->opt.name, depth + 1);
		}
	}
}

const struct cli_row *cli_find_row(const char *name, char short_name)
{
	for (size_t i = 0; i < G_COUNT; i++) {
		const struct cli_row *r = &cli_rows[i];

		if (name ? !strcmp(r->opt.name, name) : r->short_name == short_name)
			return r;
	}
	return NULL;
}

void cli_usage(FILE *f)
{
	fprintf(f, "usage: stresskit [OPTION]... --NAME N [--NAME N]...\n"
		   "       stresskit SUBCOMMAND [ARG]...\n\n"
		   "Runs N instances of each named stressor for the timeout and reports\n"
		   "bogo-ops per second, in stress-ng's format.\n\noptions:\n");
	for (size_t i = 0; i < G_COUNT; i++) {
		const struct cli_row *r = &cli_rows[i];

		cli_usage_row(f, r->short_name, r->opt.name, r->metavar, r->opt.help);
		cli_usage_modes(f, r->opt.name, 0);
	}
	cli_usage_modes(f, NULL, 0);
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
	fprintf(f, "\nexit codes: 0 success, 1 bad arguments or a harness error (an output\n"
		   "file not written, the output's reader gone: SIGPIPE), 2 a stressor failed,\n"
		   "3 no resource, 4 not implemented, 5 killed by a signal,\n"
		   "7 metrics untrustworthy\n");
}
