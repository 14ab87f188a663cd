/*
 * plugin.c - stressors from shared objects. dlopen() runs the plugin's
 * constructors, whose STRESSOR_REGISTER() hands each descriptor and the
 * ABI it was built for to sk_plugin_register(); once dlopen() returns,
 * the loader checks the ABI and adds the descriptors to the registry,
 * which validates them as it validates the built-in ones. Any failure is
 * one line naming the file: a bad plugin stops stresskit before it runs
 * anything.
 */
#include "plugin.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "log.h"
#include "plugin_elf.h"
#include "registry.h"

#define PLUGIN_STRESSORS_MAX 64
#define PLUGIN_FILES_MAX 256

/* What the constructors of the plugin being opened registered. */
static struct {
	bool open;		/* inside plugin_load's dlopen() */
	size_t n;
	bool overflow;
	unsigned abi_major, abi_minor;
	const struct stressor *s[PLUGIN_STRESSORS_MAX];
	unsigned minor[PLUGIN_STRESSORS_MAX];	/* each descriptor's own */
} plugin_pending;

/* Each loaded plugin stressor and the ABI minor it was built for. */
static struct plugin_built {
	const struct stressor *s;
	unsigned minor;
} *plugin_built;
static size_t plugin_built_n;

/* Handles already loaded: the same file named twice is loaded once. */
static void *plugin_handles[PLUGIN_FILES_MAX];
static size_t plugin_n;

void sk_plugin_register(const struct stressor *s, unsigned abi_major,
			unsigned abi_minor)
{
	/* a constructor of a library the binary links with: not a plugin */
	if (!plugin_pending.open)
		return;
	if (plugin_pending.n == PLUGIN_STRESSORS_MAX) {
		plugin_pending.overflow = true;
		return;
	}
	/* the newest ABI any descriptor was built for is the one checked */
	if (!plugin_pending.n || abi_major != plugin_pending.abi_major ||
	    abi_minor > plugin_pending.abi_minor) {
		plugin_pending.abi_major = abi_major;
		plugin_pending.abi_minor = abi_minor;
	}
	plugin_pending.minor[plugin_pending.n] = abi_minor;
	plugin_pending.s[plugin_pending.n++] = s;
}

/* True when a plugin built for major.minor can run against this binary. */
static bool plugin_abi_ok(unsigned major, unsigned minor)
{
	return major == SK_ABI_MAJOR && minor <= SK_ABI_MINOR;
}

static int plugin_note_built(const struct stressor *s, unsigned minor,
			     char *err, size_t errlen)
{
	struct plugin_built *grown = realloc(plugin_built,
					     (plugin_built_n + 1) * sizeof(*grown));

	if (!grown) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	plugin_built = grown;
	plugin_built[plugin_built_n++] = (struct plugin_built){ s, minor };
	return 0;
}

unsigned plugin_abi_minor(const struct stressor *s)
{
	for (size_t i = 0; i < plugin_built_n; i++)
		if (plugin_built[i].s == s)
			return plugin_built[i].minor;
	return SK_ABI_MINOR;
}

static bool plugin_seen(void *handle)
{
	for (size_t i = 0; i < plugin_n; i++)
		if (plugin_handles[i] == handle)
			return true;
	return false;
}

/* Opens path; dlerror()'s text is one line and names the file already. */
static void *plugin_open(const char *path, char *err, size_t errlen)
{
	char why[256];
	struct stat st;
	void *h;

	if (stat(path, &st) < 0) {
		snprintf(err, errlen, "plugin %s: %s", path, strerror(errno));
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "plugin %s: not a regular file", path);
		return NULL;
	}
	/* a file dlopen() would map past its end crashes it: refused first */
	if (plugin_elf_check(path, why, sizeof(why))) {
		snprintf(err, errlen, "plugin %s: cannot load: %s", path, why);
		return NULL;
	}
	/*
	 * RTLD_NOW: a plugin calling what this binary lacks fails here, not
	 * mid-run. A name without '/' would be looked for in the library
	 * path: the file stat() found is the one in the current directory.
	 */
	if (!strchr(path, '/')) {
		char local[PATH_MAX];

		snprintf(local, sizeof(local), "./%s", path);
		h = dlopen(local, RTLD_NOW | RTLD_LOCAL);
	} else {
		h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	}
	if (!h)
		snprintf(err, errlen, "plugin %s: cannot load: %s", path, dlerror());
	return h;
}

int plugin_load(const char *path, char *err, size_t errlen)
{
	char msg[512];
	void *h;
	int rc = 0;

	if (plugin_n == PLUGIN_FILES_MAX) {
		snprintf(err, errlen, "plugin %s: more than %d plugins", path,
			 PLUGIN_FILES_MAX);
		return -E2BIG;
	}
	memset(&plugin_pending, 0, sizeof(plugin_pending));
	plugin_pending.open = true;
	h = plugin_open(path, err, errlen);
	plugin_pending.open = false;
	if (!h)
		return -ENOEXEC;
	if (plugin_seen(h))
		return 1;
	plugin_handles[plugin_n++] = h;
	if (!plugin_pending.n) {
		snprintf(err, errlen, "plugin %s: registers no stressor "
			 "(STRESSOR_REGISTER in a file built with <stresskit/stressor.h>)", path);
		return -ENOENT;
	}
	if (plugin_pending.overflow) {
		snprintf(err, errlen, "plugin %s: registers more than %d stressors",
			 path, PLUGIN_STRESSORS_MAX);
		return -E2BIG;
	}
	if (!plugin_abi_ok(plugin_pending.abi_major, plugin_pending.abi_minor)) {
		snprintf(err, errlen, "plugin %s: built for stressor ABI %u.%u, this "
			 "stresskit has %d.%d (rebuild it against these headers)", path,
			 plugin_pending.abi_major, plugin_pending.abi_minor,
			 SK_ABI_MAJOR, SK_ABI_MINOR);
		return -EPROTO;
	}
	/* the registry keeps the name: the plugin stays loaded for the run */
	registry_set_origin(path);
	for (size_t i = 0; i < plugin_pending.n && !rc; i++) {
		rc = registry_add(plugin_pending.s[i], msg, sizeof(msg));
		if (rc)
			snprintf(err, errlen, "plugin %s: %s", path, msg);
		else
			rc = plugin_note_built(plugin_pending.s[i],
					       plugin_pending.minor[i], err, errlen);
	}
	registry_set_origin(NULL);
	return rc;
}

/* Names ending in ".so", the only files a plugin directory loads. */
static int plugin_dir_filter(const struct dirent *d)
{
	size_t len = strlen(d->d_name);

	return d->d_name[0] != '.' && len > 3 && !strcmp(d->d_name + len - 3, ".so");
}

/*
 * Every *.so of dir, in name order. A directory that does not exist is
 * no error: the default one exists only once a plugin was installed.
 */
static int plugin_load_dir(const char *dir, char *err, size_t errlen)
{
	struct dirent **names;
	int n, rc = 0;

	n = scandir(dir, &names, plugin_dir_filter, alphasort);
	if (n < 0 && (errno == ENOENT || errno == ENOTDIR))
		return 0;
	if (n < 0) {
		snprintf(err, errlen, "plugin directory %s: %s", dir, strerror(errno));
		return -errno;
	}
	for (int i = 0; i < n; i++) {
		char *path = NULL;

		if (!rc) {
			if (asprintf(&path, "%s/%s", dir, names[i]->d_name) < 0) {
				snprintf(err, errlen, "out of memory");
				rc = -ENOMEM;
			} else {
				/* kept while loaded: the registry names the file */
				rc = plugin_load(path, err, errlen);
				if (rc)
					free(path);
				rc = rc > 0 ? 0 : rc;
			}
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

int plugin_load_path(const char *path, char *err, size_t errlen)
{
	char *copy = strdup(path), *save = NULL;
	int rc = 0;

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (char *dir = strtok_r(copy, ":", &save); dir && !rc;
	     dir = strtok_r(NULL, ":", &save))
		rc = plugin_load_dir(dir, err, errlen);
	free(copy);
	return rc;
}

static sigjmp_buf plugin_guard_jmp;
static volatile sig_atomic_t plugin_guard_sig;

static void plugin_guard_on_fault(int sig)
{
	plugin_guard_sig = sig;
	siglongjmp(plugin_guard_jmp, 1);
}

/*
 * prepare() runs in the controller: a fault there would take the run down
 * with its run directory left behind. The fault is caught, the stressor
 * refused with a line naming it (and its file), and the run ends as after
 * a usage error. What the fault left half done in the controller is not
 * repaired; it goes on only to reap, clean up and report.
 */
int plugin_prepare(struct stressor_ctx *ctx)
{
	static const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL };
	struct sigaction sa = { .sa_handler = plugin_guard_on_fault }, old[4];
	const struct stressor *s = ctx->stressor;
	const char *from = registry_origin(s);
	int status;

	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_NODEFER;
	if (sigsetjmp(plugin_guard_jmp, 1)) {
		for (size_t i = 0; i < 4; i++)
			sigaction(faults[i], &old[i], NULL);
		log_usage_error("%s%s%sstressor %s: prepare() crashed: %s",
				from ? "plugin " : "", from ? from : "", from ? ": " : "",
				s->name, strsignal(plugin_guard_sig));
		return SK_USAGE;
	}
	for (size_t i = 0; i < 4; i++)
		sigaction(faults[i], &sa, &old[i]);
	status = s->prepare(ctx);
	for (size_t i = 0; i < 4; i++)
		sigaction(faults[i], &old[i], NULL);
	return status;
}
