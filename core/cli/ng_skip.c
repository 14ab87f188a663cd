/*
 * ng_skip.c - the drop-in's skipped stressors. Called as stress-ng,
 * stresskit takes "--NAME N" for a stressor stress-ng has and stresskit
 * lacks as stress-ng takes one it cannot run on the machine: the run goes
 * on without it, one "skipped" line names it, it gets no metrics row and
 * the exit status is that of the rest (0 when nothing else was asked).
 * So an LKP job of such a stressor is an empty result, not a failure.
 */
#include "ng_skip.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "ng_names.h"

bool ng_skip_applies(const char *name, size_t len)
{
	return !strcmp(log_program_name(), "stress-ng") && ng_stressor_known(name, len);
}

bool ng_skip_plugin_stressor(const char *val)
{
	size_t n = val ? strlen(val) : 0, digits;

	if (!n || strcmp(log_program_name(), "stress-ng"))
		return false;
	digits = strspn(val + (val[0] == '-'), "0123456789");
	return digits && (val[0] == '-') + digits + (val[n - 1] == '%') == n;
}

int ng_skip_add(struct ng_skipped *sk, const char *name, size_t len, uint32_t instances,
		char *err, size_t errlen)
{
	for (size_t i = 0; i < sk->n; i++) {
		if (sk->e[i].len == len && !strncmp(sk->e[i].name, name, len)) {
			sk->e[i].instances = instances;	/* the last --NAME N counts */
			return 0;
		}
	}
	if (sk->n == NG_SKIPPED_MAX) {
		snprintf(err, errlen, "more than %d stressors stresskit does not have",
			 NG_SKIPPED_MAX);
		return -E2BIG;
	}
	sk->e[sk->n++] = (struct ng_skip_entry){ name, len, instances };
	return 0;
}

void ng_skip_report(const struct ng_skipped *sk)
{
	char list[NG_SKIPPED_MAX * 40];
	size_t used = 0;
	unsigned long total = 0;

	if (!sk->n)
		return;
	list[0] = '\0';
	for (size_t i = 0; i < sk->n && used < sizeof(list); i++) {
		used += (size_t)snprintf(list + used, sizeof(list) - used, " %.*s (%u)",
					 (int)sk->e[i].len, sk->e[i].name, sk->e[i].instances);
		total += sk->e[i].instances;
	}
	log_info("skipped: %lu:%s", total, list);
}
