/* test_section_table.c - the ordered copy of a linker-gathered table. */
#include "section_table.h"
#include "unit.h"

struct entry {
	int rank;
	const char *name;
};

static bool by_rank(const void *a, const void *b)
{
	return ((const struct entry *)a)->rank < ((const struct entry *)b)->rank;
}

START_TEST(test_sort_stable_and_bounded)
{
	const struct entry e[] = { { 2, "c" }, { 1, "a" }, { 2, "d" }, { 0, "z" }, { 1, "b" } };
	const void *in[] = { &e[0], &e[1], &e[2], &e[3], &e[4] };
	const void *out[5];
	const char *want = "zabcd";

	ck_assert_uint_eq(section_table_sort(in, 5, out, 5, by_rank), 5);
	/* by rank, and the section's order among equal ranks */
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(((const struct entry *)out[i])->name[0], want[i]);
	/* past max, the section's later entries are left out */
	ck_assert_uint_eq(section_table_sort(in, 5, out, 2, by_rank), 2);
	ck_assert_str_eq(((const struct entry *)out[0])->name, "a");
	ck_assert_str_eq(((const struct entry *)out[1])->name, "c");
	ck_assert_uint_eq(section_table_sort(in, 0, out, 5, by_rank), 0);
}
END_TEST

static Suite *section_table_suite(void)
{
	Suite *s = suite_create("section_table");
	TCase *tc = tcase_create("sort");

	tcase_add_test(tc, test_sort_stable_and_bounded);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(section_table_suite);
