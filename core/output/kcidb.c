/*
 * kcidb.c - KCIDB I/O v5.3 documents (kcidb.h): a run's --kcidb and
 * stresskit history export's. The
 * schema's ids are "ORIGIN:anything"; ours are stresskit:CHECKOUT for
 * the kernel tested (its commit label, else its release), the same with
 * ":ARCH" for its build, and stresskit:RUN:NAME for a stressor of a run.
 * A status follows stresskit's exit codes: a completed stressor with a
 * number is DONE (the schema's word for a test whose main output is its
 * number), a stressor that failed FAIL, one not implemented SKIP, any
 * other end (no resource, killed, metrics untrustworthy) ERROR.
 */
#include "kcidb.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <stresskit/stressor.h>

#include "atomic_file.h"
#include "log.h"

json_t *kcidb_new(void)
{
	return json_pack("{s:{s:i,s:i},s:[],s:[],s:[]}", "version", "major", KCIDB_MAJOR,
			 "minor", KCIDB_MINOR, "checkouts", "builds", "tests");
}

/* RFC 3339 of epoch seconds, as the schema's date-time format wants */
static void kcidb_time(long long t, char *buf, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%S+00:00", &tm);
}

static bool kcidb_sha1(const char *s)
{
	return s && strlen(s) == 40 && strspn(s, "0123456789abcdef") == 40;
}

/* The object of list whose "id" is id, or NULL. */
static json_t *kcidb_find(json_t *list, const char *id)
{
	json_t *e;
	size_t i;

	json_array_foreach(list, i, e)
		if (!strcmp(json_string_value(json_object_get(e, "id")), id))
			return e;
	return NULL;
}

const char *kcidb_build(json_t *doc, const struct kcidb_kernel *k)
{
	char checkout[320], build[400], when[40];
	const char *name = k->commit && *k->commit ? k->commit : k->release;
	json_t *c, *b;

	snprintf(checkout, sizeof(checkout), "%s:%s", KCIDB_ORIGIN, name && *name ? name : "unknown");
	snprintf(build, sizeof(build), "%s:%s", checkout, k->arch && *k->arch ? k->arch : "unknown");
	if (!kcidb_find(json_object_get(doc, "checkouts"), checkout)) {
		c = json_pack("{s:s,s:s}", "id", checkout, "origin", KCIDB_ORIGIN);
		if (!c)
			return NULL;
		if (kcidb_sha1(k->commit))
			json_object_set_new(c, "git_commit_hash", json_string(k->commit));
		else if (k->commit && *k->commit)
			json_object_set_new(c, "git_commit_name", json_string(k->commit));
		if (k->started >= 0) {
			kcidb_time(k->started, when, sizeof(when));
			json_object_set_new(c, "start_time", json_string(when));
		}
		json_object_set_new(c, "misc", json_pack("{s:s?,s:s?}", "kernel-release",
							 k->release, "kernel-version", k->version));
		json_array_append_new(json_object_get(doc, "checkouts"), c);
	}
	b = kcidb_find(json_object_get(doc, "builds"), build);
	if (!b) {
		b = json_pack("{s:s,s:s,s:s}", "id", build, "checkout_id", checkout,
			      "origin", KCIDB_ORIGIN);
		if (!b)
			return NULL;
		if (k->arch && *k->arch)
			json_object_set_new(b, "architecture", json_string(k->arch));
		if (k->release && *k->release)
			json_object_set_new(b, "comment", json_string(k->release));
		json_array_append_new(json_object_get(doc, "builds"), b);
	}
	return json_string_value(json_object_get(b, "id"));
}

int kcidb_test(json_t *doc, const char *build_id, const char *run_id, const char *name,
	       const char *status, double value, long long started, json_t *misc)
{
	char id[512], path[300], when[40];
	size_t o = snprintf(path, sizeof(path), "stresskit.");
	json_t *t;

	/* a path segment is [a-zA-Z0-9_-]+: "pread2@4" becomes "pread2-4" */
	for (const char *c = name; *c && o + 1 < sizeof(path); c++)
		path[o++] = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			    (*c >= '0' && *c <= '9') || *c == '_' || *c == '-' || *c == '.' ? *c : '-';
	path[o] = '\0';
	snprintf(id, sizeof(id), "%s:%s:%s", KCIDB_ORIGIN, run_id, name);
	t = json_pack("{s:s,s:s,s:s,s:s,s:s}", "id", id, "build_id", build_id,
		      "origin", KCIDB_ORIGIN, "path", path, "status", status);
	if (!t) {
		json_decref(misc);
		return -ENOMEM;
	}
	if (!isnan(value))
		json_object_set_new(t, "number", json_pack("{s:f,s:s}", "value", value,
							   "unit", KCIDB_UNIT));
	if (started >= 0) {
		kcidb_time(started, when, sizeof(when));
		json_object_set_new(t, "start_time", json_string(when));
	}
	if (misc)
		json_object_set_new(t, "misc", misc);
	return json_array_append_new(json_object_get(doc, "tests"), t) ? -ENOMEM : 0;
}

/* A stressor's status in KCIDB's words, from stresskit's exit code. */
static const char *kcidb_status_word(long long status, bool trustworthy)
{
	if (status == SK_FAILED)
		return "FAIL";
	if (status == SK_NOT_IMPLEMENTED)
		return "SKIP";
	return status == SK_OK && trustworthy ? "DONE" : "ERROR";
}

/* How bad a status is, to keep a stressor's worst pass. */
static int kcidb_rank(const char *s)
{
	return !strcmp(s, "DONE") ? 0 : !strcmp(s, "SKIP") ? 1 : !strcmp(s, "ERROR") ? 2 : 3;
}

const char *kcidb_status(const json_t *runs, const char *name)
{
	const char *status = "MISS";
	const json_t *r, *e;
	size_t j, m;

	json_array_foreach(runs, j, r)
		json_array_foreach(json_object_get(r, "metrics"), m, e) {
			const char *st;

			if (!json_is_string(json_object_get(e, "stressor")) ||
			    strcmp(json_string_value(json_object_get(e, "stressor")), name))
				continue;
			st = kcidb_status_word(json_integer_value(json_object_get(e, "status")),
					       !json_is_false(json_object_get(e, "metrics-trustworthy")));
			if (!strcmp(status, "MISS") || kcidb_rank(st) > kcidb_rank(status))
				status = st;
		}
	return status;
}

int kcidb_add_results(json_t *doc, const json_t *results, const char *run_id)
{
	const json_t *si = json_object_get(results, "system-info");
	const json_t *stressors = json_object_get(json_object_get(results, "configuration"),
						  "stressors"), *s;
	const json_t *runs = json_object_get(results, "runs");
	struct kcidb_kernel k = {
		.release = json_string_value(json_object_get(si, "release")),
		.version = json_string_value(json_object_get(si, "version")),
		.arch = json_string_value(json_object_get(si, "machine")),
		.started = json_is_integer(json_object_get(si, "epoch-secs")) ?
			   json_integer_value(json_object_get(si, "epoch-secs")) : -1,
	};
	const char *build = kcidb_build(doc, &k);
	size_t i;

	if (!build)
		return -ENOMEM;
	json_array_foreach(stressors, i, s) {
		const char *name = json_string_value(json_object_get(s, "stressor"));
		const char *status;
		json_t *passes = json_array(), *envelope = json_array(), *r, *e;
		double sum = 0;
		size_t j, m, n = 0;

		if (!name || !passes || !envelope) {
			json_decref(passes);
			json_decref(envelope);
			continue;
		}
		status = kcidb_status(runs, name);
		json_array_foreach(runs, j, r)
			json_array_foreach(json_object_get(r, "metrics"), m, e) {
				const json_t *v = json_object_get(e, "bogo-ops-per-second-real-time");
				const json_t *x = json_object_get(json_object_get(e, "envelope"),
								  "bogo-ops-per-second-real-time");

				if (!json_equal(json_object_get(e, "stressor"), json_object_get(s, "stressor")))
					continue;
				if (json_is_number(v)) {
					sum += json_number_value(v);
					n++;
					json_array_append_new(passes, json_real(json_number_value(v)));
				}
				if (json_is_number(x))
					json_array_append_new(envelope, json_real(json_number_value(x)));
			}
		/* each pass's envelope of ops/s (envelope_output.c) beside its mean */
		if (!json_array_size(envelope)) {
			json_decref(envelope);
			envelope = NULL;
		}
		if (kcidb_test(doc, build, run_id, name, status,
			       n && !strcmp(status, "DONE") ? sum / (double)n : NAN, k.started,
			       json_pack("{s:o,s:o*,s:s?,s:O?,s:O?}", "passes", passes,
					 "envelope-passes", envelope, "bogo-op-version",
					 json_string_value(json_object_get(s, "version")),
					 "instances", json_object_get(s, "instances"),
					 "options", json_object_get(s, "options"))))
			return -ENOMEM;
	}
	return 0;
}

int kcidb_write(const json_t *doc, const char *path)
{
	struct atomic_file af;
	int rc = atomic_file_open(&af, path);

	if (!rc)
		rc = atomic_file_finish(&af, json_dumpf(doc, af.f, JSON_INDENT(2)) ||
					fputc('\n', af.f) == EOF);
	if (rc)
		log_usage_error("cannot write --kcidb %s: %s", path, strerror(-rc));
	return rc;
}

int kcidb_emit(const json_t *results, FILE *f)
{
	const json_t *si = json_object_get(results, "system-info");
	const char *host = json_string_value(json_object_get(si, "hostname"));
	json_t *doc = kcidb_new();
	char run[160];
	int rc;

	snprintf(run, sizeof(run), "%s-%lld", host ? host : "unknown",
		 (long long)json_integer_value(json_object_get(si, "epoch-secs")));
	rc = doc ? kcidb_add_results(doc, results, run) : -ENOMEM;
	if (!rc)
		rc = json_dumpf(doc, f, JSON_INDENT(2)) || fputc('\n', f) == EOF;
	json_decref(doc);
	return rc;
}
