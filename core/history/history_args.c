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
#define HISTORY_PARSER(fn, type) (&(const struct opt_parser){ .size = sizeof(type), .parse = fn })

/* Every row a verb may take, in the order of the HISTORY_ARG_* bits. */
static const struct stressor_opt history_rows[] = {
	{ .name = "label", .type = OPT_PARSED, .offset = offsetof(struct history_args, labels),
	  .parser = HISTORY_PARSER(history_label_opt, struct history_labels),
	  .expect = "NAME=VALUE, NAME of letters, digits, '-', '_' or '.', each under "
		    HISTORY_XSTR(HISTORY_LABEL_LEN) " characters" },
	{ .name = "series", .type = OPT_COUNT, .offset = offsetof(struct history_args, series),
	  .min = 1, .max = INT64_MAX, .expect = "a series number (history list)" },
	{ .name = "last", .type = OPT_COUNT, .offset = offsetof(struct history_args, last),
	  .min = 1, .max = INT64_MAX, .expect = "a number of runs, 1 or more" },
	{ .name = "last", .type = OPT_COUNT, .offset = offsetof(struct history_args, last),
	  .min = HISTORY_LAST_CP_LEAST, .max = INT64_MAX,
	  .expect = "a number of runs, " HISTORY_XSTR(HISTORY_LAST_CP_LEAST) " or more" },
	{ .name = "metric", .type = OPT_STRING, .offset = offsetof(struct history_args, metric) },
	{ .name = "max-p", .type = OPT_PARSED, .offset = offsetof(struct history_args, p.max_p),
	  .parser = HISTORY_PARSER(history_p_opt, double),
	  .expect = "a p-value above 0, at most 0.5" },
	{ .name = "min-runs", .type = OPT_COUNT, .offset = offsetof(struct history_args, min_runs),
	  .min = HISTORY_MIN_RUNS_LEAST, .max = 1000 },
	{ .name = "output", .type = OPT_STRING, .offset = offsetof(struct history_args, out) },
	{ .name = "kcidb", .type = OPT_STRING, .offset = offsetof(struct history_args, out) },
	OPT_TABLE_END,
};
/* The bit that takes each row above. */
static const unsigned history_row_bits[] = {
	HISTORY_ARG_LABEL, HISTORY_ARG_SERIES, HISTORY_ARG_LAST, HISTORY_ARG_LAST_CP,
	HISTORY_ARG_METRIC, HISTORY_ARG_CHANGES, HISTORY_ARG_CHANGES, HISTORY_ARG_OUTPUT,
	HISTORY_ARG_KCIDB,
};

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
static int history_args(const char *verb, unsigned rows, const char *what, int argc,
			char **argv, const char **inputs, struct history_args *a)
{
	static const struct opts_alias output_alias[] = { { "-o", "output" }, { NULL, NULL } };
	struct stressor_opt taken[sizeof(history_rows) / sizeof(*history_rows)];
	char name[64];
	struct history_operands c = { .a = a, .name = name, .inputs = rows & HISTORY_ARG_INPUTS };
	size_t n = 0;
	int rc;

	*a = (struct history_args){ .inputs = inputs, .min_runs = HISTORY_DEFAULT_MIN_RUNS,
				    .p = { .max_p = HISTORY_DEFAULT_MAX_P } };
	for (size_t i = 0; history_rows[i].name; i++)
		if (rows & history_row_bits[i])
			taken[n++] = history_rows[i];
	taken[n] = (struct stressor_opt)OPT_TABLE_END;
	snprintf(name, sizeof(name), "history %s", verb);
	rc = opts_argv(name, taken, rows & HISTORY_ARG_OUTPUT ? output_alias : NULL, a, argc,
		       argv, history_operand, &c, NULL, NULL);
	if (rc == OPTS_ARGV_HELP) {
		history_usage(verb, stdout);
		return 1;
	}
	if (rc)
		return -1;
	a->p.min_runs = (size_t)a->min_runs;
	if (!a->db || (c.inputs && !a->n_inputs)) {
		log_usage_error("%s: needs DB%s%s (see stresskit history --help)", name,
				c.inputs ? " and at least one " : "", c.inputs ? what : "");
		return -1;
	}
	if ((rows & (HISTORY_ARG_OUTPUT | HISTORY_ARG_KCIDB)) && (!a->out || !*a->out)) {
		log_usage_error("%s: needs DB and %s FILE (see stresskit history --help)", name,
				rows & HISTORY_ARG_OUTPUT ? "-o" : "--kcidb");
		return -1;
	}
	return 0;
}

bool history_verb_start(const char *verb, unsigned rows, const char *what, int argc,
			char **argv, const char **inputs, struct history_args *a,
			struct history_store *s, int *exit_code)
{
	int rc = history_args(verb, rows, what, argc, argv, inputs, a);

	*exit_code = rc > 0 ? SK_OK : SK_USAGE;
	return !rc && !history_store_open(s, a->db, rows & HISTORY_ARG_INPUTS);
}
