/*
 * results_context.c - what a result was measured on and with: the
 * system-info mapping (stress-ng's keys: uname, sysinfo, CPU counts; plus
 * the CPU model and stresskit's version, which a comparison of two
 * machines needs) and the configuration (the command line, every
 * option in force, each selected stressor's options in their own units,
 * its bogo-op's version and the plugin it came from). compare reads the
 * configuration back (compare_options.c) and decides which differences
 * make two documents incomparable.
 */
#include "results.h"

#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include <linux/magic.h>

#include "cli.h"
#include "opts.h"
#include "registry.h"
#include "run_mode.h"
#include "version.h"

/* "model name" from /proc/cpuinfo (x86), or "Processor"/"cpu model" elsewhere. */
static json_t *results_cpu_model(void)
{
	static const char *const keys[] = { "model name", "Processor", "cpu model",
					    "cpu", NULL };
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];
	json_t *model = NULL;

	if (!f)
		return json_null();
	while (!model && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *v, *end;

		if (!colon)
			continue;
		for (int k = 0; keys[k] && !model; k++) {
			size_t kl = strlen(keys[k]);

			/* the key, then only blanks up to the colon */
			if (strncmp(line, keys[k], kl) ||
			    strspn(line + kl, " \t") != (size_t)(colon - line) - kl)
				continue;
			for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
				;
			end = v + strcspn(v, "\n");
			model = json_stringn(v, (size_t)(end - v));
		}
	}
	fclose(f);
	return model ? model : json_null();
}

json_t *results_system_info(void)
{
	json_t *o = json_object();
	struct utsname u;
	struct sysinfo si;
	struct passwd *pw = getpwuid(getuid());
	time_t now = time(NULL);
	struct tm tm;
	char buf[64];

	if (!o)
		return NULL;
	json_object_set_new(o, "stresskit-version", json_string(STRESSKIT_VERSION));
	json_object_set_new(o, "run-by", pw ? json_string(pw->pw_name) : json_null());
	localtime_r(&now, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%d", &tm);
	json_object_set_new(o, "date-yyyy-mm-dd", json_string(buf));
	strftime(buf, sizeof(buf), "%H:%M:%S", &tm);
	json_object_set_new(o, "time-hh-mm-ss", json_string(buf));
	json_object_set_new(o, "epoch-secs", json_integer((json_int_t)now));
	if (gethostname(buf, sizeof(buf)) == 0) {
		buf[sizeof(buf) - 1] = '\0';
		json_object_set_new(o, "hostname", json_string(buf));
	}
	if (uname(&u) == 0) {
		json_object_set_new(o, "sysname", json_string(u.sysname));
		json_object_set_new(o, "nodename", json_string(u.nodename));
		json_object_set_new(o, "release", json_string(u.release));
		json_object_set_new(o, "version", json_string(u.version));
		json_object_set_new(o, "machine", json_string(u.machine));
	}
#if defined(__clang__)
	json_object_set_new(o, "compiler", json_string("clang " __clang_version__));
#elif defined(__GNUC__)
	json_object_set_new(o, "compiler", json_string("gcc " __VERSION__));
#endif
	if (sysinfo(&si) == 0) {
		json_object_set_new(o, "uptime", json_integer(si.uptime));
		json_object_set_new(o, "totalram", json_integer((json_int_t)si.totalram * si.mem_unit));
		json_object_set_new(o, "freeram", json_integer((json_int_t)si.freeram * si.mem_unit));
		json_object_set_new(o, "sharedram", json_integer((json_int_t)si.sharedram * si.mem_unit));
		json_object_set_new(o, "bufferram", json_integer((json_int_t)si.bufferram * si.mem_unit));
		json_object_set_new(o, "totalswap", json_integer((json_int_t)si.totalswap * si.mem_unit));
		json_object_set_new(o, "freeswap", json_integer((json_int_t)si.freeswap * si.mem_unit));
	}
	json_object_set_new(o, "pagesize", json_integer(sysconf(_SC_PAGESIZE)));
	json_object_set_new(o, "cpus", json_integer(sysconf(_SC_NPROCESSORS_CONF)));
	json_object_set_new(o, "cpus-online", json_integer(sysconf(_SC_NPROCESSORS_ONLN)));
	json_object_set_new(o, "ticks-per-second", json_integer(sysconf(_SC_CLK_TCK)));
	json_object_set_new(o, "cpu-model", results_cpu_model());
	return o;
}

/* The whole command line, shell-quoted where a word needs it. */
static json_t *results_command_line(int argc, char *const *argv)
{
	char *line = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&line, &len);
	json_t *s;

	if (!f)
		return NULL;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (i)
			fputc(' ', f);
		if (*a && !strpbrk(a, " \t\n'\"\\$`*?[]{}()<>|&;#~!")) {
			fputs(a, f);
			continue;
		}
		fputc('\'', f);
		for (; *a; a++)
			fputs(*a == '\'' ? "'\\''" : (char[2]){ *a, 0 }, f);
		fputc('\'', f);
	}
	fclose(f);
	s = json_string(line);
	free(line);
	return s;
}

/*
 * The filesystem the run directory goes on: a file stressor's bogo-op
 * (open, fallocate, unlink ...) is another operation on tmpfs than on
 * ext4, which the path alone does not say.
 */
static json_t *results_fs_type(const char *path)
{
	static const struct {
		unsigned long magic;
		const char *name;
	} results_fs[] = {
		{ TMPFS_MAGIC, "tmpfs" }, { RAMFS_MAGIC, "ramfs" },
		{ EXT4_SUPER_MAGIC, "ext2/ext3/ext4" }, { XFS_SUPER_MAGIC, "xfs" },
		{ BTRFS_SUPER_MAGIC, "btrfs" }, { F2FS_SUPER_MAGIC, "f2fs" },
		{ OVERLAYFS_SUPER_MAGIC, "overlay" }, { FUSE_SUPER_MAGIC, "fuse" },
		{ NFS_SUPER_MAGIC, "nfs" }, { SMB2_SUPER_MAGIC, "smb2" },
	};
	struct statfs st;
	char hex[32];

	if (!path || statfs(path, &st) < 0)
		return json_null();
	for (size_t i = 0; i < sizeof(results_fs) / sizeof(*results_fs); i++)
		if ((unsigned long)st.f_type == results_fs[i].magic)
			return json_string(results_fs[i].name);
	snprintf(hex, sizeof(hex), "0x%lx", (unsigned long)st.f_type);
	return json_string(hex);
}

static json_t *results_stressor_config(const struct plan_entry *e)
{
	const char *version = registry_version(e->stressor);
	const char *plugin = registry_origin(e->stressor);
	json_t *o = json_object(), *opts = json_object();
	char val[256];

	if (!o || !opts) {
		json_decref(o);
		json_decref(opts);
		return NULL;
	}
	json_object_set_new(o, "stressor", json_string(e->stressor->name));
	/* null: a plugin that sets none */
	json_object_set_new(o, "version", version ? json_string(version) : json_null());
	json_object_set_new(o, "plugin", plugin ? json_string(plugin) : json_null());
	json_object_set_new(o, "instances", json_integer(e->instances));
	json_object_set_new(o, "ops", json_integer((json_int_t)e->max_ops));
	for (const struct stressor_opt *opt = e->stressor->opts; opt && opt->name; opt++) {
		opts_format(opt, e->opts, val, sizeof(val));
		json_object_set_new(opts, opt->name, json_string(val));
	}
	json_object_set_new(o, "options", opts);
	return o;
}

static json_t *results_string_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* An option that may be off (0): its value, or null. */
static json_t *results_positive_or_null(double v)
{
	return v > 0 ? json_real(v) : json_null();
}

/* An option's value as its type reads: a flag, a count, a time, a
 * string or null; anything else as --settings formats it. */
static json_t *results_opt_value(const struct stressor_opt *o, const void *opts)
{
	const char *at = (const char *)opts + o->offset;
	char val[256];

	switch (o->type) {
	case OPT_BOOL:
		return json_boolean(*(const bool *)at);
	case OPT_COUNT:
	case OPT_SIZE:
		return json_integer((json_int_t)*(const uint64_t *)at);
	case OPT_TIME:
		return json_real(*(const double *)at);
	case OPT_STRING:
		return results_string_or_null(*(const char *const *)at);
	default:
		opts_format(o, opts, val, sizeof(val));
		return json_string(val);
	}
}

/* Every run mode's options, each under its name, as compare reads them back. */
static void results_modes_config(json_t *c, const struct plan *p)
{
	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_modes_at(i);

		if (m->record && p->base.mode_opts[i]) {
			m->record(c, p->base.mode_opts[i]);
			continue;
		}
		for (const struct run_mode_opt *o = m->opts;
		     o && o->opt.name && p->base.mode_opts[i]; o++)
			json_object_set_new(c, o->opt.name,
					    results_opt_value(&o->opt, p->base.mode_opts[i]));
	}
}

/* --scale's instance counts in order, once each (will-it-scale format
 * runs each twice, processes then threads), or null without --scale. */
static json_t *results_scale_steps(const struct plan *p)
{
	json_t *a;

	if (!p->scale)
		return json_null();
	a = json_array();
	for (size_t i = 0; a && i < p->n_runs; i++)
		if (!i || p->runs[i].entries[0].instances != p->runs[i - 1].entries[0].instances)
			json_array_append_new(a, json_integer(p->runs[i].entries[0].instances));
	return a;
}

/* A CLI_RECORD_PLAN row: what the plan made of the option. */
static json_t *results_plan_value(const struct plan *p, enum cli_global g)
{
	switch (g) {
	case G_TIMEOUT:		/* the run length, also when --NAME-ops alone ends it */
		return json_real(p->base.timeout);
	case G_INSTANCE_MODE:	/* the modes that ran: a will-it-scale sweep may run both */
		return json_string(p->scale_procs && p->scale_threads ? "both" :
				   p->base.threads ? "thread" : "process");
	case G_SCALE:
		return json_boolean(p->scale);
	case G_SCALE_STEPS:
		return results_scale_steps(p);
	case G_REPEAT:
		return json_integer(p->repeat);
	case G_REPEAT_UNTIL:
		return results_positive_or_null(p->set.rep.until.pct);
	case G_CONFIDENCE:
		return json_real(p->set.rep.confidence);
	default:	/* --taskset, --class, --with, --exclude, --job */
		return results_string_or_null(plan_record_text(p, g));
	}
}

/* Each global option its row records, in --help's order. */
static void results_global_config(json_t *c, const struct plan *p)
{
	for (int g = 0; g < G_COUNT; g++) {
		const struct cli_row *row = &cli_rows[g];

		if (row->record == CLI_RECORD_NOT)
			continue;
		json_object_set_new(c, row->opt.name, row->record == CLI_RECORD_VALUE ?
				    results_opt_value(&row->opt, &p->set) :
				    results_plan_value(p, (enum cli_global)g));
		if (g == G_TEMP_PATH)
			json_object_set_new(c, "temp-path-filesystem",
					    results_fs_type(p->set.temp_path));
	}
}

json_t *results_configuration(const struct plan *p)
{
	const struct plan_record *r = &p->record;
	json_t *c = json_object(), *argv = json_array(), *st = json_array();

	if (!c || !argv || !st) {
		json_decref(c);
		json_decref(argv);
		json_decref(st);
		return NULL;
	}
	json_object_set_new(c, "command-line", results_command_line(r->argc, r->argv));
	for (int i = 0; i < r->argc; i++)
		json_array_append_new(argv, json_string(r->argv[i]));
	json_object_set_new(c, "argv", argv);
	results_global_config(c, p);
	json_object_set_new(c, "mode", json_string(p->composition == COMPOSE_SEQUENTIAL ? "sequential" :
					   p->composition == COMPOSE_PARALLEL ? "parallel" :
					   "together"));
	results_modes_config(c, p);
	for (size_t i = 0; i < p->base.n; i++)
		json_array_append_new(st, results_stressor_config(&p->base.entries[i]));
	json_object_set_new(c, "stressors", st);
	return c;
}
