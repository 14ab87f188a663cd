/*
 * opts_check.c - the checks a string option's flags ask for, made when the
 * option is parsed: a directory the run will write in, a file it will
 * create, a HOST:PORT it will connect to (opts_host_port.c). Without them a bad value is
 * noticed only after the instances have been dispatched (a table of zeros
 * and exit 1), which is what stress-ng does and what users trip over.
 */
#include "opts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int opts_check_dir(const struct stressor_opt *o, const char *dir,
			  const char *val, char *err, size_t errlen)
{
	const char *what = o->flags & OPT_OUT_FILE ? "cannot write" : "invalid";
	struct stat st;

	if (stat(dir, &st)) {
		snprintf(err, errlen, "%s --%s '%s': %s: %s", what, o->name, val,
			 dir, strerror(errno));
		return -EINVAL;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s --%s '%s': %s is not a directory",
			 what, o->name, val, dir);
		return -EINVAL;
	}
	if (access(dir, W_OK | X_OK)) {
		snprintf(err, errlen, "%s --%s '%s': cannot write in %s: %s",
			 what, o->name, val, dir, strerror(errno));
		return -EINVAL;
	}
	return 0;
}

/* The directory FILE would be created in: "." for a bare name. */
static int opts_check_out_file(const struct stressor_opt *o, const char *val,
			       char *err, size_t errlen)
{
	const char *slash = strrchr(val, '/');
	char dir[4096];
	size_t n;

	if (!slash)
		return opts_check_dir(o, ".", val, err, errlen);
	if (!slash[1]) {
		snprintf(err, errlen, "invalid --%s '%s': expected a file name",
			 o->name, val);
		return -EINVAL;
	}
	n = slash == val ? 1 : (size_t)(slash - val);
	if (n >= sizeof(dir)) {
		snprintf(err, errlen, "invalid --%s: path too long", o->name);
		return -EINVAL;
	}
	memcpy(dir, val, n);
	dir[n] = '\0';
	return opts_check_dir(o, dir, val, err, errlen);
}

int opts_check_string(const struct stressor_opt *o, const char *val,
		      char *err, size_t errlen)
{
	if (o->flags & OPT_DIR)
		return opts_check_dir(o, val, val, err, errlen);
	if (o->flags & OPT_OUT_FILE)
		return opts_check_out_file(o, val, err, errlen);
	return 0;
}
