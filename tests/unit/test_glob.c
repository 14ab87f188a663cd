/*
 * test_glob.c - the glob of KEYS, SCAN MATCH and CONFIG GET
 * (stressors/redis/glob.c): each token, classes and ranges, escapes, case,
 * binary strings, and a pattern that would be exponential by recursion.
 */
#include <string.h>

#include "../../stressors/redis/glob.h"
#include "unit.h"

static bool glob_is(const char *pat, const char *str, bool nocase)
{
	return glob_match(pat, strlen(pat), str, strlen(str), nocase);
}

START_TEST(test_tokens)
{
	ck_assert(glob_is("*", "", false));
	ck_assert(glob_is("*", "anything", false));
	ck_assert(glob_is("k*", "k", false));
	ck_assert(glob_is("k*1", "kx1y1", false));
	ck_assert(!glob_is("k*1", "kx1y", false));
	ck_assert(glob_is("a?c", "abc", false));
	ck_assert(!glob_is("a?c", "ac", false));
	ck_assert(glob_is("h[ae]llo", "hallo", false));
	ck_assert(!glob_is("h[ae]llo", "hillo", false));
	ck_assert(glob_is("h[^e]llo", "hallo", false));
	ck_assert(!glob_is("h[^e]llo", "hello", false));
	ck_assert(glob_is("k[1-3]", "k2", false));
	ck_assert(glob_is("k[3-1]", "k2", false));	/* a range either way round */
	ck_assert(!glob_is("k[1-3]", "k4", false));
	ck_assert(glob_is("a\\*b", "a*b", false));
	ck_assert(!glob_is("a\\*b", "axb", false));
	ck_assert(glob_is("[\\]]", "]", false));
	ck_assert(glob_is("[k", "k", false));		/* a class the end closes */
	ck_assert(!glob_is("[k", "k1", false));
	ck_assert(!glob_is("", "a", false));
	ck_assert(glob_is("", "", false));
}
END_TEST

START_TEST(test_case_and_binary)
{
	ck_assert(!glob_is("MAX*", "maxmemory", false));
	ck_assert(glob_is("MAX*", "maxmemory", true));
	ck_assert(glob_is("[M]AXMEMORY", "maxmemory", true));
	ck_assert(glob_is("[A-Z]x", "qx", true));
	ck_assert(glob_match("a?b", 3, "a\0b", 3, false));
	ck_assert(glob_match("a\0*", 3, "a\0bc", 4, false));
	ck_assert(!glob_match("a\0*", 3, "a\1bc", 4, false));
}
END_TEST

START_TEST(test_no_blowup)
{
	char pat[64], str[4096];

	/* "a*a*a*...*b" against a run of a's: a matcher that recursed at
	 * each star would take exponential time; this one at most pattern
	 * length x string length steps */
	for (int i = 0; i < 30; i++) {
		pat[2 * i] = 'a';
		pat[2 * i + 1] = '*';
	}
	pat[60] = 'b';
	memset(str, 'a', sizeof(str));
	ck_assert(!glob_match(pat, 61, str, sizeof(str), false));
	str[sizeof(str) - 1] = 'b';
	ck_assert(glob_match(pat, 61, str, sizeof(str), false));
}
END_TEST

static Suite *glob_suite(void)
{
	Suite *s = suite_create("glob");
	TCase *tc = tcase_create("match");

	tcase_add_test(tc, test_tokens);
	tcase_add_test(tc, test_case_and_binary);
	tcase_add_test(tc, test_no_blowup);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(glob_suite);
