/*
 * calibrate.c - "stresskit calibrate [--invocations K] [--passes N]
 * [--gap TIME] -o PROFILE.json -- RUN-OPTIONS...": the machine's noise
 * measured. K separate invocations of the run, N passes each, a gap
 * apart (calibrate_runs.c); the one-way random-effects model of every
 * row (calibrate_report.c) says how much passes spread within an
 * invocation and how much invocations drift apart, which compare's
 * fixed --drift only assumes. Writes the noise profile and prints the
 * KPI rows' table with the smallest change detectable at 3, 5 and 10
 * invocations a side.
 * Exit: 0; 1 bad arguments, an output not written, a results file not
 * read; a failed invocation's own status; 5 stopped by a signal.
 */
#include <errno.h>
#include <stddef.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <stresskit/stressor.h>
#include <stresskit-builtin.h>	/* SUBCOMMAND_REGISTER */

#include "atomic_file.h"
#include "calibrate_report.h"
#include "calibrate_runs.h"
#include "inputs.h"
#include "json_file.h"
#include "lazy_lib.h"
#include "log.h"
#include "opts.h"
#include "opts_argv.h"
#include "parse.h"
#include "series_figures.h"

#define CALIBRATE_DEFAULT_INVOCATIONS 6
#define CALIBRATE_DEFAULT_PASSES 3
/*
 * The machine's slower states last seconds to minutes (docs/compare.md):
 * invocations a second apart share one and understate the spread
 * between the runs a user compares, made minutes or a boot apart.
 */
#define CALIBRATE_DEFAULT_GAP 10
#define CALIBRATE_MAX_INVOCATIONS 1000
/* --repeat's own maximum */
#define CALIBRATE_MAX_PASSES 10000
/* What its synopsis shows after the options */
#define CALIBRATE_OPERANDS "-- RUN-OPTIONS..."

struct calibrate_opts {
	uint64_t invocations, passes;
	double gap;
	const char *out;
	char **run;	/* the run options, NULL-ended, after "--" */
};

/* One invocation read back: its document and its series. */
struct calibrate_doc {
	json_t *doc;
	struct series_set set;
};

/* In the synopsis's order; the defaults are the rows' (opts_fill_rows). */
static const struct stressor_opt calibrate_rows[] = {
	{ .name = "invocations", .type = OPT_COUNT,
	  .offset = offsetof(struct calibrate_opts, invocations),
	  .min = 2, .max = CALIBRATE_MAX_INVOCATIONS, .def = CALIBRATE_DEFAULT_INVOCATIONS,
	  .help = "separate invocations of the run" },
	{ .name = "passes", .type = OPT_COUNT, .offset = offsetof(struct calibrate_opts, passes),
	  .min = 2, .max = CALIBRATE_MAX_PASSES, .def = CALIBRATE_DEFAULT_PASSES,
	  .help = "passes of each (--repeat)" },
	{ .name = "gap", .type = OPT_TIME, .offset = offsetof(struct calibrate_opts, gap),
	  .min = 0, .max = 86400, .def = CALIBRATE_DEFAULT_GAP,
	  .expect = "a time from 0 to 1d (0, 500ms, 1s, 1m)",
	  .help = "the wait between invocations" },
	{ .name = "output", .type = OPT_PARSED, .offset = offsetof(struct calibrate_opts, out),
	  .parser = &(const struct opt_parser){ .size = sizeof(const char *),
						.metavar = "PROFILE.json",
						.parse = opts_argv_string },
	  .flags = OPTS_ARGV_NEEDED, .help = "the noise profile to write" },
	OPT_TABLE_END,
};

static const struct opts_alias calibrate_aliases[] = { { "-o", "output" }, { NULL, NULL } };

static void calibrate_help(void)
{
	opts_argv_usage(stdout, "calibrate", calibrate_rows, calibrate_aliases,
			CALIBRATE_OPERANDS);
	printf("\n"
	       "Measures the machine's noise for a run: K invocations (--invocations) of\n"
	       "stresskit RUN-OPTIONS --repeat N --json, N passes each (--passes), each\n"
	       "a new process, --gap apart. For every row of the results it fits the\n"
	       "one-way random-effects model (passes within invocations): the\n"
	       "coefficient of variation within an invocation and between invocations,\n"
	       "and the F ratio of their mean squares with its p. Writes them to\n"
	       "PROFILE.json (the noise profile) and prints the KPI rows of each\n"
	       "estimator, the mean's (NAME.ops_per_sec,\n"
	       "NAME.bogo-ops-per-second-usr-sys-time) and the envelope's\n"
	       "(NAME.envelope.bogo-ops-per-second-real-time, the row compare's verdict\n"
	       "reads), with the smallest change a two-sided 5%% t-test detects with 95%%\n"
	       "power at 3, 5 and 10 invocations a side: each row's floor. RUN-OPTIONS\n"
	       "may be a job file (--job FILE).\n\n"
	       "options:\n");
	opts_argv_options(stdout, calibrate_rows, calibrate_aliases);
	printf("\nSee docs/compare.md, \"Measuring the machine's noise\".\n");
}

/* Returns 0, 1 for --help, or -EINVAL after one line. */
static int calibrate_parse(int argc, char **argv, struct calibrate_opts *o)
{
	int rc;

	opts_fill_rows(calibrate_rows, o);
	rc = opts_argv("calibrate", calibrate_rows, calibrate_aliases, o, argc, argv, NULL,
		       NULL, NULL, &o->run);
	if (rc == OPTS_ARGV_HELP)
		return 1;
	if (rc)
		return -EINVAL;
	if (!o->run || !o->run[0]) {
		opts_argv_needs("calibrate", "run options after '--'");
		return -EINVAL;
	}
	return 0;
}

/*
 * The profile may not be written over a directory, the binary or a
 * library it maps (inputs.h), or a file the run options name (a job
 * file, a plugin): one line and -EINVAL.
 */
static int calibrate_check_out(const struct calibrate_opts *o)
{
	struct stat st, in;

	if (stat(o->out, &st))
		return 0;
	if (S_ISDIR(st.st_mode)) {
		log_usage_error("calibrate: -o '%s' is a directory: give a file name", o->out);
		return -EINVAL;
	}
	if (!S_ISREG(st.st_mode))
		return 0;
	/* the libraries loaded on first use are inputs too, once mapped */
	lazy_lib_load_all();
	for (char **a = o->run; *a; a++)
		if (!stat(*a, &in) && in.st_dev == st.st_dev && in.st_ino == st.st_ino) {
			log_usage_error("calibrate: -o '%s' is the run's input '%s': not overwritten",
					o->out, *a);
			return -EINVAL;
		}
	if (inputs_has(st.st_dev, st.st_ino)) {
		log_usage_error("calibrate: -o '%s' is one of stresskit's own files "
				"(the binary or a library): not overwritten", o->out);
		return -EINVAL;
	}
	return 0;
}

/* Reads invocation i's results into d and removes the file. 0 or SK_USAGE. */
static int calibrate_read(const char *path, unsigned i, struct calibrate_doc *d)
{
	char err[512];

	d->doc = json_file_load(path, err, sizeof(err));
	unlink(path);
	if (!d->doc) {
		log_usage_error("calibrate: invocation %u wrote no results: %s", i, err);
		return SK_USAGE;
	}
	if (series_from_doc_all(d->doc, &d->set, err, sizeof(err))) {
		log_usage_error("calibrate: invocation %u's results: %s", i, err);
		json_decref(d->doc);
		d->doc = NULL;
		return SK_USAGE;
	}
	return 0;
}

/* Every invocation, gap apart; 0 or the status to exit with, after one line. */
static int calibrate_invoke(const struct calibrate_opts *o, struct calibrate_runs *r,
			    char **argv, struct calibrate_doc *docs)
{
	char path[PATH_MAX + 32], why[512];
	bool tty = isatty(STDERR_FILENO);
	unsigned k = (unsigned)o->invocations;

	for (unsigned i = 1; i <= k; i++) {
		struct timespec t0, t1;
		int rc = i > 1 ? calibrate_runs_gap(r, o->gap) : 0;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (!rc)
			rc = calibrate_runs_one(r, i, argv, (unsigned)o->passes, path,
						sizeof(path), why, sizeof(why));
		if (rc == -EINTR) {
			log_usage_error("calibrate: stopped by SIG%s during invocation %u of %u: "
					"nothing written", sigabbrev_np(r->signo), i, k);
			return SK_SIGNALED;
		}
		if (rc < 0) {
			log_usage_error("calibrate: cannot start invocation %u: %s", i,
					strerror(-rc));
			return SK_USAGE;
		}
		if (rc > 0) {
			log_usage_error("calibrate: invocation %u of %u failed, exit %d: %s",
					i, k, rc, why[0] ? why : "(no message)");
			return rc;
		}
		rc = calibrate_read(path, i, &docs[i - 1]);
		if (rc)
			return rc;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (tty)
			fprintf(stderr, "calibrate: invocation %u of %u done in %.1f s\n", i, k,
				(double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	}
	return 0;
}

/* The fit, the profile written, the table printed: 0 or the exit status. */
static int calibrate_finish(const struct calibrate_opts *o, struct calibrate_doc *docs,
			    struct atomic_file *af)
{
	struct series_set sets[o->invocations];
	struct calibrate_report rep;
	json_t *profile;
	int rc;

	for (size_t i = 0; i < o->invocations; i++)
		sets[i] = docs[i].set;
	if (calibrate_report_fit(sets, o->invocations, &rep)) {
		atomic_file_abort(af);
		log_fail("calibrate: out of memory");
		return SK_NO_RESOURCE;
	}
	rep.invocations = (unsigned)o->invocations;
	rep.passes = (unsigned)o->passes;
	rep.gap = o->gap;
	profile = calibrate_report_profile(&rep, docs[0].doc);
	rc = profile ? json_dumpf(profile, af->f, JSON_INDENT(2)) || fputc('\n', af->f) == EOF : -1;
	rc = atomic_file_finish(af, rc);
	json_decref(profile);
	if (rc) {
		log_usage_error("calibrate: cannot write %s: %s", o->out, strerror(-rc));
		calibrate_report_free(&rep);
		return SK_USAGE;
	}
	calibrate_report_print(&rep, stdout);
	calibrate_report_free(&rep);
	return SK_OK;
}

/* The child's command line: this program's name and the run options. */
static char **calibrate_argv(const struct calibrate_opts *o)
{
	size_t n = 0;
	char **argv;

	while (o->run[n])
		n++;
	argv = calloc(n + 2, sizeof(*argv));
	if (!argv)
		return NULL;
	argv[0] = program_invocation_name;
	memcpy(argv + 1, o->run, n * sizeof(*argv));
	return argv;
}

static int calibrate_main(int argc, char **argv)
{
	struct calibrate_opts o = { 0 };
	struct calibrate_doc *docs = NULL;
	struct calibrate_runs runs;
	struct atomic_file af;
	char err[512], **run_argv = NULL;
	int rc;

	rc = calibrate_parse(argc, argv, &o);
	if (rc) {
		if (rc == 1)
			calibrate_help();
		return rc == 1 ? SK_OK : SK_USAGE;
	}
	if (calibrate_check_out(&o))
		return SK_USAGE;
	/* opened now, so an unwritable directory fails before the runs */
	rc = atomic_file_open(&af, o.out);
	if (rc) {
		log_usage_error("calibrate: cannot write -o '%s': %s", o.out, strerror(-rc));
		return SK_USAGE;
	}
	docs = calloc(o.invocations, sizeof(*docs));
	run_argv = calibrate_argv(&o);
	if (!docs || !run_argv) {
		atomic_file_abort(&af);
		free(docs);
		free(run_argv);
		log_fail("calibrate: out of memory");
		return SK_NO_RESOURCE;
	}
	if (calibrate_runs_begin(&runs, err, sizeof(err))) {
		log_usage_error("calibrate: %s", err);
		rc = SK_USAGE;
	} else {
		rc = calibrate_invoke(&o, &runs, run_argv, docs);
		calibrate_runs_end(&runs);
	}
	if (rc)
		atomic_file_abort(&af);
	else
		rc = calibrate_finish(&o, docs, &af);
	for (size_t i = 0; i < o.invocations; i++) {
		series_free(&docs[i].set);
		json_decref(docs[i].doc);
	}
	free(docs);
	free(run_argv);
	return rc;
}

static const struct subcommand calibrate_subcommand = {
	.name = "calibrate",
	.summary = "-o PROFILE.json -- RUN-OPTIONS: measure the noise within and between invocations of a run",
	.main = calibrate_main,
};
SUBCOMMAND_REGISTER(calibrate_subcommand);
