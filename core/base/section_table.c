/*
 * section_table.c - the ordered copy of a linker-gathered table
 * (section_table.h).
 */
#include "section_table.h"

size_t section_table_sort(const void *const *entries, size_t n, const void **out,
			  size_t max, bool (*before)(const void *a, const void *b))
{
	size_t kept = 0;

	for (size_t i = 0; i < n && kept < max; i++) {
		size_t k = kept++;

		for (; k > 0 && before(entries[i], out[k - 1]); k--)
			out[k] = out[k - 1];
		out[k] = entries[i];
	}
	return kept;
}
