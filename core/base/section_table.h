/*
 * section_table.h - the tables the linker gathers. A REGISTER macro puts
 * a pointer to its entry in a named section (SK_SECTION_ENTRY); the
 * linker provides __start_SEC and __stop_SEC around the section's
 * pointers, declared weak so that a build with no entry still links
 * (both are then NULL). The section is read-only: a table that needs an
 * order copies it (section_table_sort).
 */
#ifndef STRESSKIT_SECTION_TABLE_H
#define STRESSKIT_SECTION_TABLE_H

#include <stdbool.h>
#include <stddef.h>

/* Declares section sec's bounds, an array of entries of type entry. */
#define SECTION_TABLE_DECLARE(entry, sec)                                   \
	extern entry const __start_##sec[] __attribute__((weak));          \
	extern entry const __stop_##sec[] __attribute__((weak))

/* The entries section sec holds: 0 when no object registered one. */
#define SECTION_TABLE_COUNT(sec)                                            \
	(__start_##sec ? (size_t)(__stop_##sec - __start_##sec) : 0)

/* Entry i of section sec (i < SECTION_TABLE_COUNT(sec)). */
#define SECTION_TABLE_AT(sec, i) (__start_##sec[i])

/*
 * Copies the n entries into out in the order before() gives, stable
 * (entries before() does not order keep the section's order), at most
 * max of them; returns how many were copied. An insertion sort: a table
 * holds a handful of entries.
 */
size_t section_table_sort(const void *const *entries, size_t n, const void **out,
			  size_t max, bool (*before)(const void *a, const void *b));

/* section_table_sort() of section sec's pointers into the array out. */
#define SECTION_TABLE_SORT(sec, out, max, before)                           \
	(SECTION_TABLE_COUNT(sec) ?                                         \
	 section_table_sort((const void *const *)__start_##sec,             \
			    SECTION_TABLE_COUNT(sec), (const void **)(out),  \
			    (max), (before)) : 0)

#endif
