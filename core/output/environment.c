/*
 * environment.c - the machine's fingerprint (see environment.h). Each
 * field is one small file's first line; the per-policy cpufreq settings
 * and the CPU vulnerabilities are lists of a directory's entries, so a
 * kernel that adds one is recorded without a change here.
 */
#include "environment.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "version.h"

/*
 * The first line of path, whole however long (the kernel command line
 * runs to 4 KiB on some machines), or NULL when it cannot be read.
 */
static json_t *env_line(const char *path)
{
	char *buf = NULL;
	size_t cap = 0;
	FILE *f = fopen(path, "re");
	json_t *v = NULL;

	if (!f)
		return NULL;
	if (getline(&buf, &cap, f) >= 0) {
		buf[strcspn(buf, "\n")] = '\0';
		v = json_string(buf);
	}
	free(buf);
	fclose(f);
	return v;
}

static void env_set(json_t *o, const char *key, json_t *v)
{
	json_object_set_new(o, key, v ? v : json_null());
}

/* "always [madvise] never": the word in brackets, as the kernel marks it. */
static json_t *env_selected(const char *path)
{
	json_t *line = env_line(path);
	const char *s = line ? json_string_value(line) : NULL;
	const char *a = s ? strchr(s, '[') : NULL, *b = a ? strchr(a, ']') : NULL;
	json_t *v = a && b ? json_stringn(a + 1, (size_t)(b - a - 1)) : json_incref(line);

	json_decref(line);
	return v;
}

/* One line of /proc/cpuinfo or /proc/meminfo: the value after "key:". */
static json_t *env_keyed(const char *path, const char *key)
{
	FILE *f = fopen(path, "re");
	char line[512];
	size_t kl = strlen(key);
	json_t *v = NULL;

	if (!f)
		return NULL;
	while (!v && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *p;

		if (!colon || strncmp(line, key, kl) ||
		    strspn(line + kl, " \t") != (size_t)(colon - line) - kl)
			continue;
		for (p = colon + 1; *p == ' ' || *p == '\t'; p++)
			;
		p[strcspn(p, "\n")] = '\0';
		v = json_string(p);
	}
	fclose(f);
	return v;
}

static int env_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A list of {name, value} for dir's entries (those starting with prefix):
 * the first line of entry/file (file NULL: the entry itself), in name
 * order so two documents list them alike. A list, not a mapping, so the
 * document's keys are the same on every machine. NULL when dir cannot be
 * read.
 */
static json_t *env_dir(const char *dir, const char *prefix, const char *file)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL, path[512];
	size_t n = 0;
	json_t *o;

	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		char **more;

		if (e->d_name[0] == '.' || strncmp(e->d_name, prefix, strlen(prefix)))
			continue;
		more = realloc(names, (n + 1) * sizeof(*names));
		if (!more || !(more[n] = strdup(e->d_name))) {
			names = more ? more : names;
			break;
		}
		names = more;
		n++;
	}
	closedir(d);
	if (n)	/* qsort of NULL is undefined even for 0 items */
		qsort(names, n, sizeof(*names), env_name_cmp);
	o = json_array();
	for (size_t i = 0; i < n; i++) {
		json_t *e = json_object();

		snprintf(path, sizeof(path), "%s/%s%s%s", dir, names[i],
			 file ? "/" : "", file ? file : "");
		if (e) {
			env_set(e, "name", json_string(names[i]));
			env_set(e, "value", env_line(path));
		}
		json_array_append_new(o, e);
		free(names[i]);
	}
	free(names);
	return o;
}

static json_t *env_cpufreq(void)
{
	static const char *const files[] = {
		"scaling_governor", "scaling_driver", "energy_performance_preference",
	};
	const char *dir = "/sys/devices/system/cpu/cpufreq";
	json_t *o = json_object();

	if (!o)
		return NULL;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		json_t *m = env_dir(dir, "policy", files[i]);

		env_set(o, files[i], m);
	}
	env_set(o, "boost", env_line("/sys/devices/system/cpu/cpufreq/boost"));
	env_set(o, "intel-no-turbo", env_line("/sys/devices/system/cpu/intel_pstate/no_turbo"));
	return o;
}

/* Hints only: what a VM or a container shows of itself, never a probe. */
static json_t *env_virt(void)
{
	json_t *o = json_object(), *flags = env_keyed("/proc/cpuinfo", "flags");
	const char *f = flags ? json_string_value(flags) : "";
	const char *c = getenv("container");

	if (!o) {
		json_decref(flags);
		return NULL;
	}
	json_object_set_new(o, "cpu-hypervisor-flag",
			    json_boolean(strstr(f, " hypervisor") != NULL));
	json_decref(flags);
	env_set(o, "hypervisor-type", env_line("/sys/hypervisor/type"));
	env_set(o, "dmi-sys-vendor", env_line("/sys/class/dmi/id/sys_vendor"));
	env_set(o, "dmi-product-name", env_line("/sys/class/dmi/id/product_name"));
	json_object_set_new(o, "dockerenv", json_boolean(access("/.dockerenv", F_OK) == 0));
	json_object_set_new(o, "containerenv",
			    json_boolean(access("/run/.containerenv", F_OK) == 0));
	env_set(o, "container", c ? json_string(c) : NULL);
	return o;
}

json_t *environment_capture(void)
{
	json_t *o = json_object(), *mem = json_object();
	struct utsname u;
	double load[3];

	if (!o || !mem) {
		json_decref(o);
		json_decref(mem);
		return NULL;
	}
	env_set(o, "stresskit-version", json_string(STRESSKIT_VERSION));
	env_set(o, "kernel-release", uname(&u) == 0 ? json_string(u.release) : NULL);
	env_set(o, "kernel-version", uname(&u) == 0 ? json_string(u.version) : NULL);
	/* mitigations=off, isolcpus, nohz_full, the pstate driver: boot
	 * choices behind many a difference between two machines */
	env_set(o, "kernel-cmdline", env_line("/proc/cmdline"));
	env_set(o, "cpu-model", env_keyed("/proc/cpuinfo", "model name"));
	env_set(o, "microcode", env_keyed("/proc/cpuinfo", "microcode"));
	env_set(o, "cpus-online", env_line("/sys/devices/system/cpu/online"));
	env_set(o, "cpus-possible", env_line("/sys/devices/system/cpu/possible"));
	env_set(o, "smt-control", env_line("/sys/devices/system/cpu/smt/control"));
	env_set(o, "smt-active", env_line("/sys/devices/system/cpu/smt/active"));
	env_set(o, "cpufreq", env_cpufreq());
	env_set(o, "transparent-hugepage",
		env_selected("/sys/kernel/mm/transparent_hugepage/enabled"));
	env_set(o, "transparent-hugepage-defrag",
		env_selected("/sys/kernel/mm/transparent_hugepage/defrag"));
	env_set(o, "sched-autogroup", env_line("/proc/sys/kernel/sched_autogroup_enabled"));
	env_set(o, "clocksource",
		env_line("/sys/devices/system/clocksource/clocksource0/current_clocksource"));
	env_set(o, "vulnerabilities", env_dir("/sys/devices/system/cpu/vulnerabilities",
					      "", NULL));
	if (getloadavg(load, 3) == 3)
		env_set(o, "load-average-at-start", json_pack("[fff]", load[0], load[1], load[2]));
	else
		env_set(o, "load-average-at-start", NULL);
	env_set(mem, "total", env_keyed("/proc/meminfo", "MemTotal"));
	env_set(mem, "available", env_keyed("/proc/meminfo", "MemAvailable"));
	env_set(mem, "swap-total", env_keyed("/proc/meminfo", "SwapTotal"));
	json_object_set_new(o, "memory", mem);
	env_set(o, "virtualisation", env_virt());
	return o;
}
