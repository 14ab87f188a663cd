/* test_opts.c - typed option tables: defaults, parsing, ranges, help. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "descriptor.h"
#include "opts.h"
#include "opts_argv.h"
#include "opts_help.h"
#include "parse.h"
#include "unit.h"

struct t_opts {
	uint64_t bytes;
	uint64_t count;
	double period;
	bool flag;
	unsigned mode;
	const char *target;
};

static const char *const t_modes[] = { "null", "tcp", NULL };

static const struct stressor_opt t_table[] = {
	{ .name = "t-bytes", .type = OPT_SIZE,
	  .offset = offsetof(struct t_opts, bytes),
	  .min = 8, .max = 4096, .def = 4096,
	  .help = "bytes" },
	{ .name = "t-count", .type = OPT_COUNT,
	  .offset = offsetof(struct t_opts, count),
	  .min = 1, .max = 10, .def = 3,
	  .help = "count" },
	{ .name = "t-period", .type = OPT_TIME,
	  .offset = offsetof(struct t_opts, period),
	  .max = 3600, .def = 60,
	  .help = "period" },
	{ .name = "t-flag", .type = OPT_BOOL,
	  .offset = offsetof(struct t_opts, flag),
	  .max = 1,
	  .help = "flag" },
	{ .name = "t-mode", .type = OPT_CHOICE,
	  .offset = offsetof(struct t_opts, mode),
	  .max = 1, .def = 1, .choices = t_modes,
	  .help = "mode" },
	{ .name = "t-target", .type = OPT_STRING,
	  .offset = offsetof(struct t_opts, target),
	  .def_str = "127.0.0.1:6379",
	  .help = "target" },
	OPT_TABLE_END,
};

static int t_run(struct instance *in)
{
	(void)in;
	return SK_OK;
}

static const struct stressor t_stressor = {
	.name = "t", .summary = "a test", .help = "One bogo-op is nothing.",
	.opts = t_table, .opts_size = sizeof(struct t_opts), .run = t_run,
};

/* The comma lists of the engine: counts, names, its own items. */
static const char *const t_ops[] = { "set", "get", NULL };

static int t_item(const struct stressor_opt *o, const char *item, size_t len,
		  uint32_t *out, char *err, size_t errlen)
{
	(void)o;
	if (len == 1 && *item == 'x')
		return *out = 42, 0;
	snprintf(err, errlen, "not x: '%.*s'", (int)len, item);
	return -EINVAL;
}

struct t_lists {
	struct opt_list steps, names, own;
	struct opt_cpus cpus;
	uint32_t n;
};

static const struct stressor_opt t_steps = {
	.name = "t-steps", .type = OPT_LIST, .offset = offsetof(struct t_lists, steps),
	.min = 1, .max = 64, .flags = OPT_INCREASING, .help = "steps",
};
static const struct stressor_opt t_names = {
	.name = "t-names", .type = OPT_LIST, .offset = offsetof(struct t_lists, names),
	.choices = t_ops, .help = "names",
};
static const struct stressor_opt t_own = {
	.name = "t-own", .type = OPT_LIST, .offset = offsetof(struct t_lists, own),
	.item = t_item, .help = "own",
};
static const struct stressor_opt t_cpus = {
	.name = "t-cpus", .type = OPT_CPU_LIST, .offset = offsetof(struct t_lists, cpus),
	.help = "cpus",
};
static const struct stressor_opt t_inst = {
	.name = "t-n", .type = OPT_INSTANCES, .offset = offsetof(struct t_lists, n),
	.help = "instances",
};

START_TEST(test_lists)
{
	static const char *const bad[] = {
		"2,1", "1,1", "0", "65", "1,", ",1", "1,,2", "1,x", "",
	};
	struct t_lists l;
	char err[256], out[64];

	memset(&l, 0, sizeof(l));
	ck_assert_int_eq(opts_set(&t_steps, &l, "1,2,4,8", err, sizeof(err)), 0);
	ck_assert_uint_eq(l.steps.n, 4);
	ck_assert_uint_eq(l.steps.v[3], 8);
	opts_format(&t_steps, &l, out, sizeof(out));
	ck_assert_str_eq(out, "1,2,4,8");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_ne(opts_set(&t_steps, &l, bad[i], err, sizeof(err)), 0);
		ck_assert_uint_eq(l.steps.n, 4);	/* a bad list leaves the old one */
	}
	ck_assert_str_eq(err, "invalid --t-steps '': expected comma-separated "
			 "whole numbers from 1 to 64");

	ck_assert_int_eq(opts_set(&t_names, &l, "get,set,get", err, sizeof(err)), 0);
	ck_assert_uint_eq(l.names.n, 3);
	ck_assert_uint_eq(l.names.v[0], 1);
	opts_format(&t_names, &l, out, sizeof(out));
	ck_assert_str_eq(out, "get,set,get");
	ck_assert_int_eq(opts_set(&t_names, &l, "set,put", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "invalid --t-names 'set,put': expected a comma-separated "
			 "list of set|get");

	ck_assert_int_eq(opts_set(&t_own, &l, "x,x", err, sizeof(err)), 0);
	ck_assert_uint_eq(l.own.v[1], 42);
	ck_assert_int_eq(opts_set(&t_own, &l, "x,y", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "not x: 'y'");	/* the item's own words */
}
END_TEST

/* OPT_PARSED: a pair "A:B" of counts, parsed once into its own struct. */
struct t_pair {
	uint32_t a, b;
};

static int t_pair_parse(const struct stressor_opt *o, const char *val, void *field,
			char *err, size_t errlen)
{
	struct t_pair p;
	char tail;

	if (sscanf(val, "%u:%u%c", &p.a, &p.b, &tail) != 2)
		return -EINVAL;
	if (p.a > o->max) {	/* a line of its own instead of the engine's */
		snprintf(err, errlen, "--%s: A over %llu", o->name,
			 (unsigned long long)o->max);
		return -ERANGE;
	}
	memcpy(field, &p, sizeof(p));
	return 0;
}

static void t_pair_format(const struct stressor_opt *o, const void *field,
			  char *out, size_t len)
{
	const struct t_pair *p = field;

	(void)o;
	snprintf(out, len, "%u:%u", p->a, p->b);
}

static const struct opt_parser t_pair_parser = {
	.size = sizeof(struct t_pair), .metavar = "A:B",
	.parse = t_pair_parse, .format = t_pair_format,
};

struct t_parsed {
	struct t_pair pair, none;
	struct opt_list ops;
	double every;
};

static const struct stressor_opt t_parsed_table[] = {
	{ .name = "tp-pair", .type = OPT_PARSED, .parser = &t_pair_parser,
	  .offset = offsetof(struct t_parsed, pair), .max = 9, .def_str = "1:2",
	  .help = "a pair" },
	{ .name = "tp-none", .type = OPT_PARSED, .parser = &t_pair_parser,
	  .offset = offsetof(struct t_parsed, none), .max = 9,
	  .expect = "two counts A:B", .help = "no default" },
	{ .name = "tp-ops", .type = OPT_LIST, .choices = t_ops,
	  .offset = offsetof(struct t_parsed, ops), .def_str = "set,get",
	  .help = "ops" },
	{ .name = "tp-every", .type = OPT_PARSED, .parser = &opts_time_ms,
	  .offset = offsetof(struct t_parsed, every), .min = 10, .max = 60000,
	  .def_str = "1", .expect = "a time from 10ms to 1m", .help = "every" },
	OPT_TABLE_END,
};

static const struct stressor t_parsed_stressor = {
	.name = "tp", .summary = "a test", .help = "One bogo-op is nothing.",
	.classes = CLASS_CPU, .opts = t_parsed_table, .opts_size = sizeof(struct t_parsed), .run = t_run,
	.syscalls = SK_NO_SYSCALLS,
};

START_TEST(test_parsed)
{
	const struct stressor_opt *pair = &t_parsed_table[0], *none = &t_parsed_table[1];
	const struct stressor_opt *every = &t_parsed_table[3];
	struct t_parsed v;
	char err[256], out[64];

	/* defaults: def_str parsed, else zero bytes */
	memset(&v, 0xff, sizeof(v));
	opts_fill_defaults(&t_parsed_stressor, &v);
	ck_assert_uint_eq(v.pair.a, 1);
	ck_assert_uint_eq(v.pair.b, 2);
	ck_assert_uint_eq(v.none.a, 0);
	ck_assert_uint_eq(v.ops.n, 2);
	ck_assert_uint_eq(v.ops.v[0], 0);
	ck_assert_uint_eq(v.ops.v[1], 1);
	ck_assert_double_eq(v.every, 1.0);
	ck_assert_int_eq(descriptor_check(&t_parsed_stressor, err, sizeof(err)), 0);

	ck_assert_int_eq(opts_set(pair, &v, "7:8", err, sizeof(err)), 0);
	ck_assert_uint_eq(v.pair.a, 7);
	opts_format(pair, &v, out, sizeof(out));
	ck_assert_str_eq(out, "7:8");
	/* a bad value: the engine's line, the field as it was */
	ck_assert_int_eq(opts_set(none, &v, "7-8", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "invalid --tp-none '7-8': expected two counts A:B");
	ck_assert_int_eq(opts_set(pair, &v, "x", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "invalid --tp-pair 'x': expected A:B");	/* the metavar */
	ck_assert_uint_eq(v.pair.a, 7);
	/* the parser's own line when it wrote one */
	ck_assert_int_eq(opts_set(pair, &v, "10:1", err, sizeof(err)), -ERANGE);
	ck_assert_str_eq(err, "--tp-pair: A over 9");
	ck_assert_int_eq(opts_set(pair, &v, "", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "--tp-pair needs a value");

	/* a time with bounds in ms, quoting the text typed, not its value */
	ck_assert_int_eq(opts_set(every, &v, "0.01", err, sizeof(err)), 0);
	ck_assert_double_eq(v.every, 0.01);
	ck_assert_int_eq(opts_set(every, &v, "1m", err, sizeof(err)), 0);
	opts_format(every, &v, out, sizeof(out));
	ck_assert_str_eq(out, "60s");
	ck_assert_int_eq(opts_set(every, &v, "0.009", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "invalid --tp-every '0.009': expected a time from 10ms to 1m");
	ck_assert_int_eq(opts_set(every, &v, "61s", err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(opts_set(every, &v, "0", err, sizeof(err)), -EINVAL);
	ck_assert_double_eq(v.every, 60.0);
}
END_TEST

/* A default the engine cannot parse refuses the stressor. */
START_TEST(test_parsed_bad_default)
{
	struct stressor_opt rows[] = {
		{ .name = "tp-pair", .type = OPT_PARSED, .parser = &t_pair_parser,
		  .offset = 0, .max = 9, .def_str = "1;2", .help = "a pair" },
		OPT_TABLE_END,
	};
	struct stressor_opt list_rows[] = {
		{ .name = "tp-ops", .type = OPT_LIST, .choices = t_ops,
		  .offset = 0, .def_str = "set,put", .help = "ops" },
		OPT_TABLE_END,
	};
	struct stressor_opt no_parser[] = {
		{ .name = "tp-pair", .type = OPT_PARSED, .help = "a pair" },
		OPT_TABLE_END,
	};
	struct stressor s = t_parsed_stressor;
	char err[256];

	s.opts = rows;
	ck_assert_int_eq(descriptor_check(&s, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "stressor tp: .opts: option tp-pair has a bad default: "
			 "invalid --tp-pair '1;2': expected A:B");
	s.opts = list_rows;
	ck_assert_int_eq(descriptor_check(&s, err, sizeof(err)), -EINVAL);
	s.opts = no_parser;
	ck_assert_int_eq(descriptor_check(&s, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "stressor tp: .opts: option tp-pair has an unknown "
			 "type 9 or no .parser");
}
END_TEST

START_TEST(test_cpus_instances)
{
	struct t_lists l;
	char err[256], out[64];

	memset(&l, 0, sizeof(l));
	ck_assert_int_eq(opts_set(&t_cpus, &l, "0", err, sizeof(err)), 0);
	ck_assert_uint_eq(l.cpus.mask[0], 1);
	opts_cpus_format(&(struct opt_cpus){ .mask = { 0x3d } }, out, sizeof(out));
	ck_assert_str_eq(out, "0,2-5");
	ck_assert_int_eq(opts_set(&t_cpus, &l, "9999", err, sizeof(err)), -ERANGE);
	ck_assert_str_eq(err, "invalid --t-cpus '9999': expected a CPU list like 0,2-3 "
			 "(CPUs 0 to 1023)");
	/* a CPU this process cannot run on is refused when it is read */
	ck_assert_int_eq(opts_set(&t_cpus, &l, "1023", err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "CPU 1023 is not one this process may run on"));
	ck_assert_uint_eq(l.cpus.mask[0], 1);

	ck_assert_int_eq(opts_set(&t_inst, &l, "3", err, sizeof(err)), 0);
	ck_assert_uint_eq(l.n, 3);
	ck_assert_int_eq(opts_set(&t_inst, &l, "0", err, sizeof(err)), 0);
	ck_assert_uint_eq(l.n, parse_online_cpus());
	ck_assert_int_eq(opts_set(&t_inst, &l, "8193", err, sizeof(err)), -ERANGE);
	ck_assert_str_eq(err, "invalid --t-n '8193': expected an instance count from 0 "
			 "to 8192 (0 or negative: one per online CPU, N%: a share of them)");
}
END_TEST

START_TEST(test_defaults)
{
	struct t_opts o;

	memset(&o, 0xff, sizeof(o));
	opts_fill_defaults(&t_stressor, &o);
	ck_assert_uint_eq(o.bytes, 4096);
	ck_assert_uint_eq(o.count, 3);
	ck_assert_double_eq(o.period, 60);
	ck_assert(!o.flag);
	ck_assert_uint_eq(o.mode, 1);
	ck_assert_str_eq(o.target, "127.0.0.1:6379");
}
END_TEST

START_TEST(test_set_and_range)
{
	struct t_opts o;
	char err[256];

	opts_fill_defaults(&t_stressor, &o);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-bytes"), &o, "1K", err, sizeof(err)), 0);
	ck_assert_uint_eq(o.bytes, 1024);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-bytes"), &o, "0", err, sizeof(err)), -ERANGE);
	ck_assert_str_eq(err, "invalid --t-bytes '0': expected a size in bytes (suffix K, M, G or T) from 8 to 4K");
	ck_assert_uint_eq(o.bytes, 1024);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-bytes"), &o, "5Q", err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-count"), &o, "11", err, sizeof(err)), -ERANGE);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-count"), &o, "10", err, sizeof(err)), 0);
	ck_assert_uint_eq(o.count, 10);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-period"), &o, "2m", err, sizeof(err)), 0);
	ck_assert_double_eq(o.period, 120);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-period"), &o, "2h", err, sizeof(err)), -ERANGE);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-flag"), &o, NULL, err, sizeof(err)), 0);
	ck_assert(o.flag);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-flag"), &o, "no", err, sizeof(err)), 0);
	ck_assert(!o.flag);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-mode"), &o, "null", err, sizeof(err)), 0);
	ck_assert_uint_eq(o.mode, 0);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-mode"), &o, "udp", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "invalid --t-mode 'udp': expected one of null|tcp");
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-target"), &o, "", err, sizeof(err)), -EINVAL);
	ck_assert_ptr_null(opts_find(&t_stressor, "t-nosuch"));
}
END_TEST

START_TEST(test_format)
{
	struct t_opts o;
	char buf[64];

	opts_fill_defaults(&t_stressor, &o);
	opts_format(opts_find(&t_stressor, "t-bytes"), &o, buf, sizeof(buf));
	ck_assert_str_eq(buf, "4K");
	opts_format(opts_find(&t_stressor, "t-mode"), &o, buf, sizeof(buf));
	ck_assert_str_eq(buf, "tcp");
	opts_format(opts_find(&t_stressor, "t-period"), &o, buf, sizeof(buf));
	ck_assert_str_eq(buf, "60s");
}
END_TEST

START_TEST(test_help)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	opts_help(f, &t_stressor);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(text, "t: a test\n"));
	ck_assert_ptr_nonnull(strstr(text, "One bogo-op is nothing."));
	ck_assert_ptr_nonnull(strstr(text, "--t-ops N"));
	ck_assert_ptr_nonnull(strstr(text, "--t-bytes SIZE"));
	ck_assert_ptr_nonnull(strstr(text, "(8 to 4K, default 4K)"));
	ck_assert_ptr_nonnull(strstr(text, "--t-mode null|tcp"));
	ck_assert_ptr_nonnull(strstr(text, "(default tcp)"));
	free(text);
}
END_TEST

/* HOST:PORT read once into the address: numeric hosts only, no DNS here. */
START_TEST(test_host_port)
{
	struct t_hp { uint64_t n; struct sk_host_port hp; } v;
	const struct stressor_opt rows[] = {
		{ .name = "th-target", .type = OPT_PARSED, .parser = &sk_opt_host_port,
		  .offset = offsetof(struct t_hp, hp), .help = "target" },
		OPT_TABLE_END,
	};
	const struct sockaddr_in *in4 = (const struct sockaddr_in *)&v.hp.addr;
	const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)&v.hp.addr;
	static const struct { const char *val, *err; } bad[] = {
		{ "127.0.0.1", "invalid --th-target '127.0.0.1': expected HOST:PORT, like 127.0.0.1:6379" },
		{ ":6379", "invalid --th-target ':6379': expected HOST:PORT, like 127.0.0.1:6379" },
		{ "[::1:6379", "invalid --th-target '[::1:6379': expected HOST:PORT, like 127.0.0.1:6379" },
		{ "127.0.0.1:0", "invalid --th-target '127.0.0.1:0': expected a port from 1 to 65535" },
		{ "127.0.0.1:65536", "invalid --th-target '127.0.0.1:65536': expected a port from 1 to 65535" },
		{ "127.0.0.1:+80", "invalid --th-target '127.0.0.1:+80': expected a port from 1 to 65535" },
		{ "", "--th-target needs a value" },
	};
	char err[256], out[64];

	memset(&v, 0xff, sizeof(v));
	opts_fill_row(&rows[0], &v);
	ck_assert_uint_eq(v.hp.len, 0);		/* not given */
	opts_format(&rows[0], &v, out, sizeof(out));
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(opts_set(&rows[0], &v, "127.0.0.1:6379", err, sizeof(err)), 0);
	ck_assert_int_eq(v.hp.addr.ss_family, AF_INET);
	ck_assert_uint_eq(v.hp.len, sizeof(struct sockaddr_in));
	ck_assert_uint_eq(ntohs(in4->sin_port), 6379);
	ck_assert_uint_eq(ntohl(in4->sin_addr.s_addr), INADDR_LOOPBACK);
	opts_format(&rows[0], &v, out, sizeof(out));
	ck_assert_str_eq(out, "127.0.0.1:6379");
	ck_assert_int_eq(opts_set(&rows[0], &v, "[::1]:80", err, sizeof(err)), 0);
	ck_assert_int_eq(v.hp.addr.ss_family, AF_INET6);
	ck_assert_uint_eq(ntohs(in6->sin6_port), 80);
	ck_assert(IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(opts_set(&rows[0], &v, bad[i].val, err, sizeof(err)), -EINVAL);
		ck_assert_str_eq(err, bad[i].err);
		ck_assert_int_eq(v.hp.addr.ss_family, AF_INET6);	/* as it was */
	}
}
END_TEST

/* A subcommand's line through the engine: what opts_argv leaves in v
 * and on stderr (its one error line), and what it returns. */
struct argv_vals {
	uint64_t n;
	bool all;
	const char *path;
	const char *operands[4];
	size_t n_operands;
};

static const struct stressor_opt argv_rows[] = {
	{ .name = "count", .type = OPT_COUNT, .offset = offsetof(struct argv_vals, n),
	  .min = 1, .max = 9, .expect = "a digit from 1 to 9" },
	{ .name = "all", .type = OPT_BOOL, .offset = offsetof(struct argv_vals, all) },
	{ .name = "path", .type = OPT_STRING, .offset = offsetof(struct argv_vals, path) },
	OPT_TABLE_END,
};

static int argv_operand(void *ctx, const char *arg)
{
	struct argv_vals *v = ctx;

	if (v->n_operands == 4)
		return -1;
	v->operands[v->n_operands++] = arg;
	return 0;
}

/* rest_n NULL: "--" is not taken; else the count of the arguments after
 * it (-1: no "--"). */
static int argv_run_rest(struct argv_vals *v, uint64_t *given, char *err, size_t errlen,
			 const char *line, int *rest_n)
{
	static const struct opts_alias aliases[] = { { "-a", "all" }, { NULL, NULL } };
	char copy[256], *argv[17], **rest = NULL;
	struct unit_capture c;
	int argc = 0, rc;

	snprintf(copy, sizeof(copy), "sub %s", line);
	for (char *t = strtok(copy, " "); t && argc < 16; t = strtok(NULL, " "))
		argv[argc++] = t;
	memset(v, 0, sizeof(*v));
	*given = 0;
	argv[argc] = NULL;
	unit_capture_begin(&c, STDERR_FILENO);
	rc = opts_argv("sub", argv_rows, aliases, v, argc, argv, argv_operand, v, given,
		       rest_n ? &rest : NULL);
	unit_capture_end(&c, err, errlen);
	if (rest_n) {
		*rest_n = -1;
		for (int i = 0; rest && rest[i]; i++)
			*rest_n = i + 1;
		if (rest && !rest[0])
			*rest_n = 0;
	}
	/* the operands point into copy, gone: only their count is kept */
	return rc;
}

static int argv_run(struct argv_vals *v, uint64_t *given, char *err, size_t errlen,
		    const char *line)
{
	return argv_run_rest(v, given, err, errlen, line, NULL);
}

START_TEST(test_argv)
{
	struct argv_vals v;
	uint64_t given;
	char err[512];

	ck_assert_int_eq(argv_run(&v, &given, err, sizeof(err), "--count 3 a -a --path=p b"), 0);
	ck_assert_uint_eq(v.n, 3);
	ck_assert(v.all);
	ck_assert_uint_eq(v.n_operands, 2);
	ck_assert_uint_eq(given, 7);
	ck_assert_str_eq(err, "");
	ck_assert_int_eq(argv_run(&v, &given, err, sizeof(err), "x --count=4"), 0);
	ck_assert_uint_eq(v.n, 4);
	ck_assert_uint_eq(given, 1);
	/* the engine's checks, its line after the subcommand's name */
	ck_assert_int_eq(argv_run(&v, &given, err, sizeof(err), "--count 10"), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "sub: invalid --count '10': expected a digit from 1 to 9\n"));
	ck_assert_int_eq(argv_run(&v, &given, err, sizeof(err), "a --count"), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "sub: --count needs a value\n"));
	ck_assert_int_eq(argv_run(&v, &given, err, sizeof(err), "--counts 1"), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "sub: unknown option --counts (see stresskit sub --help)\n"));
	ck_assert_int_eq(argv_run(&v, &given, err, sizeof(err), "-b"), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "unknown option -b"));
	/* one line, whatever came before; help wins where it stands */
	ck_assert_ptr_null(strchr(strchr(err, '\n') + 1, '\n'));
	ck_assert_int_eq(argv_run(&v, &given, err, sizeof(err), "a -h --bogus"), OPTS_ARGV_HELP);
	ck_assert_int_eq(argv_run(&v, &given, err, sizeof(err), "- --all=no"), 0);
	ck_assert(!v.all);
	ck_assert_uint_eq(v.n_operands, 1);	/* "-" alone is an operand */
	/* an operand refused by the caller ends the line (its own error) */
	ck_assert_int_eq(argv_run(&v, &given, err, sizeof(err), "a b c d e"), -EINVAL);
}
END_TEST

/* "--" ends the options where the caller takes the rest (calibrate's run
 * options): what follows is not parsed; elsewhere it is an unknown option. */
START_TEST(test_argv_rest)
{
	struct argv_vals v;
	uint64_t given;
	char err[512];
	int rest;

	ck_assert_int_eq(argv_run_rest(&v, &given, err, sizeof(err),
				       "--count 2 -- --bogus --count 9", &rest), 0);
	ck_assert_uint_eq(v.n, 2);
	ck_assert_int_eq(rest, 3);
	ck_assert_int_eq(argv_run_rest(&v, &given, err, sizeof(err), "--count 2 --", &rest), 0);
	ck_assert_int_eq(rest, 0);
	ck_assert_int_eq(argv_run_rest(&v, &given, err, sizeof(err), "--count 2", &rest), 0);
	ck_assert_int_eq(rest, -1);
	ck_assert_int_eq(argv_run(&v, &given, err, sizeof(err), "--count 2 -- x"), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "sub: unknown option --"));
}
END_TEST

/* A row the line must give: refused without it, after "--" too; shown
 * without brackets; each row's help line from its range and default. */
struct needed_vals {
	uint64_t n, last;
	const char *out;
};

static const struct stressor_opt needed_rows[] = {
	{ .name = "count", .type = OPT_COUNT, .offset = offsetof(struct needed_vals, n),
	  .min = 1, .max = 9, .def = 3, .help = "how many" },
	{ .name = "last", .type = OPT_COUNT, .offset = offsetof(struct needed_vals, last),
	  .min = 2, .max = INT64_MAX, .help = "the last ones" },
	{ .name = "output", .type = OPT_PARSED, .offset = offsetof(struct needed_vals, out),
	  .parser = &(const struct opt_parser){ .size = sizeof(const char *), .metavar = "FILE",
						.parse = opts_argv_string },
	  .flags = OPTS_ARGV_NEEDED, .help = "where to" },
	OPT_TABLE_END,
};

static int needed_run(struct needed_vals *v, char *err, size_t errlen, int argc, char **argv)
{
	static const struct opts_alias aliases[] = { { "-o", "output" }, { NULL, NULL } };
	struct unit_capture c;
	char **rest;
	int rc;

	memset(v, 0, sizeof(*v));
	opts_fill_rows(needed_rows, v);
	unit_capture_begin(&c, STDERR_FILENO);
	rc = opts_argv("sub", needed_rows, aliases, v, argc, argv, NULL, NULL, NULL, &rest);
	unit_capture_end(&c, err, errlen);
	return rc;
}

START_TEST(test_argv_needed)
{
	static const struct opts_alias aliases[] = { { "-o", "output" }, { NULL, NULL } };
	char *given[] = { "sub", "-o", "f", NULL }, *none[] = { "sub", "--count", "2", NULL };
	char *after[] = { "sub", "--", "-o", "f", NULL };
	struct needed_vals v;
	char err[512], *text = NULL;
	size_t len = 0;
	FILE *f;

	ck_assert_int_eq(needed_run(&v, err, sizeof(err), 3, given), 0);
	ck_assert_str_eq(v.out, "f");
	ck_assert_uint_eq(v.n, 3);	/* the row's default */
	ck_assert_int_eq(needed_run(&v, err, sizeof(err), 3, none), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "sub: needs --output FILE (see stresskit sub --help)\n"));
	ck_assert_int_eq(needed_run(&v, err, sizeof(err), 4, after), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "sub: needs --output FILE"));

	f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	opts_argv_usage(f, "sub", needed_rows, aliases, "-- REST");
	opts_argv_options(f, needed_rows, aliases);
	fclose(f);
	ck_assert_str_eq(text,
		"usage: stresskit sub [--count N] [--last N] --output|-o FILE -- REST\n"
		"  --count N                    how many (1 to 9, default 3)\n"
		"  --last N                     the last ones (2 or more)\n"
		"  --output|-o FILE             where to\n");
	free(text);
}
END_TEST

static Suite *opts_suite(void)
{
	Suite *s = suite_create("opts");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_defaults);
	tcase_add_test(tc, test_lists);
	tcase_add_test(tc, test_cpus_instances);
	tcase_add_test(tc, test_set_and_range);
	tcase_add_test(tc, test_format);
	tcase_add_test(tc, test_help);
	tcase_add_test(tc, test_parsed);
	tcase_add_test(tc, test_parsed_bad_default);
	tcase_add_test(tc, test_host_port);
	tcase_add_test(tc, test_argv);
	tcase_add_test(tc, test_argv_rest);
	tcase_add_test(tc, test_argv_needed);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(opts_suite);
