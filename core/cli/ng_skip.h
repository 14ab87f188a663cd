/*
 * ng_skip.h - stressors stress-ng has and stresskit lacks, skipped by the
 * drop-in as stress-ng skips one it cannot run (ng_skip.c).
 */
#ifndef STRESSKIT_NG_SKIP_H
#define STRESSKIT_NG_SKIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NG_SKIPPED_MAX 64

struct ng_skip_entry {
	const char *name;	/* into argv or the job file: len bytes */
	size_t len;
	uint32_t instances;
};

struct ng_skipped {
	size_t n;
	struct ng_skip_entry e[NG_SKIPPED_MAX];
};

/* Whether --NAME (len bytes) is skipped: called as stress-ng, a stressor
 * stress-ng knows (the caller has found no stresskit stressor of it). */
bool ng_skip_applies(const char *name, size_t len);

/*
 * Whether "--plugin VAL" is stress-ng's plugin stressor, not stresskit's
 * plugin file: called as stress-ng, with an instance count for a value
 * (digits, a leading '-' or a trailing '%'), as LKP's "test: plugin"
 * runs it. It is then skipped as any stressor stresskit lacks.
 */
bool ng_skip_plugin_stressor(const char *val);

/* Notes NAME skipped with its instance count; -E2BIG past the table, with
 * one line in err. */
int ng_skip_add(struct ng_skipped *sk, const char *name, size_t len, uint32_t instances,
		char *err, size_t errlen);

/* "skipped: N: NAME (n) ...", stress-ng's summary line; nothing if none. */
void ng_skip_report(const struct ng_skipped *sk);

#endif
