/*
 * kcidb.h - results in KernelCI's KCIDB I/O format, schema v5.3
 * (kernelci/kcidb-io's kcidb_io.schema.V5_3, its LATEST today): the
 * kernel a run tested as a checkout and a build, and each stressor a
 * test whose path is "stresskit.NAME", whose status says how it ended and
 * whose number is its KPI, the mean bogo-ops/s of its passes. What
 * "stresskit --kcidb FILE" (one run) and "stresskit history export
 * --kcidb FILE" (a history) write, for kcidb-submit to take to the open
 * fleet's database.
 */
#ifndef STRESSKIT_KCIDB_H
#define STRESSKIT_KCIDB_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#define KCIDB_MAJOR 5
#define KCIDB_MINOR 3
/* the origin, and every id's prefix: ^[a-z0-9_]+$ */
#define KCIDB_ORIGIN "stresskit"
/* the KPI's unit, as the number's "unit" gives it */
#define KCIDB_UNIT "bogo-ops/s"

/* An empty document: the version, and empty checkouts, builds and tests. */
json_t *kcidb_new(void);

/* What a checkout and build are made from: the kernel tested. */
struct kcidb_kernel {
	const char *commit;	/* a commit label, or NULL */
	const char *release;	/* uname -r */
	const char *version;	/* uname -v */
	const char *arch;	/* uname -m, or NULL */
	long long started;	/* epoch seconds, or -1 */
};

/*
 * Adds the checkout and build of kernel k (once for each distinct one)
 * to doc, and returns the build's id (owned by doc), or NULL without
 * memory.
 */
const char *kcidb_build(json_t *doc, const struct kcidb_kernel *k);

/*
 * Adds one test: id KCIDB_ORIGIN:run_id:NAME, path stresskit.NAME (a
 * character not allowed in a path becomes '-'), status (FAIL, ERROR,
 * MISS, PASS, DONE or SKIP), the number when value is not NAN, and misc
 * (taken; may be NULL). 0 or -ENOMEM.
 */
int kcidb_test(json_t *doc, const char *build_id, const char *run_id, const char *name,
	       const char *status, double value, long long started, json_t *misc);

/*
 * Stressor name's status over the passes of runs (a results document's
 * "runs"), in KCIDB's words: the worst of DONE, SKIP (not implemented),
 * ERROR (a harness error, or metrics untrustworthy) and FAIL; MISS when
 * no pass has it.
 */
const char *kcidb_status(const json_t *runs, const char *name);

/*
 * A results document (--json's) as tests of one build: each stressor a
 * test, its number the mean ops/s of its passes, its status the worst
 * of its passes'. run_id names the run (a hash of the document). 0 or
 * -ENOMEM.
 */
int kcidb_add_results(json_t *doc, const json_t *results, const char *run_id);

/* Writes doc to path through atomic_file; 0 or -errno after one line. */
int kcidb_write(const json_t *doc, const char *path);

/*
 * --kcidb: the results document of a run as a KCIDB document on f, the
 * run named by its host and start (HOST-EPOCH). 0, or nonzero when a
 * write or an allocation failed.
 */
int kcidb_emit(const json_t *results, FILE *f);

#endif
