/*
 * test_store.c - the JudyHS key space: binary keys, overwrite, delete,
 * lazy and active expiry (the expiry index), FLUSHALL, many keys, SCAN's
 * walk in the order of creation, and avg_ttl.
 */
#include <stdbool.h>
#include <stdint.h>
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

/* Active expiry: the index finds due keys without an access, oldest first. */
START_TEST(test_active_expiry)
{
	struct store s;
	int64_t base = store_now_ms() + 3600 * 1000;
	char key[32];

	store_init(&s);
	for (int i = 0; i < 1000; i++) {
		int n = snprintf(key, sizeof(key), "e%d", i);

		/* ten keys due in each of 100 ms, in no order */
		ck_assert_int_eq(store_set(&s, key, (size_t)n, "v", 1, base + (i * 37) % 100), 0);
	}
	ck_assert_int_eq(store_set(&s, "keep", 4, "v", 1, 0), 0);
	ck_assert_uint_eq(s.keys, 1001);
	ck_assert_uint_eq(s.expires, 1000);
	ck_assert_uint_eq(store_expire(&s, base - 1, SIZE_MAX), 0);
	/* at most max a call, the earliest */
	ck_assert_uint_eq(store_expire(&s, base + 99, 15), 15);
	ck_assert_uint_eq(s.keys, 986);
	ck_assert_uint_eq(store_expire(&s, base + 49, SIZE_MAX), 485);
	ck_assert_uint_eq(s.keys, 501);
	ck_assert_uint_eq(s.expires, 500);
	ck_assert_uint_eq(s.bytes, 501);
	ck_assert_uint_eq(s.expired, 500);
	for (int i = 0; i < 1000; i++) {
		int n = snprintf(key, sizeof(key), "e%d", i);
		bool due = (i * 37) % 100 <= 49;

		ck_assert_int_eq(store_get(&s, key, (size_t)n) == NULL, due);
	}
	/* a new expiry moves a key in the index, a plain SET takes it out,
	 * and a value of another length keeps its place */
	ck_assert_int_eq(store_set(&s, "e5", 2, "w", 1, base + 1000), 0);
	ck_assert_int_eq(store_set(&s, "e2", 2, "w", 1, 0), 0);
	ck_assert_int_eq(store_set(&s, "e7", 2, "longer", 6, base + (7 * 37) % 100), 0);
	ck_assert_uint_eq(s.keys, 501);
	ck_assert_uint_eq(store_expire(&s, base + 99, SIZE_MAX), 498);
	ck_assert_uint_eq(s.keys, 3);
	ck_assert_ptr_nonnull(store_get(&s, "e5", 2));
	ck_assert_ptr_nonnull(store_get(&s, "e2", 2));
	ck_assert_ptr_null(store_get(&s, "e7", 2));
	ck_assert_uint_eq(store_expire(&s, base + 1000, SIZE_MAX), 1);
	ck_assert_uint_eq(s.keys, 2);
	ck_assert_uint_eq(s.expires, 0);
	ck_assert_ptr_null(s.expiry);
	store_flush(&s);
}
END_TEST

/* Two values due in the same ms replace each other: the slot stays. */
START_TEST(test_expiry_same_ms)
{
	struct store s;
	int64_t due = store_now_ms() + 3600 * 1000;

	store_init(&s);
	ck_assert_int_eq(store_set(&s, "a", 1, "1", 1, due), 0);
	ck_assert_int_eq(store_set(&s, "a", 1, "22", 2, due), 0);
	ck_assert_int_eq(store_set(&s, "b", 1, "1", 1, due), 0);
	ck_assert_int_eq(store_del(&s, "a", 1), 1);
	ck_assert_ptr_nonnull(s.expiry);
	ck_assert_uint_eq(store_expire(&s, due, SIZE_MAX), 1);
	ck_assert_uint_eq(s.keys, 0);
	ck_assert_ptr_null(s.expiry);
	ck_assert_int_eq(store_set(&s, "c", 1, "1", 1, due), 0);
	store_flush(&s);
	ck_assert_ptr_null(s.expiry);
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

/* Collects a whole SCAN walk, COUNT 1 at a time, into seen[]. */
static size_t store_walk_all(struct store *s, const struct store_value **seen, size_t max)
{
	uint64_t at = 0;
	const struct store_value *v;
	size_t n = 0;

	while ((v = store_walk(s, &at)) && n < max)
		seen[n++] = v;
	return n;
}

START_TEST(test_walk_places)
{
	const struct store_value *seen[16];
	const struct store_value *v;
	uint64_t at = 0;
	struct store s;

	store_init(&s);
	ck_assert_ptr_null(store_walk(&s, &at));
	ck_assert_int_eq(store_set(&s, "a", 1, "1", 1, 0), 0);
	ck_assert_int_eq(store_set(&s, "b", 1, "2", 1, 0), 0);
	ck_assert_int_eq(store_set(&s, "c", 1, "3", 1, 0), 0);
	/* in the order of creation */
	ck_assert_uint_eq(store_walk_all(&s, seen, 16), 3);
	ck_assert(!memcmp(store_key(seen[0]), "a", 1) && !memcmp(store_key(seen[2]), "c", 1));
	/* half way through, a key is replaced by a longer value (a new
	 * allocation), one is deleted and one is made: the walk still meets
	 * the replaced key once, in its place, and the new one after */
	at = 0;
	v = store_walk(&s, &at);
	ck_assert(v && !memcmp(store_key(v), "a", 1));
	ck_assert_int_eq(store_set(&s, "a", 1, "longer", 6, 0), 0);
	ck_assert_int_eq(store_set(&s, "c", 1, "three", 5, 0), 0);
	ck_assert_int_eq(store_del(&s, "b", 1), 1);
	ck_assert_int_eq(store_set(&s, "d", 1, "4", 1, 0), 0);
	v = store_walk(&s, &at);
	ck_assert(v && !memcmp(store_key(v), "c", 1) && v->len == 5);
	v = store_walk(&s, &at);
	ck_assert(v && !memcmp(store_key(v), "d", 1));
	ck_assert_ptr_null(store_walk(&s, &at));
	/* FLUSHALL empties the order too */
	store_flush(&s);
	at = 0;
	ck_assert_ptr_null(store_walk(&s, &at));
	ck_assert_int_eq(store_set(&s, "e", 1, "5", 1, 0), 0);
	ck_assert_uint_eq(store_walk_all(&s, seen, 16), 1);
	store_flush(&s);
}
END_TEST

START_TEST(test_avg_ttl)
{
	int64_t now = store_now_ms();
	struct store s;

	store_init(&s);
	ck_assert_int_eq(store_avg_ttl(&s, now), 0);
	ck_assert_int_eq(store_set(&s, "p", 1, "v", 1, 0), 0);
	ck_assert_int_eq(store_set(&s, "a", 1, "v", 1, now + 100000), 0);
	ck_assert_int_eq(store_set(&s, "b", 1, "v", 1, now + 300000), 0);
	ck_assert_int_eq(store_avg_ttl(&s, now), 200000);
	/* an overwrite in place with another expiry, a delete, a persist */
	ck_assert_int_eq(store_set(&s, "a", 1, "w", 1, now + 500000), 0);
	ck_assert_int_eq(store_avg_ttl(&s, now), 400000);
	ck_assert_int_eq(store_del(&s, "b", 1), 1);
	ck_assert_int_eq(store_avg_ttl(&s, now), 500000);
	ck_assert_int_eq(store_set(&s, "a", 1, "no expiry", 9, 0), 0);
	ck_assert_int_eq(store_avg_ttl(&s, now), 0);
	/* expiry times far off do not overflow the sum */
	for (int i = 0; i < 1000; i++) {
		char k[16];

		snprintf(k, sizeof(k), "x%d", i);
		ck_assert_int_eq(store_set(&s, k, strlen(k), "v", 1, INT64_MAX - 1000), 0);
	}
	ck_assert_int_eq(store_avg_ttl(&s, now), INT64_MAX - 1000 - now);
	store_flush(&s);
}
END_TEST

static Suite *store_suite(void)
{
	Suite *s = suite_create("store");
	TCase *tc = tcase_create("judy");

	tcase_add_test(tc, test_set_get_del);
	tcase_add_test(tc, test_expiry);
	tcase_add_test(tc, test_active_expiry);
	tcase_add_test(tc, test_expiry_same_ms);
	tcase_add_test(tc, test_many_keys);
	tcase_add_test(tc, test_walk_places);
	tcase_add_test(tc, test_avg_ttl);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(store_suite);
