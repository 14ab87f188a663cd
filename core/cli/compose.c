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
#include "log.h"
#include "registry.h"

static const char *compose_selection_option(const struct cli_config *cfg)
{
	return cfg->set.seq_n ? "--sequential" : "--all";
}

int compose_stressor_item(const struct stressor_opt *o, const char *item,
			  size_t len, uint32_t *out, char *err, size_t errlen)
{
	char names[384];
	size_t used = 0;

	for (size_t i = 0; i < registry_count(); i++) {
		if (strlen(registry_at(i)->name) == len &&
		    !strncmp(registry_at(i)->name, item, len)) {
			*out = (uint32_t)i;
			return 0;
		}
	}
	names[0] = '\0';
	for (size_t i = 0; i < registry_count() && used < sizeof(names); i++)
		used += (size_t)snprintf(names + used, sizeof(names) - used, "%s%s",
					 i ? " " : "", registry_at(i)->name);
	snprintf(err, errlen, "unknown stressor '%.*s' in --%s (stressors: %s)",
		 (int)len, item, o->name, names);
	return -EINVAL;
}

/*
 * --exclude: a name stresskit has no stressor by leaves nothing out, and
 * is no error, so stress-ng's job lines run unchanged (LKP's stress-ng
 * job says --exclude spawn,exec). stress-ng takes such names silently,
 * and so does stresskit: a warning on every LKP run would be noise (and
 * this runs before -q and -v are known). --dry-run shows what runs. It
 * must still look like a name.
 */
int compose_exclude_item(const struct stressor_opt *o, const char *item,
			 size_t len, uint32_t *out, char *err, size_t errlen)
{
	size_t name = strspn(item, "abcdefghijklmnopqrstuvwxyz0123456789-_");

	if (!compose_stressor_item(o, item, len, out, err, errlen))
		return 0;
	if (!len || name < len) {
		snprintf(err, errlen, "invalid stressor name '%.*s' in --%s",
			 (int)len, item, o->name);
		return -EINVAL;
	}
	err[0] = '\0';
	return OPT_ITEM_NONE;
}

/* Marks in `in` (one flag per registry entry) the stressors of a list. */
static void compose_mark(const struct opt_list *l, bool *in)
{
	for (uint32_t i = 0; i < l->n; i++)
		in[l->v[i]] = true;
}

/* The --class list as given: "pipe,os". */
static void compose_class_text(const struct cli_config *cfg, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (uint32_t i = 0; i < cfg->set.classes.n && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s", i ? "," : "",
					 class_name(1u << cfg->set.classes.v[i]));
}

/* Picks the composition and its instance count from --sequential, --all, "run". */
static int compose_choose(struct cli_config *cfg, bool *counted, uint32_t *n,
			  char *err, size_t errlen)
{
	struct compose_opts *co = &cfg->compose;
	enum composition m = cfg->set.seq_n ? COMPOSE_SEQUENTIAL : COMPOSE_PARALLEL;

	*counted = false;
	co->composition = cfg->job.composition;
	if (cfg->set.seq_n && cfg->set.all_n) {
		snprintf(err, errlen, "--sequential and --all (--parallel) exclude "
			 "each other: choose one");
		return -EINVAL;
	}
	if (!cfg->set.seq_n && !cfg->set.all_n)
		return 0;
	if (cfg->job.composition && cfg->job.composition != m) {
		snprintf(err, errlen, "%s contradicts the job file's run %s line",
			 compose_selection_option(cfg),
			 cfg->job.composition == COMPOSE_SEQUENTIAL ? "sequential" : "parallel");
		return -EINVAL;
	}
	*n = cfg->set.seq_n ? cfg->set.seq_n : cfg->set.all_n;
	co->composition = m;
	*counted = true;
	return 0;
}

static int compose_select(struct cli_config *cfg, char *err, size_t errlen)
{
	struct compose_opts *co = &cfg->compose;
	size_t n = registry_count();
	bool with[n ? n : 1], exclude[n ? n : 1], counted, before = false, after = false;
	bool has_with = cfg->given[G_WITH], has_class = cfg->given[G_CLASS];
	bool threads = cfg->set.instance_kind == CLI_THREADS;
	uint32_t count = 0;
	char classes[256];
	int rc;

	co->class_mask = class_mask(&cfg->set.classes);
	if (cfg->action == CLI_LIST_CLASS)
		return 0;
	rc = compose_choose(cfg, &counted, &count, err, errlen);
	if (rc)
		return rc;
	if (has_class && !counted) {
		snprintf(err, errlen, "--class needs an instance count: "
			 "add --sequential N or --all N");
		return -EINVAL;
	}
	if (has_with && !counted) {
		snprintf(err, errlen, "--with needs a mode: "
			 "add --sequential N or --all N");
		return -EINVAL;
	}
	memset(with, 0, sizeof(with));
	memset(exclude, 0, sizeof(exclude));
	compose_mark(&cfg->set.with, with);
	compose_mark(&cfg->set.exclude, exclude);
	for (size_t i = 0; i < n; i++) {
		struct stressor_choice *c = &cfg->choice[i];
		const struct stressor *s = registry_at(i);

		if (counted && !c->selected &&
		    (!co->class_mask || (s->classes & co->class_mask)) &&
		    (has_with ? with[i] : stressor_kind_fits(s, threads))) {
			c->selected = true;
			c->instances = count;
		}
		before |= c->selected;
		if (exclude[i])
			c->selected = false;
		after |= c->selected;
	}
	if (counted && !before && has_class) {
		compose_class_text(cfg, classes, sizeof(classes));
		snprintf(err, errlen, "no stressor in class '%s'%s (see --class '%s?')",
			 classes, has_with ? " among --with" : "", classes);
		return -EINVAL;
	}
	if (before && !after) {
		snprintf(err, errlen, "--exclude leaves no stressor to run");
		return -EINVAL;
	}
	return 0;
}

int compose_resolve(struct cli_config *cfg, char *err, size_t errlen)
{
	static const enum cli_global from_job[] = {
		G_CLASS, G_WITH, G_EXCLUDE, G_SEQUENTIAL, G_ALL,
	};
	bool job = cfg->job.composition != COMPOSE_TOGETHER;
	int rc = compose_select(cfg, err, errlen);
	char msg[512];

	/* a mode, class or list from a job file: say which file it was */
	for (size_t i = 0; i < sizeof(from_job) / sizeof(from_job[0]); i++)
		job |= cfg->given[from_job[i]] == GIVEN_JOB;
	if (rc && job) {
		snprintf(msg, sizeof(msg), "%s", err);
		snprintf(err, errlen, "%s: %s", cfg->job.path, msg);
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
