/*
 * plugin_args.c - loads the plugins before the command line is parsed:
 * a plugin's stressors bring options (--tee N, --tee-size) that the
 * parser must know when it meets them, wherever --plugin stands. So the
 * plugins are found first: every *.so of STRESSKIT_PLUGIN_PATH's
 * directories, then each --plugin FILE of argv and each "plugin FILE"
 * line of the job file, in order. The parser proper then only checks
 * that --plugin has a value.
 */
#include "plugin_args.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "job.h"
#include "ng_skip.h"
#include "plugin.h"
#include "registry.h"

/*
 * A plugin named in a job file: the name is copied, the registry keeps it.
 * A relative name is taken from the job file's directory (dir_len bytes of
 * job), so a job file and the plugin it names can move together.
 */
static int plugin_args_job_line(char *line, const char *job, size_t dir_len,
				char *err, size_t errlen)
{
	char *save = NULL, *word, *file, *copy;
	int rc;

	line[strcspn(line, "#\r\n")] = '\0';
	word = strtok_r(line, " \t", &save);
	if (!word || strcmp(word, "plugin"))
		return 0;
	file = strtok_r(NULL, " \t", &save);
	if (!file)
		return 0;	/* the parser reports the missing value */
	if (file[0] == '/' || !dir_len)
		copy = strdup(file);
	else if (asprintf(&copy, "%.*s/%s", (int)dir_len, job, file) < 0)
		copy = NULL;
	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	rc = plugin_load(copy, err, errlen);
	if (rc)
		free(copy);
	return rc > 0 ? 0 : rc;
}

/*
 * The "plugin FILE" lines of a job file, read as the parser reads it
 * (job_read: the same cap). A file that cannot be read is skipped here:
 * the parser reports it with its own message. So is one that is not a
 * regular file: a FIFO or /dev/stdin can be read once, and the parser's
 * read is that once (its plugin lines are then not loaded, and the
 * options of their stressors are unknown).
 */
static int plugin_args_job(const char *path, char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	size_t dir_len = slash ? (size_t)(slash - path) + (slash == path) : 0;
	char *buf = NULL, *line, *nl, why[512];
	struct stat st;
	size_t len;
	int rc = 0;

	if (stat(path, &st) || !S_ISREG(st.st_mode))
		return 0;
	if (job_read(path, &buf, &len, why, sizeof(why))) {
		free(buf);
		return 0;
	}
	for (line = buf; !rc && line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		rc = plugin_args_job_line(line, path, dir_len, err, errlen);
	}
	free(buf);
	return rc;
}

/* The value of option name at argv[*i] ("--name V" or "--name=V"), or NULL. */
static const char *plugin_args_value(int argc, char **argv, int *i, const char *name)
{
	size_t len = strlen(name);
	const char *a = argv[*i];

	if (strncmp(a, name, len))
		return NULL;
	if (a[len] == '=')
		return a + len + 1;
	if (a[len] || *i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

/*
 * --version and a bare --help (-V, -h) need no plugin: they skip the
 * plugin directories, so that a broken file there leaves them working.
 * --help NAME may name a plugin's stressor, and a plugin named on the
 * command line or in a job file is still loaded: the user asked for it.
 */
static bool plugin_args_info_only(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--"))
			break;
		if (!strcmp(a, "--version") || !strcmp(a, "-V") || !strcmp(a, "-h"))
			return true;
		/* the parser's rule: the next word is its NAME unless an option */
		if (!strcmp(a, "--help") && (i + 1 == argc || argv[i + 1][0] == '-'))
			return true;
	}
	return false;
}

int cli_load_plugins(int argc, char **argv, char *err, size_t errlen)
{
	const char *path = getenv("STRESSKIT_PLUGIN_PATH");
	int rc = 0;

	if (!plugin_args_info_only(argc, argv))
		rc = plugin_load_path(path ? path : SK_PLUGIN_DIR, err, errlen);
	/* "stresskit job.txt ...": the job file as the first argument */
	if (!rc && argc > 1 && argv[1][0] != '-')
		rc = plugin_args_job(argv[1], err, errlen);
	for (int i = 1; i < argc && !rc; i++) {
		const char *v;

		if (!strcmp(argv[i], "--"))
			break;
		if ((v = plugin_args_value(argc, argv, &i, "--plugin"))) {
			if (ng_skip_plugin_stressor(v))
				continue;	/* stress-ng's plugin stressor: skipped */
			rc = plugin_load(v, err, errlen);
			rc = rc > 0 ? 0 : rc;
		} else if ((v = plugin_args_value(argc, argv, &i, "--job")) ||
			   (v = plugin_args_value(argc, argv, &i, "-j"))) {
			rc = plugin_args_job(v, err, errlen);
		} else if (!strncmp(argv[i], "-j", 2) && argv[i][2]) {
			rc = plugin_args_job(argv[i] + 2, err, errlen);
		}
	}
	if (!rc)
		rc = registry_check_names(cli_is_global_option, err, errlen);
	return rc;
}
