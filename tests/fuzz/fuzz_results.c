/*
 * fuzz_results.c - libFuzzer harness for reading a results document back
 * (what stresskit compare does with its files): the input is parsed as
 * JSON, turned into series, and each series summarised and formatted.
 * Every outcome is fine except a crash, a leak or undefined behaviour.
 */
#include <jansson.h>
#include <stdint.h>

#include "series.h"
#include "stats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *doc = json_loadb((const char *)data, size, 0, NULL);
	struct series_set set;
	char err[256], cell[64];

	if (!doc)
		return 0;
	if (series_from_doc(doc, &set, err, sizeof(err)) == 0) {
		for (size_t i = 0; i < set.n; i++) {
			struct stats st;

			stats_compute(set.s[i].v, set.s[i].n, &st);
			series_format_cell(&st, cell, sizeof(cell));
			(void)series_find(&set, set.s[i].key);
		}
		series_free(&set);
	}
	json_decref(doc);
	return 0;
}
