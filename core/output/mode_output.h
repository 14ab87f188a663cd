/*
 * mode_output.h - what a run mode's figures add to a session's output
 * beyond the object its run_mode.write leaves in each run: the lines
 * under each pass's table, keys in each stressor's entry of the results
 * document, and files of the whole session. The recorder calls every
 * registered output at its own moments and names none of them; a mode's
 * output is one file and MODE_OUTPUT_REGISTER().
 *
 * The outputs go in their modes' order (run_modes_at), so the lines under
 * a table and the keys of an entry keep one order however the objects
 * were linked. Every hook is optional; a hook that returns an int returns
 * 0 or -errno (-ENOMEM: the results files will be incomplete).
 */
#ifndef STRESSKIT_MODE_OUTPUT_H
#define STRESSKIT_MODE_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include <stresskit-builtin.h>	/* SK_SECTION_ENTRY */

#include "metrics.h"
#include "plan.h"
#include "run.h"

struct cost_counted;

struct mode_output {
	const char *mode;	/* the run mode whose figures it writes out */
	size_t size;		/* bytes of its state over a session, zeroed */
	/* Before the first run: opens the files it will write; on failure,
	 * one line in err (the session exits 1 and nothing is written). */
	int (*open)(void *state, const struct plan *p, char *err, size_t errlen);
	/* After each run: keeps what its lines and files need (pass counts
	 * from 1; a run of --sequential is one of its pass's runs). */
	int (*run)(void *state, const struct run_result *res, unsigned pass);
	/* Stressor i's figures among its miscellaneous metrics in its entry
	 * e of the document, where the stressor's own end: keys under
	 * stress-ng's names, rows of extra (the entry's "extra-metrics"),
	 * objects of its own. state is as run left it after res. */
	int (*metrics)(void *state, json_t *e, json_t *extra,
		       const struct run_result *res, size_t i);
	/* Stressor i's figures into its entry of the document, once the
	 * entry is whole (its instances in): keys after the stressor's own. */
	int (*entry)(json_t *e, const struct run_result *res, size_t i,
		     const struct stressor_summary *s);
	/* The key of the object entry writes (NULL: none), and how the top
	 * of the document makes one of the passes' objects of that key
	 * (p[i] NULL where pass i has none); NULL: averaged as any figure. */
	const char *entry_key;
	json_t *(*mean)(json_t *const *p, size_t n);
	/* Stressor i's counts that the cost of a bogo-op divides by its ops
	 * (cost.h) into c; false: it has none for that stressor. */
	bool (*counted)(const struct run_result *res, size_t i, struct cost_counted *c);
	/* Stressor k of the pass's table (its runs' stressors in order, as
	 * run saw them): prints its miscellaneous-metric lines when print,
	 * after the stressor's own, and returns how many it has (0: none). */
	size_t (*lines)(void *state, size_t k, bool print);
	/* The lines under a pass's table, of what run kept since the last. */
	void (*report)(void *state, const struct plan *p);
	/* After the last pass: writes its files (write) or drops them (a
	 * session that could not open all its files), and frees what it
	 * holds; a file it cannot write is said in one line. */
	int (*close)(void *state, bool write);
};

#define MODE_OUTPUT_REGISTER(o)						\
	static const struct mode_output *const mode_output_ptr_##o	\
	SK_SECTION_ENTRY("sk_mode_outputs") = &(o)

/* The registered outputs in their modes' order; i < mode_outputs_count(). */
size_t mode_outputs_count(void);
const struct mode_output *mode_outputs_at(size_t i);
/* The output whose entry objects are under key, with a mean of its own;
 * NULL: none. */
const struct mode_output *mode_output_mean_of(const char *key);

#endif
