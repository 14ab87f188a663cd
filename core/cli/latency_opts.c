/*
 * latency_opts.c - what the --latency options mean together, checked
 * before anything runs (the engine has range-checked --latency-sample).
 */
#include "latency_opts.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>


/* The directory FILE would be created in must exist and be writable. */
static int latency_opts_dir(const char *opt, const char *path, char *err,
			    size_t errlen)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	size_t n;

	if (!*path) {
		snprintf(err, errlen, "invalid %s '': expected a file name", opt);
		return -EINVAL;
	}
	if (!slash)
		return 0;
	n = slash == path ? 1 : (size_t)(slash - path);
	if (n >= sizeof(dir)) {
		snprintf(err, errlen, "invalid %s '%s': path too long", opt, path);
		return -EINVAL;
	}
	memcpy(dir, path, n);
	dir[n] = '\0';
	if (access(dir, W_OK | X_OK)) {
		snprintf(err, errlen, "cannot write %s '%s': %s: %s", opt, path,
			 dir, strerror(errno));
		return -EINVAL;
	}
	return 0;
}

int latency_cli_check(struct cli_config *cfg, char *err, size_t errlen)
{
	int rc;

	if (cfg->given[G_LATENCY_SAMPLE] || cfg->latency_csv || cfg->latency_plot)
		cfg->latency = true;
	if (cfg->latency_csv &&
	    (rc = latency_opts_dir("--latency-csv", cfg->latency_csv, err, errlen)))
		return rc;
	if (cfg->latency_plot &&
	    (rc = latency_opts_dir("--latency-plot", cfg->latency_plot, err, errlen)))
		return rc;
	return 0;
}
