/*
 * pass_exec.c - a --repeat pass as a freshly executed process
 * (pass_exec.h). The coordinator forks, and the child re-executes
 * /proc/self/exe with the coordinator's argv and an environment carrying
 * three variables: where to write its results document, the
 * coordinator's pid, and a padding of random length that moves the
 * initial stack (Mytkowicz et al., ASPLOS 2009: the environment's size
 * alone shifts a program's timing). The child dies with the coordinator
 * (PR_SET_PDEATHSIG), and every file of the exchange lives in one run
 * directory the coordinator removes at the end.
 */
#include "pass_exec.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <stresskit/stressor.h>

#include "doc_writers.h"
#include "json_file.h"
#include "log.h"
#include "run_mode.h"
#include "rundir.h"
#include "user_stop.h"

#define PASS_EXEC_ENV "STRESSKIT_PASS_"
#define PASS_EXEC_OUT PASS_EXEC_ENV "OUT"
#define PASS_EXEC_PARENT PASS_EXEC_ENV "PARENT"
#define PASS_EXEC_PAD PASS_EXEC_ENV "PAD"
/* the padding's length is uniform in [0, PASS_EXEC_PAD_MAX): a page */
#define PASS_EXEC_PAD_MAX 4096u
#define PASS_EXEC_SELF "/proc/self/exe"

extern char **environ;

struct pass_exec {
	char dir[PATH_MAX];	/* the private run directory */
	int lock;		/* its lock, held while the coordinator lives */
	char out[PATH_MAX + 16];	/* dir/pass.json: one pass's document */
	char *const *argv;	/* the coordinator's, NULL-terminated */
	sigset_t waitset, old;	/* the stop signals and SIGCHLD; the mask before */
	bool stopped;		/* a stop signal reached the coordinator */
};

/*
 * Executed as /proc/self/exe, the child is named "exe" in ps and top:
 * it takes the coordinator's name instead, so that ps shows what runs
 * (and a leak check that looks for stresskit finds it).
 */
static void pass_exec_take_name(pid_t coordinator)
{
	char path[64], name[17] = "";
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)coordinator);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = read(fd, name, sizeof(name) - 1);
	close(fd);
	if (n <= 0)
		return;
	name[strcspn(name, "\n")] = '\0';
	prctl(PR_SET_NAME, name);
}

bool pass_exec_child(char *out, size_t len)
{
	const char *path = getenv(PASS_EXEC_OUT), *parent = getenv(PASS_EXEC_PARENT);
	pid_t ppid = getppid();
	bool mine;

	if (!path || !parent)
		return false;
	mine = strtol(parent, NULL, 10) == (long)ppid &&
	       (size_t)snprintf(out, len, "%s", path) < len;
	unsetenv(PASS_EXEC_OUT);
	unsetenv(PASS_EXEC_PARENT);
	if (mine)
		pass_exec_take_name(ppid);
	return mine;
}

void pass_exec_child_plan(const struct plan *p, const char *out, struct plan *one)
{
	*one = *p;
	one->repeat = 1;
	one->set.rep.until.pct = 0;
	one->set.rep.automatic = false;
	doc_writers_clear(&one->set);
	one->set.json_path = out;
}

/* The first output file row of a run mode that is given: such a file
 * gathers every pass in this process's memory. */
static const char *pass_exec_mode_file(const struct plan *p)
{
	for (size_t m = 0; m < run_modes_count(); m++) {
		const struct run_mode *rm = run_modes_at(m);
		const char *opts = p->base.mode_opts[m];

		for (const struct run_mode_opt *r = rm->opts; opts && r && r->opt.name; r++)
			if (r->opt.type == OPT_STRING && (r->opt.flags & OPT_OUT_FILE) &&
			    *(const char *const *)(opts + r->opt.offset))
				return r->opt.name;
	}
	return NULL;
}

/* Why a mode asked for keeps its state in one process, or NULL. */
static const char *pass_exec_one_process(const struct plan *p)
{
	for (size_t m = 0; m < run_modes_count(); m++) {
		const struct run_mode *rm = run_modes_at(m);

		if (rm->one_process && rm->asked && rm->asked(&p->base))
			return rm->one_process;
	}
	return NULL;
}

const char *pass_exec_refusal(const struct plan *p, char *buf, size_t len)
{
	const char *file = pass_exec_mode_file(p);
	struct stat st;

	if (file)
		snprintf(buf, len, "--%s gathers every pass in one process", file);
	else if ((file = pass_exec_one_process(p)))
		snprintf(buf, len, "%s", file);
	else if (p->record.job && (stat(p->record.job, &st) || !S_ISREG(st.st_mode)))
		snprintf(buf, len, "the job file '%s' cannot be read again", p->record.job);
	else if (access(PASS_EXEC_SELF, X_OK))
		snprintf(buf, len, "%s: %s", PASS_EXEC_SELF, strerror(errno));
	else
		return NULL;
	return buf;
}

struct pass_exec *pass_exec_begin(const struct plan *p, char *err, size_t errlen)
{
	struct pass_exec *pe = calloc(1, sizeof(*pe));
	int rc;

	if (!pe) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	rc = rundir_create(p->base.temp_path, pe->dir, sizeof(pe->dir), &pe->lock);
	if (rc) {
		snprintf(err, errlen, "cannot make a directory in '%s' for the passes: %s",
			 p->base.temp_path, strerror(-rc));
		free(pe);
		return NULL;
	}
	snprintf(pe->out, sizeof(pe->out), "%s/pass.json", pe->dir);
	pe->argv = p->record.argv;
	/* blocked from here to the end: a stop between passes waits to be
	 * taken, never kills the coordinator with the directory left */
	sigemptyset(&pe->waitset);
	sigaddset(&pe->waitset, SIGCHLD);
	user_stop_signals(&pe->waitset);
	sigprocmask(SIG_BLOCK, &pe->waitset, &pe->old);
	return pe;
}

/* Takes the stop signals already pending; true when there was one. */
static bool pass_exec_take_pending(struct pass_exec *pe)
{
	struct timespec zero = { 0, 0 };
	int sig;

	while ((sig = sigtimedwait(&pe->waitset, NULL, &zero)) > 0)
		if (sig != SIGCHLD)
			pe->stopped = true;
	return pe->stopped;
}

static unsigned pass_exec_random_pad(void)
{
	unsigned v;

	if (getrandom(&v, sizeof(v), GRND_NONBLOCK) != sizeof(v)) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		v = (unsigned)ts.tv_nsec ^ (unsigned)getpid();
	}
	return v % PASS_EXEC_PAD_MAX;
}

/*
 * The child's environment: the coordinator's without any variable of
 * ours, then ours. Made before the fork, so that the child calls only
 * async-signal-safe functions until it executes. NULL on no memory.
 */
static char **pass_exec_environment(const struct pass_exec *pe, unsigned pad)
{
	size_t n = 0, k = 0, kept;
	char **env;

	while (environ[n])
		n++;
	env = calloc(n + 4, sizeof(*env));
	if (!env)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], PASS_EXEC_ENV, strlen(PASS_EXEC_ENV)))
			env[k++] = environ[i];
	kept = k;
	if (asprintf(&env[k], PASS_EXEC_OUT "=%s", pe->out) < 0)
		goto oom;
	if (asprintf(&env[++k], PASS_EXEC_PARENT "=%d", (int)getpid()) < 0)
		goto oom;
	if (asprintf(&env[++k], PASS_EXEC_PAD "=%*s", (int)pad, "") < 0)
		goto oom;
	return env;
oom:
	while (k-- > kept)
		free(env[k]);
	free(env);
	return NULL;
}

static void pass_exec_environment_free(char **env, size_t ours)
{
	size_t n = 0;

	while (env[n])
		n++;
	for (size_t i = n - ours; i < n; i++)
		free(env[i]);
	free(env);
}

/*
 * The child between fork and exec: it dies with the coordinator (the
 * setting survives execve), gives up if the coordinator is already gone,
 * leaves the coordinator's process group (a terminal's or a group's stop
 * signal reaches it through the coordinator alone, pass_exec_wait) and
 * executes with the mask the user's process had. An exec that fails
 * writes its errno to err, which is otherwise closed by the exec.
 */
static void pass_exec_child_start(const struct pass_exec *pe, pid_t coordinator,
				  char **env, int err)
{
	int e;

	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != coordinator)
		_exit(SK_SIGNALED);
	setpgid(0, 0);
	sigprocmask(SIG_SETMASK, &pe->old, NULL);
	execve(PASS_EXEC_SELF, pe->argv, env);
	e = errno;
	/* nothing else to tell it by: a short write leaves the exit status */
	if (write(err, &e, sizeof(e)) != sizeof(e))
		_exit(SK_USAGE);
	_exit(SK_USAGE);
}

/*
 * Waits for the child to exit, passing on each stop signal that reaches
 * the coordinator, one for one: the child, in a process group of its own,
 * gets no other, so it sees what a controller of one pass sees (a second
 * ^C still hurries it, a group's signal comes once, not twice).
 */
static int pass_exec_wait(struct pass_exec *pe, pid_t pid)
{
	struct timespec second = { 1, 0 };
	int wst;

	for (;;) {
		pid_t r = waitpid(pid, &wst, WNOHANG);
		int sig;

		if (r == pid)
			return wst;
		if (r < 0 && errno != EINTR)
			return -1;
		/* the second is a net under a lost SIGCHLD, not a poll */
		sig = sigtimedwait(&pe->waitset, NULL, &second);
		if (sig <= 0 || sig == SIGCHLD)
			continue;
		pe->stopped = true;
		kill(pid, sig);
	}
}

/* The child's document: its one run object, or NULL. */
static json_t *pass_exec_read(const struct pass_exec *pe)
{
	char err[512];
	json_t *doc = json_file_load(pe->out, err, sizeof(err)), *run;

	unlink(pe->out);
	run = json_array_get(json_object_get(doc, "runs"), 0);
	json_incref(run);
	json_decref(doc);
	return run;
}

/*
 * The exit status of a child, as the pass's status; one line when killed.
 * A stop passed on before the child took the stop signals (while it
 * started) kills it: that is the stop of an interrupted run, not a failure.
 */
static int pass_exec_status(const struct pass_exec *pe, int wst)
{
	int sig = wst >= 0 && WIFSIGNALED(wst) ? WTERMSIG(wst) : 0;

	if (wst >= 0 && WIFEXITED(wst))
		return WEXITSTATUS(wst);
	if (pe->stopped && (sig == SIGINT || sig == SIGTERM || sig == SIGHUP)) {
		log_info("the pass was stopped by a signal as it started: nothing recorded");
		return SK_OK;
	}
	if (sig)
		log_fail("the pass's process was killed by signal %d (%s): "
			 "the pass failed", WTERMSIG(wst), strsignal(WTERMSIG(wst)));
	else
		log_fail("the pass's process was lost: %s", strerror(errno));
	return SK_SIGNALED;
}

int pass_exec_run(struct pass_exec *pe, struct pass_exec_result *res)
{
	int pipefd[2], e = 0, wst;
	char **env;
	pid_t pid, self;
	ssize_t n;

	memset(res, 0, sizeof(*res));
	if (pass_exec_take_pending(pe)) {
		res->interrupted = true;
		return 0;
	}
	res->padding = pass_exec_random_pad();
	env = pass_exec_environment(pe, res->padding);
	if (!env || pipe2(pipefd, O_CLOEXEC)) {
		e = env ? errno : ENOMEM;
		goto fail;
	}
	/* what the coordinator printed goes out before the child's lines */
	fflush(stdout);
	fflush(stderr);
	self = getpid();
	pid = fork();
	if (pid == 0)
		pass_exec_child_start(pe, self, env, pipefd[1]);
	e = errno;
	close(pipefd[1]);
	/* both sides set the group, as shells do: whichever runs first */
	if (pid > 0)
		setpgid(pid, pid);
	if (pid < 0) {
		close(pipefd[0]);
		goto fail;
	}
	do
		n = read(pipefd[0], &e, sizeof(e));
	while (n < 0 && errno == EINTR);
	close(pipefd[0]);
	wst = pass_exec_wait(pe, pid);
	pass_exec_environment_free(env, 3);
	if (n == sizeof(e)) {
		log_fail("cannot execute %s for the pass: %s", PASS_EXEC_SELF, strerror(e));
		res->status = SK_USAGE;
		return -e;
	}
	res->status = pass_exec_status(pe, wst);
	res->run = pass_exec_read(pe);
	/* the padding as a figure of the run, that its effect can be read */
	if (res->run)
		json_object_set_new(res->run, "env-padding-bytes",
				    json_integer((json_int_t)res->padding));
	res->interrupted = pe->stopped ||
			   json_is_true(json_object_get(res->run, "interrupted"));
	return 0;
fail:
	if (env)
		pass_exec_environment_free(env, 3);
	log_fail("cannot start the pass's process: %s", strerror(e));
	res->status = e == ENOMEM || e == EAGAIN ? SK_NO_RESOURCE : SK_USAGE;
	return -e;
}

void pass_exec_end(struct pass_exec *pe)
{
	if (!pe)
		return;
	rundir_remove(pe->dir, pe->lock);
	pass_exec_take_pending(pe);
	sigprocmask(SIG_SETMASK, &pe->old, NULL);
	free(pe);
}
