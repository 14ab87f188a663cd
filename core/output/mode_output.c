/*
 * mode_output.c - the table of the modes' outputs (mode_output.h), in
 * the sk_mode_outputs section, sorted once by their modes' order.
 */
#include "mode_output.h"

#include <string.h>

#include "log.h"
#include "run_mode.h"
#include "section_table.h"

SECTION_TABLE_DECLARE(const struct mode_output *, sk_mode_outputs);

/* An output of no registered mode goes last, by its mode's name. */
static bool mode_output_before(const void *pa, const void *pb)
{
	const struct mode_output *a = pa, *b = pb;
	size_t ia = run_mode_index(run_mode_find(a->mode));
	size_t ib = run_mode_index(run_mode_find(b->mode));

	return ia != ib ? ia < ib : strcmp(a->mode, b->mode) < 0;
}

static struct {
	const struct mode_output *at[RUN_MODES_MAX];
	size_t n;
	bool sorted;
} mode_output_table;

size_t mode_outputs_count(void)
{
	if (!mode_output_table.sorted) {
		mode_output_table.sorted = true;
		mode_output_table.n = SECTION_TABLE_SORT(sk_mode_outputs, mode_output_table.at,
							 RUN_MODES_MAX, mode_output_before);
		if (SECTION_TABLE_COUNT(sk_mode_outputs) > RUN_MODES_MAX)
			log_fail("more than %d mode outputs registered", RUN_MODES_MAX);
	}
	return mode_output_table.n;
}

const struct mode_output *mode_outputs_at(size_t i)
{
	return i < mode_outputs_count() ? mode_output_table.at[i] : NULL;
}

const struct mode_output *mode_output_mean_of(const char *key)
{
	for (size_t i = 0; i < mode_outputs_count(); i++) {
		const struct mode_output *o = mode_outputs_at(i);

		if (o->entry_key && o->mean && !strcmp(o->entry_key, key))
			return o;
	}
	return NULL;
}
