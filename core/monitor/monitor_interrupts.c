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

#define INTERRUPTS_CPUS 1024

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
	static char line[65536];	/* the controller's only: one line of 1024 CPUs */
	char *w[INTERRUPTS_CPUS + 64], key[256], name[300];
	int ncpu = 0, lines = 0;

	if (!fgets(line, sizeof(line), f))
		return -EINVAL;
	for (char *t = strtok(line, " \t\n"); t; t = strtok(NULL, " \t\n"))
		ncpu += !strncmp(t, "CPU", 3);
	while (fgets(line, sizeof(line), f)) {
		int nw = 0;
		double sum = 0;

		for (char *t = strtok(line, " \t\n"); t && nw < (int)(sizeof(w) / sizeof(*w));
		     t = strtok(NULL, " \t\n"))
			w[nw++] = t;
		if (nw < 2 || w[0][strlen(w[0]) - 1] != ':')
			continue;
		if (nw == 2) {	/* ERR: 0 */
			w[0][strlen(w[0]) - 1] = '\0';
			monitor_put(s, w[0], strtod(w[1], NULL), MONITOR_DELTA);
			continue;
		}
		interrupts_key(w, nw, ncpu + 1, key, sizeof(key));
		for (int c = 0; c < ncpu; c++) {
			double v = c + 1 < nw ? strtod(w[c + 1], NULL) : 0;

			snprintf(name, sizeof(name), "CPU%d.%s", c, key);
			monitor_put(s, name, v, MONITOR_DELTA);
			sum += v;
		}
		monitor_put(s, key, sum, MONITOR_DELTA);
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
