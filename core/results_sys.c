/*
 * results_sys.c - the system-info mapping of the results document:
 * stress-ng's keys (uname, sysinfo, CPU counts) plus the CPU model and
 * stresskit's version, which a comparison of two machines needs.
 */
#include "results.h"

#include <pwd.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

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
