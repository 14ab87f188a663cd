/*
 * monitor_slabinfo.c - slabinfo: each cache of /proc/slabinfo (version
 * 2.1; root may read it), its active_objs, num_objs, active_slabs and
 * num_slabs as levels, the samples' mean, as lkp-tests' parser names
 * them: slabinfo.kmalloc-64.active_objs.
 */
#include "monitor.h"

#include <stdlib.h>
#include <string.h>

static const char *const slabinfo_columns[] = {
	"<active_objs>", "<num_objs>", "<active_slabs>", "<num_slabs>",
};

static bool slabinfo_wanted(const char *col)
{
	for (size_t i = 0; i < sizeof(slabinfo_columns) / sizeof(*slabinfo_columns); i++)
		if (!strcmp(col, slabinfo_columns[i]))
			return true;
	return false;
}

static int slabinfo_read(FILE *f, struct monitor_sample *s)
{
	char line[1024], head[1024], *cols[32], name[200];
	int ncols = 0, caches = 0;

	if (!fgets(line, sizeof(line), f) || !strstr(line, "version: 2.1") ||
	    !fgets(head, sizeof(head), f) || strncmp(head, "# name", 6))
		return -EINVAL;
	/* the heading's words after "# name", one for each word of a line after its name */
	for (char *t = strtok(head + 6, " \t\n"); t && ncols < 32; t = strtok(NULL, " \t\n"))
		cols[ncols++] = t;
	while (fgets(line, sizeof(line), f)) {
		char *cache = strtok(line, " \t\n"), *vals[32];
		int n = 0;

		while (cache && n < 32 && (vals[n] = strtok(NULL, " \t\n")))
			n++;
		if (!cache || n != ncols)
			continue;
		for (int i = 0; i < n; i++) {
			if (!slabinfo_wanted(cols[i]))
				continue;
			snprintf(name, sizeof(name), "%s.%.*s", cache,
				 (int)strlen(cols[i]) - 2, cols[i] + 1);
			monitor_put(s, name, strtod(vals[i], NULL), MONITOR_MEAN);
		}
		caches++;
	}
	return caches ? 0 : -EINVAL;
}

static const struct monitor slabinfo_monitor = {
	.name = "slabinfo",
	.path = "/proc/slabinfo",
	.read = slabinfo_read,
};
MONITOR_REGISTER(slabinfo_monitor);
