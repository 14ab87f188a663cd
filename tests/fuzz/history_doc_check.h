/*
 * history_doc_check.h - what a struct history_doc read without error
 * promises the rest of "stresskit history" (history_add.c stores it
 * as it is), checked by the harnesses of its two readers: every text
 * field ends inside its array; the fingerprint is the hash of the
 * options, which are a JSON object; the environment, when kept, is
 * JSON; there is at least one pass, and in each pass a key has one
 * value (a pass's row in the passes table is keyed by run, metric and
 * pass) and is there once, and every value is finite.
 */
#ifndef STRESSKIT_FUZZ_HISTORY_DOC_CHECK_H
#define STRESSKIT_FUZZ_HISTORY_DOC_CHECK_H

#include <math.h>
#include <string.h>

#include "capture.h"
#include "history_doc.h"

#define FUZZ_ENDS(field) fuzz_check(strnlen(field, sizeof(field)) < sizeof(field))

static inline void fuzz_history_doc_check(const struct history_doc *d)
{
	char hash[HISTORY_HASH_HEX];
	json_t *j;

	FUZZ_ENDS(d->machine);
	FUZZ_ENDS(d->job);
	FUZZ_ENDS(d->kernel);
	FUZZ_ENDS(d->kernel_version);
	FUZZ_ENDS(d->stresskit_version);
	FUZZ_ENDS(d->arch);
	FUZZ_ENDS(d->bogo_versions);
	fuzz_check(d->options != NULL);
	history_hash(d->options, strlen(d->options), hash);
	fuzz_check(!strcmp(hash, d->fingerprint));
	j = json_loadb(d->options, strlen(d->options), 0, NULL);
	fuzz_check(json_is_object(j));
	json_decref(j);
	if (d->environment) {
		j = json_loadb(d->environment, strlen(d->environment), JSON_DECODE_ANY, NULL);
		fuzz_check(j != NULL);
		json_decref(j);
	}
	fuzz_check(d->passes >= 1 && d->pass != NULL);
	for (size_t p = 0; p < d->passes; p++) {
		const struct series_set *set = &d->pass[p];

		for (size_t k = 0; k < set->n; k++) {
			const struct series *sr = &set->s[k];

			fuzz_check(sr->key != NULL && sr->key[0] != '\0');
			fuzz_check(sr->n == 1 && isfinite(sr->v[0]));
			for (size_t o = 0; o < k; o++)
				fuzz_check(strcmp(set->s[o].key, sr->key) != 0);
		}
	}
}

#endif
