/*
 * monitor_interrupts.c - interrupts: each line of /proc/interrupts, the
 * window's delta summed over the CPUs and per CPU, keyed as lkp-tests'
 * parser keys them: a named line by its words joined with '_'
 * (interrupts.CAL:Function_call_interrupts), a numbered one with '.'
 * (interrupts.35:PCI-MSI.524288-edge.eth0), per CPU with the CPU first
 * (interrupts.CPU0.LOC:Local_timer_interrupts); ERR and MIS as they are.
 */
#include "monitor.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The line's key: its first word, then the words after the counts. */
static void interrupts_key(char **w, int nw, int from, char *key, size_t len)
{
	bool numbered = isdigit((unsigned char)w[0][0]);
	size_t used = (size_t)snprintf(key, len, "%s", w[0]);

	for (int i = from; i < nw && used < len; i++) {
		/* lkp joins "a," "b" as "a,b" */
		bool comma = numbered && i > from && w[i - 1][strlen(w[i - 1]) - 1] == ',';

		used += (size_t)snprintf(key + used, len - used, "%s%s",
					 i == from || comma ? "" : numbered ? "." : "_", w[i]);
	}
}

static int interrupts_read(FILE *f, struct monitor_sample *s)
{
	char line[MONITOR_LINE], *w[MONITOR_WORDS], key[256];
	int ncpu, lines = 0;

	if (!fgets(line, sizeof(line), f))
		return -EINVAL;
	ncpu = monitor_cpus(line);
	while (fgets(line, sizeof(line), f)) {
		int nw = monitor_words(line, w);

		if (nw < 2 || w[0][strlen(w[0]) - 1] != ':')
			continue;
		if (nw == 2) {	/* ERR: 0 */
			w[0][strlen(w[0]) - 1] = '\0';
			monitor_put(s, w[0], strtod(w[1], NULL), MONITOR_DELTA);
			continue;
		}
		interrupts_key(w, nw, ncpu + 1, key, sizeof(key));
		monitor_put_cpus(s, key, w + 1, nw - 1, ncpu);
		lines++;
	}
	return ncpu && lines ? 0 : -EINVAL;
}

static const struct monitor interrupts_monitor = {
	.name = "interrupts",
	.path = "/proc/interrupts",
	.read = interrupts_read,
};
MONITOR_REGISTER(interrupts_monitor);
