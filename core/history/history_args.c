/*
 * history_args.c - the command lines of history's verbs through the
 * option engine (history_args.h).
 */
#include "history_args.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <stresskit/stressor.h>

#include "history_store.h"
#include "log.h"
#include "opts.h"
#include "opts_argv.h"
#include "parse.h"

/* --label NAME=VALUE: added to the labels (a NAME given twice keeps the
 * last). NAME is letters, digits, '-', '_' and '.'. */
static int history_label_opt(const struct stressor_opt *o, const char *v, void *field,
			     char *err, size_t errlen)
{
	struct history_labels *l = field;
	const char *eq = strchr(v, '=');
	size_t nlen = eq ? (size_t)(eq - v) : 0;

	(void)o;
	if (!eq || !nlen || nlen >= HISTORY_LABEL_LEN || strlen(eq + 1) >= HISTORY_LABEL_LEN ||
	    strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") != nlen)
		return -EINVAL;
	if (history_label_set(l, v, nlen, eq + 1)) {
		snprintf(err, errlen, "at most %d --label", HISTORY_LABELS_MAX);
		return -EINVAL;
	}
	return 0;
}

/* --max-p: a p-value above 0, at most 0.5, never written as a percent. */
static int history_p_opt(const struct stressor_opt *o, const char *v, void *field,
			 char *err, size_t errlen)
{
	double p;

	(void)o, (void)err, (void)errlen;
	if (parse_percent(v, &p) || strchr(v, '%') || !(p > 0) || !(p <= 0.5))
		return -EINVAL;
	*(double *)field = p;
	return 0;
}

/* --last's least for the verbs that look for change points: the fewest
 * runs either side of one, twice */
#define HISTORY_LAST_CP_LEAST 6
_Static_assert(HISTORY_LAST_CP_LEAST == 2 * HISTORY_MIN_RUNS_LEAST, "--last's least");

#define HISTORY_STR(x) #x
#define HISTORY_XSTR(x) HISTORY_STR(x)
#define HISTORY_PARSER(fn, type, word) \
	(&(const struct opt_parser){ .size = sizeof(type), .metavar = word, .parse = fn })

/* Every row a verb may take, in the order of the HISTORY_ARG_* bits. */
static const struct stressor_opt history_rows[] = {
	{ .name = "label", .type = OPT_PARSED, .offset = offsetof(struct history_args, labels),
	  .parser = HISTORY_PARSER(history_label_opt, struct history_labels, "NAME=VALUE"),
	  .expect = "NAME=VALUE, NAME of letters, digits, '-', '_' or '.', each under "
		    HISTORY_XSTR(HISTORY_LABEL_LEN) " characters",
	  .help = "a label of each run added, one --label each (commit=SHA names the run)" },
	{ .name = "series", .type = OPT_COUNT, .offset = offsetof(struct history_args, series),
	  .min = 1, .max = INT64_MAX, .expect = "a series number (history list)",
	  .help = "only series N of history list, else every one" },
	{ .name = "last", .type = OPT_COUNT, .offset = offsetof(struct history_args, last),
	  .min = 1, .max = INT64_MAX, .expect = "a number of runs, 1 or more",
	  .help = "only the last N runs of each series, else every run" },
	{ .name = "last", .type = OPT_COUNT, .offset = offsetof(struct history_args, last),
	  .min = HISTORY_LAST_CP_LEAST, .max = INT64_MAX,
	  .expect = "a number of runs, " HISTORY_XSTR(HISTORY_LAST_CP_LEAST) " or more",
	  .help = "only the last N runs of each series, else every run" },
	{ .name = "metric", .type = OPT_PARSED, .offset = offsetof(struct history_args, metric),
	  .parser = HISTORY_PARSER(opts_argv_string, const char *, "KEY"),
	  .help = "only the line of the results row KEY, else the KPI lines" },
	{ .name = "max-p", .type = OPT_PARSED, .offset = offsetof(struct history_args, p.max_p),
	  .parser = HISTORY_PARSER(history_p_opt, double, "P"),
	  .def_str = HISTORY_XSTR(HISTORY_DEFAULT_MAX_P),
	  .expect = "a p-value above 0, at most 0.5",
	  .help = "keep a change point whose t-test p is below P (above 0, at most 0.5)" },
	{ .name = "min-runs", .type = OPT_COUNT, .offset = offsetof(struct history_args, min_runs),
	  .min = HISTORY_MIN_RUNS_LEAST, .max = 1000, .def = HISTORY_DEFAULT_MIN_RUNS,
	  .help = "the fewest runs either side of a change point" },
	{ .name = "output", .type = OPT_PARSED, .offset = offsetof(struct history_args, out),
	  .parser = HISTORY_PARSER(opts_argv_string, const char *, "FILE"),
	  .flags = OPTS_ARGV_NEEDED, .help = "the file it writes" },
	{ .name = "kcidb", .type = OPT_PARSED, .offset = offsetof(struct history_args, out),
	  .parser = HISTORY_PARSER(opts_argv_string, const char *, "FILE"),
	  .flags = OPTS_ARGV_NEEDED, .help = "the KCIDB document to write" },
	OPT_TABLE_END,
};
/* The bit that takes each row above. */
static const unsigned history_row_bits[] = {
	HISTORY_ARG_LABEL, HISTORY_ARG_SERIES, HISTORY_ARG_LAST, HISTORY_ARG_LAST_CP,
	HISTORY_ARG_METRIC, HISTORY_ARG_CHANGES, HISTORY_ARG_CHANGES, HISTORY_ARG_OUTPUT,
	HISTORY_ARG_KCIDB,
};
#define HISTORY_ROWS (sizeof(history_rows) / sizeof(*history_rows))
_Static_assert(sizeof(history_row_bits) / sizeof(*history_row_bits) == HISTORY_ROWS - 1,
	       "a bit a row");

static const struct opts_alias history_aliases[] = { { "-o", "output" }, { NULL, NULL } };

/* v's rows into taken (HISTORY_ROWS of them), ended by OPT_TABLE_END. */
static void history_verb_rows(const struct history_verb *v, struct stressor_opt *taken)
{
	size_t n = 0;

	for (size_t i = 0; history_rows[i].name; i++)
		if (v->rows & history_row_bits[i])
			taken[n++] = history_rows[i];
	taken[n] = (struct stressor_opt)OPT_TABLE_END;
}

/* What the line gives after the options: "DB RESULTS.json...". */
static void history_verb_operands(const struct history_verb *v, char *out, size_t len)
{
	snprintf(out, len, "DB%s%s%s", v->rows & HISTORY_ARG_INPUTS ? " " : "",
		 v->rows & HISTORY_ARG_INPUTS ? v->input : "",
		 v->rows & HISTORY_ARG_INPUTS ? "..." : "");
}

void history_verb_usage(const struct history_verb *v, const char *lead, FILE *f)
{
	struct stressor_opt taken[HISTORY_ROWS];
	char name[64], operands[128];

	history_verb_rows(v, taken);
	history_verb_operands(v, operands, sizeof(operands));
	snprintf(name, sizeof(name), "history %s", v->name);
	opts_argv_synopsis(f, lead, name, taken, history_aliases, operands);
	/* what it does, under the synopsis */
	for (const char *l = v->what; *l;) {
		size_t len = strcspn(l, "\n");

		fprintf(f, "      %.*s\n", (int)len, l);
		l += len + (l[len] == '\n');
	}
}

/* The verb's --help, to stdout: its synopsis, what it does, its options. */
static void history_verb_help(const struct history_verb *v, const struct stressor_opt *taken)
{
	history_verb_usage(v, "usage: ", stdout);
	if (!taken[0].name)
		return;
	printf("\noptions:\n");
	opts_argv_options(stdout, taken, history_aliases);
}

struct history_operands {
	struct history_args *a;
	const char *name;	/* "history VERB" */
	bool inputs;
};

static int history_operand(void *ctx, const char *arg)
{
	struct history_operands *c = ctx;

	if (!c->a->db) {
		c->a->db = arg;
		return 0;
	}
	if (!c->inputs) {
		log_usage_error("%s: unexpected argument '%s' (see stresskit %s --help)", c->name,
				arg, c->name);
		return -1;
	}
	c->a->inputs[c->a->n_inputs++] = arg;
	return 0;
}

/* The line parsed: 0, 1 after the verb's usage (--help), -1 after one line. */
static int history_args(const struct history_verb *v, int argc, char **argv,
			const char **inputs, struct history_args *a)
{
	struct stressor_opt taken[HISTORY_ROWS];
	char name[64], need[128];
	struct history_operands c = { .a = a, .name = name,
				      .inputs = v->rows & HISTORY_ARG_INPUTS };
	int rc;

	*a = (struct history_args){ .inputs = inputs };
	opts_fill_rows(history_rows, a);
	history_verb_rows(v, taken);
	snprintf(name, sizeof(name), "history %s", v->name);
	rc = opts_argv(name, taken, history_aliases, a, argc, argv, history_operand, &c, NULL,
		       NULL);
	if (rc == OPTS_ARGV_HELP) {
		history_verb_help(v, taken);
		return 1;
	}
	if (rc)
		return -1;
	a->p.min_runs = (size_t)a->min_runs;
	if (!a->db || (c.inputs && !a->n_inputs)) {
		snprintf(need, sizeof(need), "DB%s%s", c.inputs ? " and at least one " : "",
			 c.inputs ? v->input : "");
		opts_argv_needs(name, need);
		return -1;
	}
	return 0;
}

bool history_verb_start(const struct history_verb *v, int argc, char **argv,
			const char **inputs, struct history_args *a,
			struct history_store *s, int *exit_code)
{
	int rc = history_args(v, argc, argv, inputs, a);

	*exit_code = rc > 0 ? SK_OK : SK_USAGE;
	return !rc && !history_store_open(s, a->db, v->rows & HISTORY_ARG_INPUTS);
}
