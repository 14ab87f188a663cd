/*
 * compat.c - stress-ng's global options that LKP jobs and stress-ng users
 * pass, which stresskit does not implement: each with the reason, so the
 * refusal says what the option would have changed.
 */
#include "compat.h"

#include <stddef.h>
#include <string.h>

static const struct {
	const char *name, *why;
} compat_table[] = {
	{ "aggressive", "it changes each stressor's workload; a stresskit op is fixed" },
	{ "maximize", "it changes each stressor's workload; a stresskit op is fixed" },
	{ "minimize", "it changes each stressor's workload; a stresskit op is fixed" },
	{ "random", "instance counts are chosen explicitly" },
	{ "log-file", "redirect the output instead" },
	{ "syslog", "redirect the output instead" },
	{ "keep-name", "instances are always named stresskit-NAME" },
	{ "klog-check", NULL },
	{ "thrash", NULL },
	{ "page-in", NULL },
	{ "sched", NULL },
	{ "sched-prio", NULL },
	{ "ionice-class", NULL },
	{ "ionice-level", NULL },
	{ "abort", "a failing stressor never stops the others" },
};

bool compat_unsupported(const char *name, const char **why)
{
	for (size_t i = 0; i < sizeof(compat_table) / sizeof(compat_table[0]); i++) {
		if (!strcmp(name, compat_table[i].name)) {
			*why = compat_table[i].why;
			return true;
		}
	}
	return false;
}
