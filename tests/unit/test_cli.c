/* test_cli.c - the command line: every global value in its final form when parsed, and the errors. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "parse.h"
#include "registry.h"
#include "run_mode.h"
#include "unit.h"
#include "warmup.h"

/* Expects the line to fail with exactly this message. */
static void refused(const char *line, const char *msg)
{
	struct cli_config cfg;
	char err[512];

	ck_assert_msg(unit_parse_line(line, &cfg, err, sizeof(err)) != 0, "%s: accepted", line);
	ck_assert_str_eq(err, msg);
	cli_free(&cfg);
}

START_TEST(test_final_forms)
{
	struct cli_config cfg;
	char err[512];

	ck_assert_int_eq(unit_parse_line("--pipe 2 --pipe-ops 7 -t 1.5m --repeat 3 --taskset 0 "
				    "--instance-mode process --warmup 2s --log-prefix stress-ng "
				    "-M --json=x.json", &cfg, err, sizeof(err)), 0);
	ck_assert(cfg.set.timeout == 90);
	ck_assert_int_eq(cfg.given[G_TIMEOUT], GIVEN_LINE);
	ck_assert_int_eq(cfg.given[G_YAML], GIVEN_NOT);
	ck_assert_uint_eq(cfg.set.repeat, 3);
	ck_assert_uint_eq(cfg.set.taskset.mask[0], 1);
	ck_assert_int_eq(cfg.set.instance_kind, CLI_PROCESSES);
	ck_assert(((const struct warmup_opts *)
		   cfg.mode_opts[run_mode_index(run_mode_find("warmup"))])->seconds == 2);
	ck_assert_str_eq(cfg.set.log_prefix, "stress-ng");
	ck_assert(cfg.set.metrics);
	ck_assert_str_eq(cfg.set.json_path, "x.json");
	ck_assert_uint_eq(cfg.choice[registry_index(registry_find("pipe"))].instances, 2);
	ck_assert_uint_eq(cfg.choice[registry_index(registry_find("pipe"))].ops, 7);
	cli_free(&cfg);

	/* the defaults, from the same rows */
	ck_assert_int_eq(unit_parse_line("--pipe 1", &cfg, err, sizeof(err)), 0);
	ck_assert_uint_eq(cfg.set.repeat, 1);
	ck_assert_str_eq(cfg.set.log_prefix, "stresskit");
	ck_assert_int_eq(cfg.given[G_TIMEOUT], GIVEN_NOT);
	ck_assert_uint_eq(cfg.set.seq_n, 0);
	cli_free(&cfg);

	/* aliases land on the option they spell */
	ck_assert_int_eq(unit_parse_line("--seq 2", &cfg, err, sizeof(err)), 0);
	ck_assert_uint_eq(cfg.set.seq_n, 2);
	ck_assert_int_eq(cfg.given[G_SEQUENTIAL], GIVEN_LINE);
	cli_free(&cfg);
	ck_assert_int_eq(unit_parse_line("--parallel 1 --with pipe --scale-steps 1,3", &cfg, err,
				    sizeof(err)), 0);
	ck_assert_uint_eq(cfg.set.all_n, 1);
	ck_assert_uint_eq(cfg.set.scale_steps.n, 2);
	ck_assert(cfg.set.scale);		/* implied */
	cli_free(&cfg);
}
END_TEST

START_TEST(test_refused)
{
	struct cli_config cfg;
	char err[512];

	refused("--pipe 1 --taskset 9999",
		"invalid --taskset '9999': expected a CPU list like 0,2-3 (CPUs 0 to 1023)");
	/* a CPU that is not there is refused when read, not at fork */
	ck_assert_int_eq(unit_parse_line("--pipe 1 --taskset 0,1000", &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "invalid --taskset '0,1000': CPU 1000 is not one "
				     "this process may run on (CPUs: 0"));
	cli_free(&cfg);
	refused("--pipe 1 --repeat 0",
		"invalid --repeat '0': expected a whole number of runs from 1 to 10000, or auto");
	refused("--pipe 1 --instance-mode bogus",
		"invalid --instance-mode 'bogus': expected process, thread or both");
	refused("--seq x",
		"invalid --sequential 'x': expected an instance count from 0 to 8192 "
		"(0 or negative: one per online CPU, N%: a share of them)");
	refused("--pipe 1 --timeout 1x",
		"invalid --timeout '1x': expected a time of 0 or more, like 10, 10s, 5m, 2h "
		"(suffixes ms s m h d w y)");
	refused("--pipe 1 --log-prefix=a\tb", "invalid --log-prefix 'a\tb': expected one word");
	refused("--pipe 1 --scale-steps 2,1",
		"invalid --scale-steps '2,1': expected increasing instance counts from 1 to 8192, "
		"like 1,2,4,8 (at most 256)");
	refused("--pipe 1 --pipe-ops x",
		"invalid --pipe-ops 'x': expected a whole number of bogo-ops from 0 to "
		"18446744073709551615");
	refused("--pipe 1 --metrics=yes", "--metrics takes no value");
	refused("--pipe 1 -Mx", "unknown option -Mx (see stresskit --help)");
	refused("--pipe 1 --temp-path", "--temp-path needs a value");
	refused("--pipe 1 --nosuch", "unknown option --nosuch (see stresskit --help)");
	refused("--pipe", "--pipe needs a value");
	refused("--help nosuch", "--help: unknown stressor 'nosuch' (see stresskit --stressors)");
	refused("--pipe 1 --all 1 --seq 1",
		"--sequential and --all (--parallel) exclude each other: choose one");
	refused("--pipe 1 --splice 1 --scale",
		"--scale sweeps one stressor: select exactly one with --NAME N");
	refused("--pipe 1 --scale -t 0", "--scale needs a --timeout above 0 for each step");
	refused("--pipe 1 --scale --repeat 2",
		"--scale does not combine with --repeat or --dry-run: run the sweep again to repeat it");
	refused("--pipe 1 --instance-mode thread",
		"pipe cannot run with --instance-mode thread: it forks or changes process-wide state");
	refused("--pipe 1 --scale --instance-mode both",
		"--instance-mode both runs each step as processes and as threads: "
		"it needs --scale-format will-it-scale");
	refused("--pthread_mutex1 1 --scale-format will-it-scale --instance-mode process",
		"pthread_mutex1 runs only with --instance-mode thread: "
		"its instances share one address space");
	refused("-t 1", "no stressor selected: give --NAME N (see stresskit --stressors)");
}
END_TEST

/* --confidence and --repeat-until: parsed once, by their rows, to numbers. */
START_TEST(test_repeat_specs)
{
	static const struct { const char *line, *err; } bad[] = {
		{ "--confidence 100", "invalid --confidence '100': expected a level in "
		  "percent above 0 and below 100, like 95 or 99" },
		{ "--confidence 9.5e1%x", "invalid --confidence '9.5e1%x': expected a level "
		  "in percent above 0 and below 100, like 95 or 99" },
		{ "--repeat-until 5,2", "invalid --repeat-until '5,2': expected PCT[,MAX], "
		  "a half-width above 0% and at most 100% of the mean and at most MAX "
		  "passes (3 to 10000), like 2 or 1.5%,20" },
		/* two options: each quoted as typed */
		{ "--repeat-until 5%,4 --repeat 06", "--repeat-until '5%,4' and --repeat '06' "
		  "give two maximums: give one" },
		{ "--repeat-until 5 --repeat 2", "--repeat-until needs at least 3 passes: "
		  "--repeat '2' is too few" },
		/* refused where it stands, though a good one follows */
		{ "--steady-state ops_slope:0 --steady-state ops_slope:1",
		  "invalid --steady-state 'ops_slope:0': expected ops_slope:X% or "
		  "ops_range:X% with X above 0, like ops_slope:0.5%" },
	};
	struct cli_config cfg;
	char err[256], line[160];

	ck_assert_int_eq(unit_parse_line("--pipe 1", &cfg, err, sizeof(err)), 0);
	ck_assert_double_eq(cfg.set.rep.confidence, 95);
	ck_assert_double_eq(cfg.set.rep.until.pct, 0);
	ck_assert_uint_eq(cfg.set.repeat, 1);
	cli_free(&cfg);
	ck_assert_int_eq(unit_parse_line("--pipe 1 --confidence 99.5% --repeat-until 1.5%,20",
					 &cfg, err, sizeof(err)), 0);
	ck_assert_double_eq(cfg.set.rep.confidence, 99.5);
	ck_assert_double_eq(cfg.set.rep.until.pct, 1.5);
	ck_assert_uint_eq(cfg.set.rep.until.max, 20);
	ck_assert_uint_eq(cfg.set.repeat, 20);
	cli_free(&cfg);
	/* without MAX: --repeat N, else 30 */
	ck_assert_int_eq(unit_parse_line("--pipe 1 --repeat-until 2 --repeat 7",
					 &cfg, err, sizeof(err)), 0);
	ck_assert_uint_eq(cfg.set.rep.until.max, 0);
	ck_assert_uint_eq(cfg.set.repeat, 7);
	cli_free(&cfg);
	ck_assert_int_eq(unit_parse_line("--pipe 1 --repeat-until 2", &cfg, err, sizeof(err)), 0);
	ck_assert_uint_eq(cfg.set.repeat, 30);
	cli_free(&cfg);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(line, sizeof(line), "--pipe 1 %s", bad[i].line);
		ck_assert_int_eq(unit_parse_line(line, &cfg, err, sizeof(err)), -EINVAL);
		ck_assert_str_eq(err, bad[i].err);
		cli_free(&cfg);
	}
}
END_TEST

START_TEST(test_actions)
{
	struct cli_config cfg;
	char err[512];

	ck_assert_int_eq(unit_parse_line("--help pipe", &cfg, err, sizeof(err)), 0);
	ck_assert_int_eq(cfg.action, CLI_HELP_STRESSOR);
	ck_assert_str_eq(cfg.help_stressor->name, "pipe");
	cli_free(&cfg);
	ck_assert_int_eq(unit_parse_line("-V", &cfg, err, sizeof(err)), 0);
	ck_assert_int_eq(cfg.action, CLI_VERSION);
	cli_free(&cfg);
	ck_assert_int_eq(unit_parse_line("--stressors", &cfg, err, sizeof(err)), 0);
	ck_assert_int_eq(cfg.action, CLI_LIST_STRESSORS);
	cli_free(&cfg);
	ck_assert_ptr_eq(cli_find_row("seq", 0), &cli_rows[G_SEQ]);
	ck_assert_ptr_eq(cli_find_row(NULL, 't'), &cli_rows[G_TIMEOUT]);
	/* every row of the table is where its index says */
	for (size_t i = 0; i < G_COUNT; i++)
		ck_assert_ptr_nonnull(cli_rows[i].opt.name);
}
END_TEST

static Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("cli");

	tcase_add_test(tc, test_final_forms);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_actions);
	tcase_add_test(tc, test_repeat_specs);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(cli_suite);
