/* test_registry.c - registry validation, and every stressor unit registered. */
#include "config.h"
#include <string.h>

#include "registry.h"
#include "unit.h"

static int dummy_run(struct instance *in)
{
	(void)in;
	return SK_OK;
}

/* The fields every descriptor must have (test_descriptor.c checks each). */
#define VALID .summary = "s", .classes = CLASS_CPU, .syscalls = SK_NO_SYSCALLS

START_TEST(test_validate_sorts)
{
	const struct stressor b = { .name = "b", .run = dummy_run, VALID };
	const struct stressor a = { .name = "a", .run = dummy_run, VALID };
	const struct stressor *list[] = { &b, &a };
	char err[128];

	ck_assert_int_eq(registry_validate(list, 2, err, sizeof(err)), 0);
	ck_assert_str_eq(list[0]->name, "a");
	ck_assert_str_eq(list[1]->name, "b");
}
END_TEST

START_TEST(test_validate_rejects)
{
	const struct stressor a = { .name = "a", .run = dummy_run, VALID };
	const struct stressor a2 = { .name = "a", .run = dummy_run, VALID };
	const struct stressor norun = { .name = "norun", VALID };
	const struct stressor upper = { .name = "Bad", .run = dummy_run, VALID };
	const struct stressor noname = { .run = dummy_run, VALID };
	const struct stressor digit = { .name = "1a", .run = dummy_run, VALID };
	const struct stressor space = { .name = "a b", .run = dummy_run, VALID };
	const struct stressor wis = { .name = "tlb_flush1", .run = dummy_run, VALID };
	const struct stressor *dup[] = { &a, &a2 };
	const struct stressor *missing[] = { &norun };
	const struct stressor *bad[] = { &upper };
	const struct stressor *none[] = { &noname };
	char err[128];

	ck_assert_int_ne(registry_validate(dup, 2, err, sizeof(err)), 0);
	ck_assert_ptr_nonnull(strstr(err, "registered twice"));
	ck_assert_int_ne(registry_validate(missing, 1, err, sizeof(err)), 0);
	ck_assert_ptr_nonnull(strstr(err, ".run: missing"));
	ck_assert_int_ne(registry_validate(bad, 1, err, sizeof(err)), 0);
	ck_assert_int_ne(registry_validate(none, 1, err, sizeof(err)), 0);
	bad[0] = &digit;
	ck_assert_int_ne(registry_validate(bad, 1, err, sizeof(err)), 0);
	bad[0] = &space;
	ck_assert_int_ne(registry_validate(bad, 1, err, sizeof(err)), 0);
	/* will-it-scale's names keep their underscore */
	bad[0] = &wis;
	ck_assert_int_eq(registry_validate(bad, 1, err, sizeof(err)), 0);
}
END_TEST

/*
 * STRESSOR_UNITS is the Makefile's list of the stressor files and folders
 * it compiled; each must have registered a stressor named after it (a
 * file may register several: pread registers pread1, pread2, pread3).
 */
START_TEST(test_every_unit_registered)
{
	char units[] = STRESSOR_UNITS;
	size_t n_units = 0;

	unit_registry();
	for (char *u = strtok(units, " "); u; u = strtok(NULL, " ")) {
		bool found = false;

		for (size_t i = 0; i < registry_count(); i++)
			if (!strncmp(registry_at(i)->name, u, strlen(u)))
				found = true;
		ck_assert_msg(found, "stressors/%s compiled but registered nothing", u);
		n_units++;
	}
	ck_assert_uint_gt(n_units, 0);
	ck_assert_uint_ge(registry_count(), n_units);
	for (size_t i = 1; i < registry_count(); i++)
		ck_assert_int_lt(strcmp(registry_at(i - 1)->name, registry_at(i)->name), 0);
	ck_assert_ptr_nonnull(registry_find("pipe"));
	ck_assert_ptr_null(registry_find("nosuch"));
}
END_TEST

/*
 * Every built-in has a bogo-op version (registry_init refuses one
 * without), a short word that registry_version gives back.
 */
START_TEST(test_every_builtin_versioned)
{
	unit_registry();
	for (size_t i = 0; i < registry_count(); i++) {
		const struct stressor *s = registry_at(i);
		const char *v = registry_version(s);

		if (registry_origin(s))
			continue;
		ck_assert_msg(v && *v, "stressor %s has no .version", s->name);
		ck_assert_ptr_eq(v, s->version);
		ck_assert_uint_le(strlen(v), SK_STRESSOR_VERSION_MAX);
	}
	ck_assert_ptr_null(registry_version(NULL));
}
END_TEST

/* The instance-mode flags: each refuses one mode, none refuses neither. */
START_TEST(test_mode_fits)
{
	const struct stressor any = { .name = "x", .run = dummy_run };
	const struct stressor forks = { .name = "x", .run = dummy_run,
					.flags = STRESSOR_NO_THREADS };
	const struct stressor shares = { .name = "x", .run = dummy_run,
					 .flags = STRESSOR_THREADS_ONLY };

	ck_assert(stressor_kind_fits(&any, false) && stressor_kind_fits(&any, true));
	ck_assert(stressor_kind_fits(&forks, false) && !stressor_kind_fits(&forks, true));
	ck_assert(!stressor_kind_fits(&shares, false) && stressor_kind_fits(&shares, true));
}
END_TEST

START_TEST(test_supported)
{
	const struct stressor none = { .name = "x", .run = dummy_run };
	const struct stressor have = { .name = "x", .run = dummy_run, .needs = "splice" };
	const struct stressor missing = { .name = "x", .run = dummy_run,
					  .needs = "splice no-such-feature" };

	ck_assert(stressor_supported(&none));
	ck_assert(stressor_supported(&have) == (strstr(SK_FEATURES, "splice") != NULL));
	ck_assert(!stressor_supported(&missing));
}
END_TEST

static Suite *registry_suite(void)
{
	Suite *s = suite_create("registry");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_validate_sorts);
	tcase_add_test(tc, test_validate_rejects);
	tcase_add_test(tc, test_every_unit_registered);
	tcase_add_test(tc, test_every_builtin_versioned);
	tcase_add_test(tc, test_supported);
	tcase_add_test(tc, test_mode_fits);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(registry_suite);
