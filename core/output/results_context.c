/*
 * results_context.c - what a result was measured on and with: the
 * system-info mapping (stress-ng's keys: uname, sysinfo, CPU counts; plus
 * the CPU model and stresskit's version, which a comparison of two
 * machines needs) and the configuration (the command line, the options
 * in force, each selected stressor's options in their own units).
 */
#include "results.h"

#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "opts.h"
#include "registry.h"
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

static json_t *results_stressor_config(const struct plan_entry *e)
{
	json_t *o = json_object(), *opts = json_object();
	char val[256];

	if (!o || !opts) {
		json_decref(o);
		json_decref(opts);
		return NULL;
	}
	json_object_set_new(o, "stressor", json_string(e->stressor->name));
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
	json_object_set_new(c, "timeout", json_real(p->base.timeout));
	json_object_set_new(c, "warmup", json_real(p->base.warmup));
	json_object_set_new(c, "instance-mode", json_string(p->base.threads ? "thread" : "process"));
	json_object_set_new(c, "repeat", json_integer(p->repeat));
	json_object_set_new(c, "metrics", json_boolean(p->metrics));
	json_object_set_new(c, "metrics-brief", json_boolean(p->metrics_brief));
	json_object_set_new(c, "times", json_boolean(p->times));
	json_object_set_new(c, "perf", json_boolean(p->perf));
	json_object_set_new(c, "verify", json_boolean(p->base.verify));
	json_object_set_new(c, "quiet", json_boolean(p->quiet));
	json_object_set_new(c, "verbose", json_boolean(p->base.verbose));
	json_object_set_new(c, "temp-path", results_string_or_null(p->base.temp_path));
	json_object_set_new(c, "taskset", results_string_or_null(r->taskset));
	json_object_set_new(c, "log-prefix", results_string_or_null(p->log_prefix));
	json_object_set_new(c, "mode", json_string(p->mode == PLAN_SEQUENTIAL ? "sequential" :
					   p->mode == PLAN_PARALLEL ? "parallel" :
					   "together"));
	json_object_set_new(c, "class", results_string_or_null(r->class_list));
	json_object_set_new(c, "with", results_string_or_null(r->with));
	json_object_set_new(c, "exclude", results_string_or_null(r->exclude));
	json_object_set_new(c, "job", results_string_or_null(r->job));
	json_object_set_new(c, "sandbox", json_boolean(p->base.sandbox));
	json_object_set_new(c, "yaml", results_string_or_null(p->yaml_path));
	json_object_set_new(c, "json", results_string_or_null(p->json_path));
	for (size_t i = 0; i < p->base.n; i++)
		json_array_append_new(st, results_stressor_config(&p->base.entries[i]));
	json_object_set_new(c, "stressors", st);
	return c;
}
