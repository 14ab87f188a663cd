/*
 * profile_parse.c - folds `perf script` samples into the perf-profile
 * key families (profile_parse.h). One pass, streaming: a sample is a
 * header line (" pid/tid period event:") and then its frames, callee
 * first ("\tffffffff8123 do_sendfile"), up to a blank line.
 */
#include "profile_parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* perf's deepest chain (sysctl kernel.perf_event_max_stack) is 127. */
#define PROFILE_MAX_FRAMES 128
#define PROFILE_SYM_MAX 256
#define PROFILE_EVENT_MAX 64

struct profile_sample {
	char event[PROFILE_EVENT_MAX];	/* "" until a header is read */
	long pid;
	double weight;
	char frame[PROFILE_MAX_FRAMES][PROFILE_SYM_MAX];
	size_t n;
};

/* One group's figures: weight by key; each family's keys start with the event. */
struct profile_group {
	json_t *calltrace, *children, *self;
	json_t *total;		/* weight by event */
	unsigned long samples;
};

/* pid -> group, open addressing; pid 0 marks a free place. */
struct profile_owner {
	long pid;
	size_t group;
};

struct profile_acc {
	struct profile_group *g;
	size_t n_groups;
	struct profile_owner *own;
	size_t own_cap, own_n;	/* own_cap a power of two, or 0: no owners */
	/* the event as asked ("cycles:pp") and as its keys name it
	 * ("cycles-pp"); a sample of another event keeps perf's name */
	char asked_base[PROFILE_EVENT_MAX], asked_key[PROFILE_EVENT_MAX];
	struct profile_sample cur;
};

struct profile_acc *profile_acc_new(const char *asked, size_t n_groups)
{
	struct profile_acc *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	if (asked) {
		size_t base = strcspn(asked, ":");

		snprintf(a->asked_base, sizeof(a->asked_base), "%.*s", (int)base, asked);
		snprintf(a->asked_key, sizeof(a->asked_key), "%s", asked);
		for (char *p = a->asked_key; *p; p++)
			if (*p == ':')
				*p = '-';
	}
	a->n_groups = n_groups ? n_groups : 1;
	a->g = calloc(a->n_groups, sizeof(*a->g));
	if (!a->g) {
		free(a);
		return NULL;
	}
	for (size_t i = 0; i < a->n_groups; i++) {
		struct profile_group *g = &a->g[i];

		g->calltrace = json_object();
		g->children = json_object();
		g->self = json_object();
		g->total = json_object();
		if (!g->calltrace || !g->children || !g->self || !g->total) {
			profile_acc_free(a);
			return NULL;
		}
	}
	return a;
}

void profile_acc_free(struct profile_acc *a)
{
	if (!a)
		return;
	for (size_t i = 0; a->g && i < a->n_groups; i++) {
		json_decref(a->g[i].calltrace);
		json_decref(a->g[i].children);
		json_decref(a->g[i].self);
		json_decref(a->g[i].total);
	}
	free(a->g);
	free(a->own);
	free(a);
}

unsigned long profile_acc_samples(const struct profile_acc *a, size_t group)
{
	return group < a->n_groups ? a->g[group].samples : 0;
}

static size_t profile_slot(const struct profile_acc *a, long pid)
{
	size_t i = ((unsigned long)pid * 2654435761UL) & (a->own_cap - 1);

	while (a->own[i].pid && a->own[i].pid != pid)
		i = (i + 1) & (a->own_cap - 1);
	return i;
}

/* The group of pid's samples: -1 when none owns it. */
static long profile_owner_of(const struct profile_acc *a, long pid)
{
	size_t i;

	if (!a->own_cap)
		return 0;	/* no owners given: every sample is group 0's */
	i = profile_slot(a, pid);
	return a->own[i].pid ? (long)a->own[i].group : -1;
}

int profile_acc_own(struct profile_acc *a, long pid, size_t group)
{
	size_t i;

	if (pid <= 0 || group >= a->n_groups)
		return -EINVAL;
	/* at most half full, so a probe always ends */
	if (a->own_n + 1 > a->own_cap / 2) {
		size_t cap = a->own_cap ? a->own_cap * 2 : 64;
		struct profile_owner *old = a->own;
		size_t old_cap = a->own_cap;

		a->own = calloc(cap, sizeof(*a->own));
		if (!a->own) {
			a->own = old;
			return -ENOMEM;
		}
		a->own_cap = cap;
		a->own_n = 0;
		for (size_t k = 0; k < old_cap; k++)
			if (old[k].pid)
				profile_acc_own(a, old[k].pid, old[k].group);
		free(old);
	}
	i = profile_slot(a, pid);
	if (!a->own[i].pid)
		a->own_n++;
	a->own[i] = (struct profile_owner){ pid, group };
	return 0;
}

/* A pid that exited is forgotten: a new process may get it. */
static void profile_disown(struct profile_acc *a, long pid)
{
	size_t i, j;

	if (!a->own_cap || !a->own[i = profile_slot(a, pid)].pid)
		return;
	/* backward-shift deletion keeps every probe chain whole */
	a->own[i].pid = 0;
	a->own_n--;
	for (j = (i + 1) & (a->own_cap - 1); a->own[j].pid;
	     j = (j + 1) & (a->own_cap - 1)) {
		struct profile_owner o = a->own[j];

		a->own[j].pid = 0;
		a->own_n--;
		profile_acc_own(a, o.pid, o.group);
	}
}

static int profile_add(json_t *map, const char *key, double w)
{
	json_t *v = json_object_get(map, key);

	if (v)
		return json_real_set(v, json_real_value(v) + w) ? -ENOMEM : 0;
	return json_object_set_new(map, key, json_real(w)) ? -ENOMEM : 0;
}

/*
 * gcc's clones keep their function's name before a suffix: ".isra.0",
 * ".constprop.3", ".part.12". The profile names the function, so the
 * suffix goes wherever it stands (a clone of a clone has two).
 */
static void profile_fix_symbol(char *sym)
{
	static const char *const suffix[] = { ".isra.", ".constprop.", ".part." };

	for (size_t i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
		char *p;

		while ((p = strstr(sym, suffix[i]))) {
			char *end = p + strlen(suffix[i]);

			if (!isdigit((unsigned char)*end))
				break;
			while (isdigit((unsigned char)*end))
				end++;
			memmove(p, end, strlen(end) + 1);
		}
	}
}

/* First position of frame i's symbol in the chain: true when i is it. */
static bool profile_first(const struct profile_sample *s, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(s->frame[k], s->frame[i]))
			return false;
	return true;
}

/*
 * One sample into the families. A symbol seen twice in one chain
 * (recursion) counts once for children, and its call trace starts at its
 * callee-most place, as perf report --children folds it.
 */
static int profile_fold(struct profile_acc *a)
{
	struct profile_sample *s = &a->cur;
	char key[PROFILE_EVENT_MAX + PROFILE_TRACE_DEPTH * PROFILE_SYM_MAX];
	long owner = s->event[0] ? profile_owner_of(a, s->pid) : -1;
	struct profile_group *g;
	int rc = 0;

	if (owner < 0) {
		s->event[0] = '\0';
		s->n = 0;
		return 0;	/* no sample, or another process's */
	}
	g = &a->g[owner];
	if (a->asked_base[0] && !strcmp(s->event, a->asked_base))
		snprintf(s->event, sizeof(s->event), "%s", a->asked_key);
	g->samples++;
	rc = profile_add(g->total, s->event, s->weight);
	if (!rc && s->n) {
		snprintf(key, sizeof(key), "%s.%s", s->event, s->frame[0]);
		rc = profile_add(g->self, key, s->weight);
	}
	for (size_t i = 0; i < s->n && !rc; i++) {
		size_t used;

		if (!profile_first(s, i))
			continue;
		snprintf(key, sizeof(key), "%s.%s", s->event, s->frame[i]);
		rc = profile_add(g->children, key, s->weight);
		used = strlen(key);
		for (size_t k = i + 1; k < s->n && k < i + PROFILE_TRACE_DEPTH; k++)
			used += (size_t)snprintf(key + used, sizeof(key) - used,
						 ".%s", s->frame[k]);
		rc = rc ? rc : profile_add(g->calltrace, key, s->weight);
	}
	s->event[0] = '\0';
	s->n = 0;
	return rc;
}

/*
 * " 4242/4243   250000 cpu-clock:ppH: ": the pid before the '/', the
 * period, the event without its modifiers. false when the line is not a
 * header.
 */
static bool profile_header(char *line, struct profile_sample *s)
{
	char *word[64];
	size_t n = 0, len;
	char *tok, *save = NULL;

	for (tok = strtok_r(line, " \t\n", &save); tok && n < 64;
	     tok = strtok_r(NULL, " \t\n", &save))
		word[n++] = tok;
	if (n < 3)
		return false;
	len = strlen(word[n - 1]);
	if (len < 2 || word[n - 1][len - 1] != ':' || len >= PROFILE_EVENT_MAX)
		return false;
	word[n - 1][len - 1] = '\0';
	/* the event without its modifiers: "cycles:ppH" is cycles; which
	 * modifiers were asked for is the caller's to say (profile_acc_new) */
	word[n - 1][strcspn(word[n - 1], ":")] = '\0';
	snprintf(s->event, sizeof(s->event), "%s", word[n - 1]);
	s->pid = strtol(word[0], NULL, 10);
	s->weight = strtod(word[n - 2], NULL);
	if (!(s->weight > 0))
		s->weight = 1;
	s->n = 0;
	return true;
}

/* "\t ffffffff81234567 do_sendfile": a frame of the current sample. */
static void profile_frame(char *line, struct profile_sample *s)
{
	char *p = line, *sym, *end;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!isxdigit((unsigned char)*p))
		return;
	while (isxdigit((unsigned char)*p))
		p++;
	if (*p != ' ' && *p != '\t')
		return;
	while (*p == ' ' || *p == '\t')
		p++;
	sym = p;
	end = sym + strcspn(sym, " \t\n");
	*end = '\0';
	/* unresolved: an address that names nothing the robot could key */
	if (!*sym || !strcmp(sym, "[unknown]") || s->n == PROFILE_MAX_FRAMES)
		return;
	/* "sym+0x1a" when perf printed offsets */
	if ((end = strstr(sym, "+0x")))
		*end = '\0';
	snprintf(s->frame[s->n], PROFILE_SYM_MAX, "%s", sym);
	profile_fix_symbol(s->frame[s->n]);
	s->n++;
}

/*
 * " 945/945  PERF_RECORD_FORK(2002:2002):(945:945)": a child of an owned
 * process is its owner's (a new thread keeps its pid); EXIT forgets a pid.
 */
static int profile_task_event(struct profile_acc *a, const char *line)
{
	const char *p;
	long c, ct, par, pt;

	if (!a->own_cap)
		return 0;
	if ((p = strstr(line, "PERF_RECORD_FORK(")) &&
	    sscanf(p, "PERF_RECORD_FORK(%ld:%ld):(%ld:%ld)", &c, &ct, &par, &pt) == 4) {
		long owner = profile_owner_of(a, par);

		if (c != par && owner >= 0)
			return profile_acc_own(a, c, (size_t)owner);
	} else if ((p = strstr(line, "PERF_RECORD_EXIT(")) &&
		   sscanf(p, "PERF_RECORD_EXIT(%ld:%ld)", &c, &ct) == 2 && c == ct) {
		profile_disown(a, c);
	}
	return 0;
}

int profile_acc_read(struct profile_acc *a, FILE *f)
{
	char *line = NULL;
	size_t cap = 0;
	int rc = 0;

	while (!rc && getline(&line, &cap, f) >= 0) {
		if (line[0] == '\t') {
			if (a->cur.event[0])
				profile_frame(line, &a->cur);
			continue;
		}
		/* a blank line, a task event or a header ends a sample */
		rc = profile_fold(a);
		if (rc || line[strspn(line, " \n")] == '\0')
			continue;
		if (strstr(line, "PERF_RECORD_"))
			rc = profile_task_event(a, line);
		else
			profile_header(line, &a->cur);
	}
	rc = rc ? rc : profile_fold(a);
	if (!rc && ferror(f))
		rc = -EIO;
	free(line);
	return rc;
}

/* One family: "EVENT.rest" -> percent of EVENT's weight, from floor up. */
static json_t *profile_family(const json_t *weights, const json_t *total,
			      double floor_pct)
{
	json_t *out = json_object(), *v;
	const char *key;

	if (!out)
		return NULL;
	json_object_foreach((json_t *)weights, key, v) {
		char event[PROFILE_EVENT_MAX];
		size_t len = strcspn(key, ".");
		double t, pct;

		snprintf(event, sizeof(event), "%.*s", (int)len, key);
		t = json_real_value(json_object_get(total, event));
		if (!(t > 0))
			continue;
		pct = round(10000.0 * json_real_value(v) / t) / 100.0;
		if (pct >= floor_pct &&
		    json_object_set_new(out, key, json_real(pct))) {
			json_decref(out);
			return NULL;
		}
	}
	return out;
}

json_t *profile_acc_to_json(const struct profile_acc *acc, size_t group)
{
	const struct profile_group *a = group < acc->n_groups ? &acc->g[group] : NULL;
	json_t *o = a ? json_object() : NULL;
	const char *event = "";
	const char *key;
	json_t *v;

	if (!o)
		return NULL;
	/* the event of most weight names the profile (there is one) */
	json_object_foreach(a->total, key, v)
		if (!*event || json_real_value(v) >
		    json_real_value(json_object_get(a->total, event)))
			event = key;
	if (json_object_set_new(o, "event", json_string(event)) ||
	    json_object_set_new(o, "samples", json_integer((json_int_t)a->samples)) ||
	    json_object_set_new(o, "calltrace",
				profile_family(a->calltrace, a->total, PROFILE_FLOOR_TRACE)) ||
	    json_object_set_new(o, "children",
				profile_family(a->children, a->total, PROFILE_FLOOR_SYM)) ||
	    json_object_set_new(o, "self",
				profile_family(a->self, a->total, PROFILE_FLOOR_SYM))) {
		json_decref(o);
		return NULL;
	}
	return o;
}
