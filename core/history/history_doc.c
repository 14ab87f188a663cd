/*
 * history_doc.c - a results document read for stresskit history
 * (history_doc.h). Each pass is read on its own, as a document of one
 * run, so a figure a pass did not measure (null) leaves that pass
 * without a row rather than shifting the passes after it.
 */
#include "history_doc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_options.h"
#include "kcidb.h"
#include "series_figures.h"

void history_hash(const void *data, size_t len, char out[HISTORY_HASH_HEX])
{
	/* FNV-1a's 128-bit offset basis and prime (2^88 + 2^8 + 0x3b) */
	unsigned __int128 h = ((unsigned __int128)0x6c62272e07bb0142ULL << 64) |
			      0x62b821756295c58dULL;
	const unsigned __int128 prime = ((unsigned __int128)1 << 88) | 0x13b;
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= prime;
	}
	snprintf(out, HISTORY_HASH_HEX, "%016llx%016llx", (unsigned long long)(h >> 64),
		 (unsigned long long)h);
}

static const char *history_str(const json_t *o, const char *key, const char *none)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s && *s ? s : none;
}

/* "host (CPU model, N CPUs)": a series is one job on one machine */
static void history_machine(const json_t *doc, struct history_doc *d)
{
	const json_t *si = json_object_get(doc, "system-info");

	snprintf(d->machine, sizeof(d->machine), "%s (%s, %lld CPUs)",
		 history_str(si, "hostname", "unknown host"),
		 history_str(si, "cpu-model", "unknown CPU"),
		 (long long)json_integer_value(json_object_get(si, "cpus-online")));
}

/* The job's stressors and their bogo-op versions, for people to read. */
static void history_job(const json_t *doc, struct history_doc *d)
{
	const json_t *list = json_object_get(json_object_get(doc, "configuration"), "stressors");
	const json_t *e;
	size_t i, uj = 0, uv = 0;

	d->job[0] = d->bogo_versions[0] = '\0';
	json_array_foreach(list, i, e) {
		const char *s = history_str(e, "stressor", "?");

		const char *key;
		const json_t *v;

		if (uj < sizeof(d->job))
			uj += (size_t)snprintf(d->job + uj, sizeof(d->job) - uj, "%s%s x%lld",
					       i ? ", " : "", s, (long long)json_integer_value(
						       json_object_get(e, "instances")));
		/* its options too: two series of one stressor differ in them */
		json_object_foreach((json_t *)json_object_get(e, "options"), key, v)
			if (uj < sizeof(d->job) && json_is_string(v))
				uj += (size_t)snprintf(d->job + uj, sizeof(d->job) - uj,
						       " %s=%s", key, json_string_value(v));
		if (uv < sizeof(d->bogo_versions))
			uv += (size_t)snprintf(d->bogo_versions + uv, sizeof(d->bogo_versions) - uv,
					       "%s%s=%s", i ? ", " : "", s,
					       history_str(e, "version", "unversioned"));
	}
	/* and how long a pass counts ops: two series of one job often differ in it */
	if (uj && uj < sizeof(d->job) && json_is_number(json_object_get(
		    json_object_get(doc, "configuration"), "timeout")))
		snprintf(d->job + uj, sizeof(d->job) - uj, " -t %g", json_number_value(
			 json_object_get(json_object_get(doc, "configuration"), "timeout")));
	if (!uj)
		snprintf(d->job, sizeof(d->job), "(no configuration)");
}

static int history_passes(const json_t *doc, struct history_doc *d, char *err, size_t errlen)
{
	const json_t *runs = json_object_get(doc, "runs"), *run;
	size_t i;

	if (!json_is_array(runs) || !json_array_size(runs)) {
		snprintf(err, errlen, "not a stresskit results file (no runs list)");
		return -EINVAL;
	}
	d->pass = calloc(json_array_size(runs), sizeof(*d->pass));
	if (!d->pass)
		return -ENOMEM;
	json_array_foreach(runs, i, run) {
		json_t *one = json_pack("{s:[O]}", "runs", run);
		int rc = one ? series_from_doc_all(one, &d->pass[i], err, errlen) : -ENOMEM;

		json_decref(one);
		if (rc)
			return rc;
		d->passes++;
	}
	return 0;
}

/* Each stressor of the first pass and its status over every pass, as JSON text. */
static char *history_statuses(const json_t *doc)
{
	const json_t *runs = json_object_get(doc, "runs"), *e;
	json_t *o = json_object();
	char *text;
	size_t i;

	if (!o)
		return NULL;
	json_array_foreach(json_object_get(json_array_get(runs, 0), "metrics"), i, e) {
		const char *name = json_string_value(json_object_get(e, "stressor"));

		if (name)
			json_object_set_new(o, name, json_string(kcidb_status(runs, name)));
	}
	text = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT);
	json_decref(o);
	return text;
}

int history_doc_read(const json_t *doc, struct history_doc *d, char *err, size_t errlen)
{
	const json_t *si = json_object_get(doc, "system-info");
	const json_t *env = json_object_get(doc, "environment");
	json_t *id;
	int rc;

	memset(d, 0, sizeof(*d));
	d->started = -1;
	if (!json_is_object(doc)) {
		snprintf(err, errlen, "not a stresskit results file (not a JSON object)");
		return -EINVAL;
	}
	rc = history_passes(doc, d, err, errlen);
	if (rc)
		return rc;
	if (!json_object_get(doc, "configuration")) {
		snprintf(err, errlen, "not a stresskit results file (no configuration)");
		return -EINVAL;
	}
	history_machine(doc, d);
	history_job(doc, d);
	id = compare_options_identity(doc);
	d->options = id ? json_dumps(id, JSON_SORT_KEYS | JSON_COMPACT) : NULL;
	json_decref(id);
	d->environment = env ? json_dumps(env, JSON_SORT_KEYS | JSON_COMPACT) : NULL;
	d->statuses = history_statuses(doc);
	if (!d->options || (env && !d->environment) || !d->statuses)
		return -ENOMEM;
	history_hash(d->options, strlen(d->options), d->fingerprint);
	snprintf(d->kernel, sizeof(d->kernel), "%s", history_str(si, "release", "unknown"));
	snprintf(d->kernel_version, sizeof(d->kernel_version), "%s",
		 history_str(si, "version", ""));
	snprintf(d->arch, sizeof(d->arch), "%s", history_str(si, "machine", ""));
	snprintf(d->stresskit_version, sizeof(d->stresskit_version), "%s",
		 history_str(si, "stresskit-version", "unknown"));
	if (json_is_integer(json_object_get(si, "epoch-secs")))
		d->started = json_integer_value(json_object_get(si, "epoch-secs"));
	return 0;
}

void history_doc_free(struct history_doc *d)
{
	for (size_t i = 0; d->pass && i < d->passes; i++)
		series_free(&d->pass[i]);
	free(d->pass);
	free(d->options);
	free(d->environment);
	free(d->statuses);
	memset(d, 0, sizeof(*d));
}
