/*
 * lazy_lib.h - the libraries only the controller's output and statistics,
 * the sandbox and the redis store need (jansson, libyaml, libseccomp,
 * libJudy, libm), loaded on first use rather than at start. Every process
 * of a run is a fork of the controller and maps what it maps: each
 * library is five or six more mappings, two of them anonymous, for every
 * fork and exit to copy and tear down, thousands of times at thousands of
 * instances (docs/benchmarks.md). A plain run forks its instances before
 * it writes any JSON or YAML or computes any statistic, so they map none
 * of the five.
 *
 * Each library's functions are stubs of the same names and types
 * (lazy_jansson.c, lazy_yaml.c, lazy_seccomp.c, lazy_judy.c,
 * lazy_libm.c), hidden in the binary like the rest of the core: the first
 * call of any of them loads the library and looks the function up, later
 * calls go straight through the pointer. A function none of the stubs
 * files has is an undefined reference at link time: add its line there.
 */
#ifndef STRESSKIT_LAZY_LIB_H
#define STRESSKIT_LAZY_LIB_H

struct lazy_lib {
	const char *soname;	/* SK_SONAME_* (config.h), as linked against */
	const char *what;	/* what needs it, for the error */
	void *handle;
};

extern struct lazy_lib lazy_jansson, lazy_yaml, lazy_seccomp, lazy_judy, lazy_libm;
/* libsqlite3: stresskit history alone, never a run (lazy_sqlite.c) */
extern struct lazy_lib lazy_sqlite;

/*
 * Loads lib if it is not yet; a library that cannot be loaded ends the
 * process with one line and SK_NOT_IMPLEMENTED, as the loader's refusal
 * at start would have. Callers that fork want it loaded before the fork
 * (the redis store's prepare).
 */
void lazy_lib_load(struct lazy_lib *lib);
/*
 * Whether every lazy library would load, said in one line if not, so that
 * a run stops before it starts rather than at a first use in the middle
 * (its instances running, its run directory made). Returns 0 or -1.
 */
int lazy_lib_check_all(void);
/* Every lazy library loaded: what inputs_has needs to see them mapped. */
void lazy_lib_load_all(void);
/* Function name of lib, loading lib first; never NULL (as load). */
void *lazy_lib_sym(struct lazy_lib *lib, const char *name);

/* The pointer in *slot, looked up in lib on the first call: two threads'
 * first calls look up the same. */
static inline void *lazy_lib_fn(void **slot, struct lazy_lib *lib, const char *name)
{
	void *f = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

	if (__builtin_expect(!f, 0)) {
		f = lazy_lib_sym(lib, name);
		__atomic_store_n(slot, f, __ATOMIC_RELEASE);
	}
	return f;
}

/* A stub: ret name params, calling the library's name with args. */
#define LAZY_FN(lib, ret, name, params, args)				\
	ret name params							\
	{								\
		static void *fn;					\
		return ((__typeof__(name) *)lazy_lib_fn(&fn, &(lib), #name)) args; \
	}

#define LAZY_VOID(lib, name, params, args)				\
	void name params						\
	{								\
		static void *fn;					\
		((__typeof__(name) *)lazy_lib_fn(&fn, &(lib), #name)) args; \
	}

#endif
