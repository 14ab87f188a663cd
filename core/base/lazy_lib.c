/*
 * lazy_lib.c - loading the libraries of lazy_lib.h on first use.
 */
#include "config.h"
#include "lazy_lib.h"

#include <dlfcn.h>
#include <gnu/lib-names.h>
#include <pthread.h>
#include <stdlib.h>

#include <stresskit/stressor.h>

#include "log.h"

struct lazy_lib lazy_jansson = { .soname = SK_SONAME_JANSSON, .what = "JSON" };
struct lazy_lib lazy_yaml = { .soname = SK_SONAME_LIBYAML, .what = "YAML output" };
struct lazy_lib lazy_seccomp = { .soname = SK_SONAME_LIBSECCOMP, .what = "--sandbox" };
struct lazy_lib lazy_judy = { .soname = SK_SONAME_LIBJUDY, .what = "the redis store" };
struct lazy_lib lazy_libm = { .soname = LIBM_SO, .what = "the statistics" };
/* not in lazy_libs[]: no run opens a database, so none checks or maps it */
struct lazy_lib lazy_sqlite = { .soname = SK_SONAME_SQLITE3, .what = "stresskit history" };

static struct lazy_lib *const lazy_libs[] = {
	&lazy_jansson, &lazy_yaml, &lazy_seccomp, &lazy_judy, &lazy_libm,
};
#define LAZY_LIBS_N (sizeof(lazy_libs) / sizeof(lazy_libs[0]))

/* One loader at a time: a thread-mode worker's threads may call in. */
static pthread_mutex_t lazy_lock = PTHREAD_MUTEX_INITIALIZER;

static void *lazy_handle(struct lazy_lib *lib)
{
	return __atomic_load_n(&lib->handle, __ATOMIC_ACQUIRE);
}

/*
 * dlopen, or the one line that says why not and NULL. Every symbol bound
 * now, for the load and its check alike: a library the check passes then
 * loads at its first use.
 */
static void *lazy_open(const struct lazy_lib *lib)
{
	void *h = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);

	if (!h)
		log_usage_error("cannot load %s, which %s needs: %s", lib->soname,
				lib->what, dlerror());
	return h;
}

void lazy_lib_load(struct lazy_lib *lib)
{
	void *h;

	if (lazy_handle(lib))
		return;
	pthread_mutex_lock(&lazy_lock);
	h = lazy_handle(lib);
	if (!h) {
		h = lazy_open(lib);
		if (!h)
			exit(SK_NOT_IMPLEMENTED);
		__atomic_store_n(&lib->handle, h, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&lazy_lock);
}

/*
 * Loads and unloads each library not loaded yet: what dlclose leaves is
 * nothing mapped, so the instances forked next still map none, and a
 * first use later in the run finds a library that loads.
 */
int lazy_lib_check_all(void)
{
	for (size_t i = 0; i < LAZY_LIBS_N; i++) {
		struct lazy_lib *lib = lazy_libs[i];
		void *h;

		if (lazy_handle(lib))
			continue;
		h = lazy_open(lib);
		if (!h)
			return -1;
		dlclose(h);
	}
	return 0;
}

void lazy_lib_load_all(void)
{
	for (size_t i = 0; i < LAZY_LIBS_N; i++)
		lazy_lib_load(lazy_libs[i]);
}

void *lazy_lib_sym(struct lazy_lib *lib, const char *name)
{
	void *f;

	lazy_lib_load(lib);
	f = dlsym(lazy_handle(lib), name);
	if (!f) {
		log_usage_error("%s has no %s, which %s needs: %s", lib->soname,
				name, lib->what, dlerror());
		exit(SK_NOT_IMPLEMENTED);
	}
	return f;
}
