/* test_compose.c - class names and mode selection through cli_parse. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classes.h"
#include "cli.h"
#include "unit.h"

START_TEST(test_class_parse)
{
	char err[256], names[128];
	struct cli_config cfg;
	uint32_t bit;

	unit_registry();
	ck_assert_int_eq(class_item(NULL, "pipe,os", 4, &bit, err, sizeof(err)), 0);
	ck_assert_uint_eq(1u << bit, CLASS_PIPE_IO);
	ck_assert_int_eq(class_item(NULL, "pip", 3, &bit, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "unknown class 'pip' (classes: compute cpu-cache "
			 "cpu device integer filesystem fp gpu hot interrupt io ipc "
			 "memory network os pipe scheduler search security signal "
			 "sort tlb vector vm)");
	ck_assert_int_eq(class_item(NULL, "", 0, &bit, err, sizeof(err)), -EINVAL);
	/* the robot's short names, taken on input */
	ck_assert_int_eq(class_item(NULL, "sched", 5, &bit, err, sizeof(err)), 0);
	ck_assert_uint_eq(1u << bit, CLASS_SCHEDULER);
	ck_assert_int_eq(class_item(NULL, "fs", 2, &bit, err, sizeof(err)), 0);
	ck_assert_uint_eq(1u << bit, CLASS_FILESYSTEM);
	/* a list goes through the engine's one list parser */
	ck_assert_int_eq(cli_parse(3, (char *[]){ "stresskit", "--class", "os,memory,pipe?",
						 NULL }, &cfg, err, sizeof(err)), 0);
	ck_assert_uint_eq(cfg.compose.class_mask, CLASS_OS | CLASS_MEMORY | CLASS_PIPE_IO);
	cli_free(&cfg);
	ck_assert_int_eq(cli_parse(3, (char *[]){ "stresskit", "--class", "pipe,?", NULL },
				   &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "unknown class '' (classes: compute cpu-cache "
			 "cpu device integer filesystem fp gpu hot interrupt io ipc "
			 "memory network os pipe scheduler search security signal "
			 "sort tlb vector vm)");
	cli_free(&cfg);
	class_format(CLASS_PIPE_IO | CLASS_CPU, names, sizeof(names));
	ck_assert_str_eq(names, "cpu pipe");
	class_format(CLASS_IPC | CLASS_SCHEDULER, names, sizeof(names));
	ck_assert_str_eq(names, "ipc scheduler");
	ck_assert_str_eq(class_name(CLASS_NETWORK), "network");
	ck_assert_ptr_null(class_name(1u << 30));
}
END_TEST

START_TEST(test_modes)
{
	struct cli_config cfg;
	char err[512];

	unit_registry();
	ck_assert_int_eq(unit_parse_line("--class pipe --sequential 3", &cfg, err, sizeof(err)), 0);
	ck_assert_int_eq(cfg.compose.composition, COMPOSE_SEQUENTIAL);
	ck_assert(unit_choice_of(&cfg, "pipe")->selected);
	ck_assert_uint_eq(unit_choice_of(&cfg, "pipe")->instances, 3);
	cli_free(&cfg);

	/* an explicit --NAME keeps its own count, in any order */
	ck_assert_int_eq(unit_parse_line("--pipe 5 --all 2", &cfg, err, sizeof(err)), 0);
	ck_assert_int_eq(cfg.compose.composition, COMPOSE_PARALLEL);
	ck_assert_uint_eq(unit_choice_of(&cfg, "pipe")->instances, 5);
	cli_free(&cfg);

	ck_assert_int_eq(unit_parse_line("--parallel 0 --with pipe", &cfg, err, sizeof(err)), 0);
	ck_assert_uint_eq(unit_choice_of(&cfg, "pipe")->instances, cfg.ncpus);
	cli_free(&cfg);

	ck_assert_int_eq(unit_parse_line("--class pipe?", &cfg, err, sizeof(err)), 0);
	ck_assert_int_eq(cfg.action, CLI_LIST_CLASS);
	ck_assert_uint_eq(cfg.compose.class_mask, CLASS_PIPE_IO);
	cli_free(&cfg);

	ck_assert_int_eq(unit_parse_line("--with pipe --pipe 1", &cfg, err, sizeof(err)), -EINVAL);
	cli_free(&cfg);
	ck_assert_int_eq(unit_parse_line("--seq 1 --all 1", &cfg, err, sizeof(err)), -EINVAL);
	cli_free(&cfg);
	/* --exclude of a name of no stressor here leaves nothing out (LKP's
	 * class lines exclude stress-ng's spawn and exec); --with refuses it */
	ck_assert_int_eq(unit_parse_line("--seq 1 --exclude nosuch", &cfg, err, sizeof(err)), 0);
	cli_free(&cfg);
	ck_assert_int_eq(unit_parse_line("--seq 1 --exclude no/such", &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "invalid stressor name 'no/such' in --exclude"));
	cli_free(&cfg);
}
END_TEST

static Suite *compose_suite(void)
{
	Suite *s = suite_create("compose");
	TCase *tc = tcase_create("compose");

	tcase_add_test(tc, test_class_parse);
	tcase_add_test(tc, test_modes);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(compose_suite);
