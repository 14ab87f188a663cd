/*
 * ktap.c - the KTAP version 1 report of --ktap (see ktap.h). A stressor is
 * a test: "ok", "not ok", or "ok ... # SKIP" where it is not implemented
 * here or never ran. Its figures come first as diagnostic lines, keyed as
 * stress-ng's parsers key them (the description's words joined by '_'),
 * so a consumer that knows nothing of stresskit still reads them apart.
 */
#include "ktap.h"

#include <errno.h>
#include <stresskit/stressor.h>

/* KSFT_PASS, KSFT_FAIL and KSFT_SKIP of the kernel's kselftest.h */
#define KTAP_PASS 0
#define KTAP_FAIL 1
#define KTAP_SKIP 4

int ktap_exit_status(int status)
{
	if (status == SK_OK)
		return KTAP_PASS;
	return status == SK_NOT_IMPLEMENTED ? KTAP_SKIP : KTAP_FAIL;
}

/* A description as a key: a '#' or a newline would end the diagnostic
 * line early, so only printable words are kept, joined by '_'. */
static void ktap_key(FILE *f, const char *desc)
{
	bool gap = false;

	for (const char *c = desc; *c; c++) {
		if (*c == ' ' || *c == '\t') {
			gap = true;
			continue;
		}
		if (*c == '#' || *c < ' ' || *c == 0x7f)
			continue;
		if (gap)
			fputc('_', f);
		gap = false;
		fputc(*c, f);
	}
}

static void ktap_metrics(FILE *f, const struct stressor_summary *s)
{
	fprintf(f, "# %s.instances: %u\n", s->name, s->instances);
	fprintf(f, "# %s.ops: %llu bogo-ops\n", s->name, (unsigned long long)s->ops);
	fprintf(f, "# %s.real_time: %.2f s\n", s->name, s->real_time);
	fprintf(f, "# %s.ops_per_sec: %.2f bogo-ops/s\n", s->name, s->ops_per_sec_real);
	fprintf(f, "# %s.ops_per_sec_usr_sys: %.2f bogo-ops/s\n", s->name, s->ops_per_sec_cpu);
	if (s->instances) {
		fprintf(f, "# %s.ops_per_sec_instance_min: %.2f bogo-ops/s\n", s->name,
			s->inst_rate_min);
		fprintf(f, "# %s.ops_per_sec_instance_max: %.2f bogo-ops/s\n", s->name,
			s->inst_rate_max);
	}
	for (size_t i = 0; i < s->n_metrics; i++) {
		fprintf(f, "# %s.", s->name);
		ktap_key(f, s->metrics[i].desc);
		fprintf(f, ": %.2f\n", s->metrics[i].value);
	}
}

/* The result line: the test's number, its verdict and, for a skip, why. */
static void ktap_result(FILE *f, size_t num, const struct doc_test *t)
{
	const struct stressor_summary *s = t->sum;

	if (!s)
		fprintf(f, "ok %zu %s # SKIP not run: the run was stopped first\n", num, t->name);
	else if (s->status == SK_NOT_IMPLEMENTED)
		fprintf(f, "ok %zu %s # SKIP not implemented here\n", num, t->name);
	else if (s->status == SK_OK && !s->untrustworthy)
		fprintf(f, "ok %zu %s\n", num, t->name);
	else
		fprintf(f, "not ok %zu %s\n", num, t->name);
}

int ktap_write(FILE *f, const struct doc_test *t, size_t n)
{
	fprintf(f, "KTAP version 1\n");
	fprintf(f, "1..%zu\n", n);
	for (size_t i = 0; i < n; i++) {
		const struct stressor_summary *s = t[i].sum;

		if (s && s->status != SK_NOT_IMPLEMENTED)
			ktap_metrics(f, s);
		if (s && s->status != SK_OK && s->status != SK_NOT_IMPLEMENTED)
			fprintf(f, "# %s: exit status %d\n", t[i].name, s->status);
		else if (s && s->untrustworthy)
			fprintf(f, "# %s: a bogo-op counter was torn: its figures are untrustworthy\n",
				t[i].name);
		ktap_result(f, i + 1, &t[i]);
	}
	return fflush(f) || ferror(f) ? -EIO : 0;
}
