/*
 * test_store.c - the JudyHS key space: binary keys, overwrite, delete,
 * lazy expiry, FLUSHALL, and many keys.
 */
#include <stdio.h>
#include <string.h>

#include "../../stressors/redis/store.h"
#include "unit.h"

START_TEST(test_set_get_del)
{
	struct store s;
	struct store_value *v;
	char big[10000];

	store_init(&s);
	ck_assert_ptr_null(store_get(&s, "k", 1));
	ck_assert_int_eq(store_set(&s, "k", 1, "one", 3, 0), 0);
	ck_assert_int_eq(store_set(&s, "k\0x", 3, "two", 3, 0), 0);
	ck_assert_int_eq(store_set(&s, "", 0, "", 0, 0), 0);
	memset(big, 'b', sizeof(big));
	ck_assert_int_eq(store_set(&s, big, sizeof(big), big, sizeof(big), 0), 0);
	ck_assert_uint_eq(s.keys, 4);

	v = store_get(&s, "k", 1);
	ck_assert(v && v->len == 3 && !memcmp(v->data, "one", 3));
	v = store_get(&s, "k\0x", 3);
	ck_assert(v && v->len == 3 && !memcmp(v->data, "two", 3));
	ck_assert_ptr_null(store_get(&s, "k\0y", 3));
	v = store_get(&s, "", 0);
	ck_assert(v && v->len == 0);
	v = store_get(&s, big, sizeof(big));
	ck_assert(v && v->len == sizeof(big) && !memcmp(v->data, big, sizeof(big)));

	/* overwrite replaces the value and keeps the count */
	ck_assert_int_eq(store_set(&s, "k", 1, "three", 5, 0), 0);
	v = store_get(&s, "k", 1);
	ck_assert(v && v->len == 5 && !memcmp(v->data, "three", 5));
	ck_assert_uint_eq(s.keys, 4);
	ck_assert_uint_eq(s.bytes, 5 + 3 + 0 + sizeof(big));

	ck_assert_int_eq(store_del(&s, "k", 1), 1);
	ck_assert_int_eq(store_del(&s, "k", 1), 0);
	ck_assert_ptr_null(store_get(&s, "k", 1));
	ck_assert_ptr_nonnull(store_get(&s, "k\0x", 3));
	ck_assert_uint_eq(s.keys, 3);
	store_flush(&s);
	ck_assert_uint_eq(s.keys, 0);
	ck_assert_ptr_null(store_get(&s, "k\0x", 3));
}
END_TEST

START_TEST(test_expiry)
{
	struct store s;
	int64_t now = store_now_ms();

	store_init(&s);
	ck_assert_int_eq(store_set(&s, "old", 3, "v", 1, now - 1), 0);
	ck_assert_int_eq(store_set(&s, "new", 3, "v", 1, now + 60000), 0);
	ck_assert_uint_eq(s.expires, 2);
	/* expired: gone on access, and counted out */
	ck_assert_ptr_null(store_get(&s, "old", 3));
	ck_assert_uint_eq(s.keys, 1);
	ck_assert_uint_eq(s.expires, 1);
	ck_assert_ptr_nonnull(store_get(&s, "new", 3));
	ck_assert_int_eq(store_del(&s, "old", 3), 0);
	/* a plain SET clears the expiry */
	ck_assert_int_eq(store_set(&s, "new", 3, "w", 1, 0), 0);
	ck_assert_uint_eq(s.expires, 0);
	store_flush(&s);
}
END_TEST

START_TEST(test_many_keys)
{
	struct store s;
	char key[32], val[32];

	store_init(&s);
	for (int i = 0; i < 20000; i++) {
		int n = snprintf(key, sizeof(key), "key:%012d", i);

		snprintf(val, sizeof(val), "%d", i * 7);
		ck_assert_int_eq(store_set(&s, key, (size_t)n, val, strlen(val), 0), 0);
	}
	ck_assert_uint_eq(s.keys, 20000);
	for (int i = 0; i < 20000; i += 3) {
		int n = snprintf(key, sizeof(key), "key:%012d", i);
		struct store_value *v = store_get(&s, key, (size_t)n);

		snprintf(val, sizeof(val), "%d", i * 7);
		ck_assert(v && v->len == strlen(val) && !memcmp(v->data, val, v->len));
	}
	for (int i = 0; i < 20000; i += 2) {
		int n = snprintf(key, sizeof(key), "key:%012d", i);

		ck_assert_int_eq(store_del(&s, key, (size_t)n), 1);
	}
	ck_assert_uint_eq(s.keys, 10000);
	store_flush(&s);
	ck_assert_uint_eq(s.keys, 0);
	ck_assert_ptr_null(s.judy);
}
END_TEST

static Suite *store_suite(void)
{
	Suite *s = suite_create("store");
	TCase *tc = tcase_create("judy");

	tcase_add_test(tc, test_set_get_del);
	tcase_add_test(tc, test_expiry);
	tcase_add_test(tc, test_many_keys);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(store_suite);
