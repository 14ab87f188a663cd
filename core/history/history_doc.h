/*
 * history_doc.h - what stresskit history keeps of a results document
 * (--json): the series it belongs to (the machine, and the options that
 * make two runs comparable, hashed into a fingerprint), the run's
 * environment (kernel, stresskit and bogo-op versions) and every pass's
 * figures, read as compare reads them (series_figures.h).
 */
#ifndef STRESSKIT_HISTORY_DOC_H
#define STRESSKIT_HISTORY_DOC_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "series.h"

/* A 128-bit hash as hex, and its terminator */
#define HISTORY_HASH_HEX 33

struct history_doc {
	char machine[256];		/* "host (CPU model, N CPUs)" */
	char fingerprint[HISTORY_HASH_HEX];	/* of options */
	char *options;			/* compare_options_identity(), sorted JSON */
	char job[256];			/* "getppidk x1, pipe x2" */
	char kernel[128], kernel_version[128], stresskit_version[64];
	char arch[32];			/* uname -m: "x86_64"; "" unknown */
	char bogo_versions[256];	/* "getppidk=1, pipe=2" */
	char *environment;		/* the document's "environment", JSON; NULL if none */
	char *statuses;			/* each stressor's status over the passes, JSON */
	long long started;		/* system-info's epoch-secs; -1 unknown */
	bool lkp_names;			/* keys as lkp-tests names them (import-lkp) */
	size_t passes;
	struct series_set *pass;	/* each pass's figures, pass[0..passes-1] */
};

/*
 * FNV-1a of 128 bits over len bytes as 32 hex digits: the identity of a
 * file's content and of a series' options. Not for secrets: two results
 * files that collide by accident are about 2^-64 likely.
 */
void history_hash(const void *data, size_t len, char out[HISTORY_HASH_HEX]);

/*
 * Reads doc into d. Returns 0, or -EINVAL with one line in err when it is
 * not a stresskit results document (-ENOMEM without memory).
 */
int history_doc_read(const json_t *doc, struct history_doc *d, char *err, size_t errlen);
void history_doc_free(struct history_doc *d);

#endif
