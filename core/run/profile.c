/*
 * profile.c - --perf-profile: one system-wide `perf record -a -g` over
 * the measured window, as LKP takes it (profile_record.c runs it), then
 * `perf script` split by process tree into each stressor's samples and
 * folded by profile_parse.c. System-wide, not per process (-p): a
 * per-task event is switched out and in at every context switch, a cost
 * that grows with the switch rate; a CPU-wide event costs nothing at a
 * switch. A perf that fails or hangs costs one line, never the run.
 * A user the kernel does not let sample every CPU (profile_probe.c) gets
 * the one profile it may take: of the run's own processes (-p, their
 * children followed), in user space only, under an event named so
 * ("cpu-clock:u", keys "cpu-clock-u.*"), with one line saying so.
 */
#include "profile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "log.h"
#include "profile_parse.h"
#include "profile_probe.h"
#include "profile_record.h"

/* Seconds perf may take to attach (it loads, opens an event per thread). */
#define PROFILE_ATTACH_WAIT 20.0
/* Seconds an enable or disable may take to be acknowledged. */
#define PROFILE_ACK_WAIT 5.0
/* Seconds perf record may take to write its data after SIGINT. */
#define PROFILE_EXIT_WAIT 60.0

/* An instance's pid and its stressor's index: whose samples are whose. */
struct profile_seed {
	long pid;
	size_t group;
};

/* What the machine lets a session sample, probed once for its runs. */
struct profile {
	unsigned freq;
	char event[32];
	char why[256];		/* unusable: why; else "" */
	char user_only[256];	/* user space of the run's processes only:
				   what a full profile needs; else "" */
};

/* One run's perf record and what it made of the run's stressors. */
struct profile_run {
	const struct profile *set;
	bool failed, enabled;
	struct profile_rec rec;
	const char **names;	/* per stressor */
	json_t **result;	/* per stressor, after collect */
	size_t n;
	struct profile_seed *seed;
	size_t n_seed;
};

struct profile *profile_new(unsigned freq)
{
	struct profile *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->freq = freq;
	if (profile_probe(p->event, sizeof(p->event), p->why, sizeof(p->why)) ==
	    PROFILE_PROBE_USER) {
		memcpy(p->user_only, p->why, sizeof(p->user_only));
		p->why[0] = '\0';
	}
	return p;
}

const char *profile_unavailable(const struct profile *p)
{
	return p->why[0] ? p->why : NULL;
}

const char *profile_user_only(const struct profile *p)
{
	return p->user_only[0] ? p->user_only : NULL;
}

const char *profile_event(const struct profile *p)
{
	return p->event;
}

/* One line: what perf said first, from its error file. */
static void profile_say_failed(struct profile_run *p, struct profile_rec *r,
			       const char *what)
{
	char file[PATH_MAX + 8], line[256] = "";
	FILE *f;

	profile_path(r, "err", file, sizeof(file));
	f = fopen(file, "r");
	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0])
			break;
	}
	if (f)
		fclose(f);
	log_warn("--perf-profile: perf record %s%s%s; the run goes on "
		 "without a profile", what, line[0] ? ": " : "", line);
	p->failed = true;
	profile_signal(r, SIGKILL);
}

void profile_run_free(struct profile_run *p)
{
	if (!p)
		return;
	for (size_t i = 0; p->result && i < p->n; i++)
		json_decref(p->result[i]);
	free(p->result);
	free(p->names);
	free(p->seed);
	free(p);
}

/*
 * perf record -p's list: every instance's pid once (thread instances
 * share their worker's), comma-separated; NULL on no memory.
 */
static char *profile_pid_list(const struct profile_run *p)
{
	char *list = malloc(p->n_seed * 12 + 1), *at = list;

	if (!list)
		return NULL;
	*at = '\0';
	for (size_t i = 0; i < p->n_seed; i++)
		if (!i || p->seed[i].pid != p->seed[i - 1].pid)
			at += sprintf(at, "%s%ld", at == list ? "" : ",", p->seed[i].pid);
	return list;
}

/* Each stressor's instance pids: the roots of its process trees. */
static int profile_seeds(struct profile_run *p, const struct run_result *res)
{
	size_t total = 0;

	for (size_t i = 0; i < res->n; i++)
		total += res->s[i].n;
	p->n = res->n;
	p->names = calloc(res->n ? res->n : 1, sizeof(*p->names));
	p->result = calloc(res->n ? res->n : 1, sizeof(*p->result));
	p->seed = calloc(total ? total : 1, sizeof(*p->seed));
	if (!p->names || !p->result || !p->seed)
		return -ENOMEM;
	for (size_t i = 0; i < res->n; i++) {
		p->names[i] = res->s[i].entry->stressor->name;
		for (uint32_t k = 0; k < res->s[i].n; k++)
			if (res->s[i].inst[k].pid > 0)
				p->seed[p->n_seed++] = (struct profile_seed){
					res->s[i].inst[k].pid, i };
	}
	return 0;
}

struct profile_run *profile_attach(const struct profile *set,
				   const struct run_result *res, const char *run_dir)
{
	struct profile_run *p;
	struct profile_rec *r;
	char *pids = NULL;
	int err;

	if (!set || set->why[0])
		return NULL;
	if (!(p = calloc(1, sizeof(*p)))) {
		log_warn("--perf-profile: cannot start perf record: %s; "
			 "the run goes on without a profile", strerror(ENOMEM));
		return NULL;
	}
	p->set = set;
	r = &p->rec;
	r->pidfd = r->ctl = r->ack = -1;
	snprintf(r->base, sizeof(r->base), "%s/perf-profile", run_dir);
	err = profile_seeds(p, res);
	if (!err && !p->n_seed)
		return p;	/* nothing forked: nothing to profile */
	if (!err && set->user_only[0] && !(pids = profile_pid_list(p)))
		err = -ENOMEM;
	err = err ? err : profile_start(r, set->event, set->freq, pids);
	free(pids);
	if (err) {
		log_warn("--perf-profile: cannot start perf record: %s; "
			 "the run goes on without a profile", strerror(-err));
		p->failed = true;
		return p;
	}
	/* attached once it answers: its events are open on every CPU */
	err = profile_command(r, "ping\n", PROFILE_ATTACH_WAIT);
	if (err)
		profile_say_failed(p, r, err == -ESRCH ? "exited" : "did not attach in time");
	return p;
}

void profile_begin(struct profile_run *p)
{
	int rc;

	if (!p || p->failed || !p->rec.pid)
		return;
	rc = profile_command(&p->rec, "enable\n", PROFILE_ACK_WAIT);
	if (rc)
		profile_say_failed(p, &p->rec, rc == -ESRCH ? "exited before the run" :
				   "did not start sampling");
	p->enabled = !rc;
}

/*
 * Only asks: the stop signal follows at once, and an acknowledged disable
 * would hold the instances running for as long as a loaded machine takes
 * to schedule perf. The samples of that moment are the instances' exit,
 * a few at most; collect waits for the acknowledgement before SIGINT.
 */
void profile_end(struct profile_run *p)
{
	struct profile_rec *r = p ? &p->rec : NULL;

	if (!p || p->failed || !r->pid || r->exited)
		return;
	if (write(r->ctl, "disable\n", 8) != 8)
		profile_signal(r, SIGINT);
}

/* perf script over the data into each stressor's profile; 0 or -errno. */
static int profile_fold(struct profile_run *p, struct profile_rec *r)
{
	char data[PATH_MAX + 8], err[PATH_MAX + 8];
	const char *argv[] = { "perf", "script", "-i", data, "--show-task-events",
			       "-F", "pid,tid,period,event,ip,sym", NULL };
	struct profile_acc *a = profile_acc_new(p->set->event, p->n);
	int fds[2], rc = 0, status;
	pid_t pid;
	FILE *f;

	profile_path(r, "data", data, sizeof(data));
	profile_path(r, "err", err, sizeof(err));
	for (size_t i = 0; a && i < p->n_seed && !rc; i++)
		rc = profile_acc_own(a, p->seed[i].pid, p->seed[i].group);
	if (!a || rc) {
		profile_acc_free(a);
		return -ENOMEM;
	}
	if (pipe2(fds, O_CLOEXEC)) {
		profile_acc_free(a);
		return -errno;
	}
	pid = fork();
	if (pid == 0)
		profile_exec(argv, err, fds[1], getppid());
	close(fds[1]);
	f = pid > 0 ? fdopen(fds[0], "r") : NULL;
	if (!f) {
		close(fds[0]);
		profile_acc_free(a);
		return pid < 0 ? -EAGAIN : -ENOMEM;
	}
	rc = profile_acc_read(a, f);
	fclose(f);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	for (size_t i = 0; i < p->n && !rc; i++) {
		if (!profile_acc_samples(a, i)) {
			log_info("--perf-profile: %s: no samples", p->names[i]);
			continue;
		}
		p->result[i] = profile_acc_to_json(a, i);
		if (!p->result[i])
			rc = -ENOMEM;
		else
			json_object_set_new(p->result[i], "frequency",
					    json_integer(p->set->freq));
	}
	profile_acc_free(a);
	return rc;
}

void profile_collect(struct profile_run *p)
{
	struct profile_rec *r = p ? &p->rec : NULL;
	int rc;

	if (!p || !r->pid)
		return;
	/* a perf that exited already (it should not) left what it wrote */
	if (!r->exited && p->enabled && !p->failed)
		profile_wait(r, true, PROFILE_ACK_WAIT);	/* the disable */
	profile_signal(r, SIGINT);
	if (!r->exited && profile_wait(r, false, PROFILE_EXIT_WAIT) == -ETIMEDOUT) {
		profile_signal(r, SIGKILL);
		profile_wait(r, false, PROFILE_ACK_WAIT);
		if (!p->failed)
			profile_say_failed(p, r, "did not finish writing");
	}
	waitpid(r->pid, NULL, WNOHANG);
	if (r->pidfd >= 0)
		close(r->pidfd);
	if (r->ctl >= 0)
		close(r->ctl);
	if (r->ack >= 0)
		close(r->ack);
	r->pidfd = r->ctl = r->ack = -1;
	if (p->failed || !p->enabled)
		return;
	rc = profile_fold(p, r);
	if (rc)
		log_warn("--perf-profile: cannot read the samples: %s", strerror(-rc));
}

json_t *profile_take(struct profile_run *p, size_t i)
{
	json_t *o;

	if (!p || !p->result || i >= p->n)
		return NULL;
	o = p->result[i];
	p->result[i] = NULL;
	return o;
}

void profile_free(struct profile *p)
{
	free(p);
}
