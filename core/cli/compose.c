/*
 * compose.c - from --class, --sequential/--all, --with and --exclude to the
 * set of selected stressors. It runs once, after the whole command line
 * (and any job file) is parsed, so options mean the same in any order.
 *
 * The rule: a mode with a count (--sequential N, --all N) selects every
 * stressor of the --class (all stressors without one), restricted to
 * --with, each with N instances; a --NAME M given as well keeps its M.
 * A job's "run sequential" without a count runs the stressors it names.
 * --exclude removes stressors from whatever was selected. A class or
 * --all leaves out the stressors that cannot run in the --instance-mode
 * (pipe as threads, pthread_mutex1 as processes); --with naming one
 * selects it, and the mode check refuses it by name.
 */
#include "compose.h"

#include <errno.h>
#include <string.h>

#include "classes.h"
#include "cli.h"
#include "parse.h"
#include "registry.h"
#include "threads.h"

static const char *compose_mode_option(const struct compose_opts *co)
{
	return co->seq_str ? "--sequential" : "--all";
}

/* Writes "unknown stressor 'x' in --with (stressors: a b c)". */
static int compose_unknown_stressor(const char *opt, const char *name, size_t len,
				    char *err, size_t errlen)
{
	char names[384];
	size_t used = 0;

	names[0] = '\0';
	for (size_t i = 0; i < registry_count() && used < sizeof(names); i++)
		used += (size_t)snprintf(names + used, sizeof(names) - used, "%s%s",
					 i ? " " : "", registry_at(i)->name);
	snprintf(err, errlen, "unknown stressor '%.*s' in %s (stressors: %s)",
		 (int)len, name, opt, names);
	return -EINVAL;
}

/*
 * Marks in `in` (one flag per registry entry) the stressors of a list
 * "a,b". Returns 0, or -EINVAL naming the unknown one.
 */
static int compose_name_list(const char *opt, const char *list, bool *in,
			     char *err, size_t errlen)
{
	const char *p = list;

	do {
		size_t len = strcspn(p, ",");
		size_t i;

		for (i = 0; i < registry_count(); i++)
			if (strlen(registry_at(i)->name) == len &&
			    !strncmp(registry_at(i)->name, p, len))
				break;
		if (i == registry_count())
			return compose_unknown_stressor(opt, p, len, err, errlen);
		in[i] = true;
		p += len;
	} while (*p++ == ',');
	return 0;
}

/* --class 'NAME?' or '?': a listing, not a run. */
static int compose_class_query(struct cli_config *cfg, char *err, size_t errlen)
{
	struct compose_opts *co = &cfg->compose;
	size_t len = strlen(co->class_str);
	char buf[256];

	if (len >= sizeof(buf)) {
		snprintf(err, errlen, "invalid --class: too long");
		return -EINVAL;
	}
	memcpy(buf, co->class_str, len - 1);
	buf[len - 1] = '\0';
	cfg->action = CLI_LIST_CLASS;
	co->list_class = co->class_str;
	if (!buf[0])
		return 0;
	return class_parse_list(buf, &co->class_mask, err, errlen);
}

/* Picks the mode and its instance count from --sequential, --all, "run". */
static int compose_mode(struct cli_config *cfg, bool *counted, uint32_t *n,
			char *err, size_t errlen)
{
	struct compose_opts *co = &cfg->compose;
	const char *val = co->seq_str ? co->seq_str : co->all_str;
	enum compose_mode m = co->seq_str ? COMPOSE_SEQUENTIAL : COMPOSE_PARALLEL;

	*counted = false;
	co->mode = co->job_mode;
	if (co->seq_str && co->all_str) {
		snprintf(err, errlen, "--sequential and --all (--parallel) exclude "
			 "each other: choose one");
		return -EINVAL;
	}
	if (!val)
		return 0;
	if (co->job_mode && co->job_mode != m) {
		snprintf(err, errlen, "%s contradicts the job file's run %s line",
			 compose_mode_option(co),
			 co->job_mode == COMPOSE_SEQUENTIAL ? "sequential" : "parallel");
		return -EINVAL;
	}
	if (parse_instances(val, cfg->ncpus, n)) {
		snprintf(err, errlen, "invalid %s '%s': expected an instance count "
			 "from 0 to %d (0 or negative: one per online CPU, N%%: a share of them)",
			 compose_mode_option(co), val, INSTANCES_MAX);
		return -EINVAL;
	}
	co->mode = m;
	*counted = true;
	return 0;
}

static int compose_select(struct cli_config *cfg, char *err, size_t errlen)
{
	struct compose_opts *co = &cfg->compose;
	size_t n = registry_count();
	bool with[n ? n : 1], exclude[n ? n : 1], counted, before = false, after = false;
	/* an invalid --instance-mode is refused later, by threads_cli_check */
	bool threads = cfg->instance_mode && !strcmp(cfg->instance_mode, "thread");
	uint32_t count = 0;
	int rc;

	if (co->class_str && *co->class_str &&
	    co->class_str[strlen(co->class_str) - 1] == '?')
		return compose_class_query(cfg, err, errlen);
	rc = compose_mode(cfg, &counted, &count, err, errlen);
	if (rc)
		return rc;
	if (co->class_str) {
		if (!counted) {
			snprintf(err, errlen, "--class needs an instance count: "
				 "add --sequential N or --all N");
			return -EINVAL;
		}
		rc = class_parse_list(co->class_str, &co->class_mask, err, errlen);
		if (rc)
			return rc;
	}
	memset(with, 0, sizeof(with));
	memset(exclude, 0, sizeof(exclude));
	if (co->with_str) {
		if (!counted) {
			snprintf(err, errlen, "--with needs a mode: "
				 "add --sequential N or --all N");
			return -EINVAL;
		}
		rc = compose_name_list("--with", co->with_str, with, err, errlen);
		if (rc)
			return rc;
	}
	if (co->exclude_str) {
		rc = compose_name_list("--exclude", co->exclude_str, exclude,
				       err, errlen);
		if (rc)
			return rc;
	}
	for (size_t i = 0; i < n; i++) {
		struct stressor_choice *c = &cfg->choice[i];
		const struct stressor *s = registry_at(i);

		if (counted && !c->selected &&
		    (!co->class_mask || (s->classes & co->class_mask)) &&
		    (co->with_str ? with[i] : threads_mode_fits(s, threads))) {
			c->selected = true;
			c->instances = count;
		}
		before |= c->selected;
		if (exclude[i])
			c->selected = false;
		after |= c->selected;
	}
	if (counted && !before && co->class_str) {
		snprintf(err, errlen, "no stressor in class '%s'%s (see --class '%s?')",
			 co->class_str, co->with_str ? " among --with" : "",
			 co->class_str);
		return -EINVAL;
	}
	if (before && !after) {
		snprintf(err, errlen, "--exclude leaves no stressor to run");
		return -EINVAL;
	}
	return 0;
}

/* True when p points into the job file's text: the option came from it. */
static bool compose_from_job(const struct compose_opts *co, const char *p)
{
	return p && co->job_buf && p >= co->job_buf && p < co->job_buf + co->job_len;
}

int compose_resolve(struct cli_config *cfg, char *err, size_t errlen)
{
	const struct compose_opts *co = &cfg->compose;
	int rc = compose_select(cfg, err, errlen);
	char msg[512];

	/* a mode, class or list from a job file: say which file it was */
	if (rc && (co->job_mode || compose_from_job(co, co->class_str) ||
		   compose_from_job(co, co->with_str) ||
		   compose_from_job(co, co->exclude_str) ||
		   compose_from_job(co, co->seq_str) ||
		   compose_from_job(co, co->all_str))) {
		snprintf(msg, sizeof(msg), "%s", err);
		snprintf(err, errlen, "%s: %s", co->job_path, msg);
	}
	return rc;
}

void compose_list_classes(FILE *f, const struct compose_opts *co)
{
	size_t len = strlen(co->list_class);

	if (len <= 1) {
		class_list(f);
		return;
	}
	class_list_stressors(f, co->list_class, (int)(len - 1), co->class_mask);
}
