/*
 * latency_opts.c - what the --latency options mean together, checked
 * before anything runs (the engine has range-checked --latency-sample).
 */
#include "latency_opts.h"


int latency_cli_check(struct cli_config *cfg, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	/* the files' directories were checked when parsed (OPT_OUT_FILE) */
	if (cfg->given[G_LATENCY_SAMPLE] || cfg->latency_csv || cfg->latency_plot)
		cfg->latency = true;
	return 0;
}
