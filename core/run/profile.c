/*
 * profile.c - --perf-profile: one system-wide `perf record -a -g` over
 * the measured window, as LKP takes it, driven through perf's control
 * FIFOs (--control, perf 5.10 and later), then `perf script` split by
 * process tree into each stressor's samples and folded by
 * profile_parse.c. System-wide, not per process (-p): a per-task
 * cpu-clock event restarts its timer at every context switch, which cost
 * pipe (a switch every few microseconds) over half its ops/s on this
 * kind of VM; the CPU-wide events cost nothing at a switch.
 * Every wait on perf has a deadline and ends when perf exits (its pidfd),
 * so a perf that fails or hangs costs one line, never the run.
 */
#include "profile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "profile_parse.h"

/* Seconds perf may take to attach (it loads, opens an event per thread). */
#define PROFILE_ATTACH_WAIT 20.0
/* Seconds an enable or disable may take to be acknowledged. */
#define PROFILE_ACK_WAIT 5.0
/* Seconds perf record may take to write its data after SIGINT. */
#define PROFILE_EXIT_WAIT 60.0

/* The run's perf record. */
struct profile_rec {
	pid_t pid;		/* 0: none started */
	int pidfd, ctl, ack;	/* -1: not open */
	bool exited;
	char base[PATH_MAX];	/* run_dir/perf-profile: .data .err .ctl .ack */
};

/* An instance's pid and its stressor's index: whose samples are whose. */
struct profile_seed {
	long pid;
	size_t group;
};

struct profile {
	unsigned freq;
	char event[32];
	char why[256];		/* unusable: why; else "" */
	bool failed, enabled;
	struct profile_rec rec;	/* the run's perf record */
	const char **names;	/* per stressor */
	json_t **result;	/* per stressor, after collect */
	size_t n;
	struct profile_seed *seed;
	size_t n_seed;
};

static bool profile_perf_in_path(void)
{
	const char *path = getenv("PATH");
	char dir[PATH_MAX], file[PATH_MAX + 8];

	while (path && *path) {
		size_t len = strcspn(path, ":");

		snprintf(dir, sizeof(dir), "%.*s", (int)len, len ? path : ".");
		snprintf(file, sizeof(file), "%s/perf", dir);
		if (access(file, X_OK) == 0)
			return true;
		path += len + (path[len] == ':');
	}
	return false;
}

static long profile_read_long(const char *file, long fallback)
{
	FILE *f = fopen(file, "r");
	long v = fallback;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = fallback;
		fclose(f);
	}
	return v;
}

/* Kernel frames need kernel symbols: addresses that are not all 0. */
static bool profile_kallsyms(void)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	unsigned long long addr = 0;
	bool ok = false;

	for (int i = 0; f && i < 16 && !ok; i++)
		ok = fscanf(f, "%llx %*s %*s", &addr) == 1 && addr != 0;
	if (f)
		fclose(f);
	return ok;
}

/* cycles with the most precision the PMU takes (LKP's cycles:pp first). */
static void profile_pick_event(struct profile *p)
{
	static const char *const names[] = { "cycles", "cycles:p", "cycles:pp" };

	snprintf(p->event, sizeof(p->event), "cpu-clock");
	for (int precise = 2; precise >= 0; precise--) {
		struct perf_event_attr attr;
		int fd;

		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_HARDWARE;
		attr.config = PERF_COUNT_HW_CPU_CYCLES;
		attr.sample_period = 1000003;
		attr.precise_ip = (unsigned)precise;
		attr.disabled = 1;
		attr.exclude_hv = 1;
		fd = (int)syscall(__NR_perf_event_open, &attr, 0, -1, -1,
				  PERF_FLAG_FD_CLOEXEC);
		if (fd >= 0) {
			close(fd);
			snprintf(p->event, sizeof(p->event), "%s", names[precise]);
			return;
		}
	}
}

struct profile *profile_new(unsigned freq)
{
	struct profile *p = calloc(1, sizeof(*p));
	long paranoid;

	if (!p)
		return NULL;
	p->rec.pidfd = p->rec.ctl = p->rec.ack = -1;
	p->freq = freq;
	paranoid = profile_read_long("/proc/sys/kernel/perf_event_paranoid", 2);
	if (!profile_perf_in_path())
		snprintf(p->why, sizeof(p->why),
			 "perf not found in PATH (Debian: linux-perf, RPM: perf)");
	else if (geteuid() != 0 && paranoid > 0)
		snprintf(p->why, sizeof(p->why),
			 "not permitted to sample every CPU with kernel call chains "
			 "(kernel.perf_event_paranoid is %ld: needs 0 or less, or root)",
			 paranoid);
	else if (!profile_kallsyms())
		snprintf(p->why, sizeof(p->why),
			 "no kernel symbols (/proc/kallsyms shows no addresses: "
			 "kernel.kptr_restrict is %ld)",
			 profile_read_long("/proc/sys/kernel/kptr_restrict", -1));
	else
		profile_pick_event(p);
	return p;
}

const char *profile_unavailable(const struct profile *p)
{
	return p->why[0] ? p->why : NULL;
}

const char *profile_event(const struct profile *p)
{
	return p->event;
}

static void profile_path(const struct profile_rec *r, const char *ext,
			 char *out, size_t len)
{
	snprintf(out, len, "%s.%s", r->base, ext);
}

/* Sends perf sig: through its pidfd, which a reused pid cannot fool. */
static void profile_signal(struct profile_rec *r, int sig)
{
	if (!r->pid || r->exited)
		return;
	if (r->pidfd < 0 ||
	    syscall(SYS_pidfd_send_signal, r->pidfd, sig, NULL, 0) < 0)
		kill(r->pid, sig);
}

/*
 * Waits up to secs for perf's "ack" (want_ack) or its exit. Returns 0 on
 * the ack, -ESRCH when perf exited, -ETIMEDOUT. The controller reaps
 * nothing it did not fork but its instances, yet its wait4(-1) may take
 * perf's exit status first: the pidfd still says it exited.
 */
static int profile_wait(struct profile_rec *r, bool want_ack, double secs)
{
	struct timespec t0, now;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct pollfd pf[2] = {
			{ .fd = want_ack ? r->ack : -1, .events = POLLIN },
			{ .fd = r->pidfd, .events = POLLIN },
		};
		double left;
		int rc;

		clock_gettime(CLOCK_MONOTONIC, &now);
		left = secs - (double)(now.tv_sec - t0.tv_sec) -
		       (double)(now.tv_nsec - t0.tv_nsec) / 1e9;
		if (left <= 0)
			return -ETIMEDOUT;
		/* without a pidfd, a look at the pid every 100 ms */
		rc = poll(pf, 2, r->pidfd >= 0 ? (int)(left * 1000) + 1 :
			  (left > 0.1 ? 100 : (int)(left * 1000) + 1));
		if (rc < 0 && errno != EINTR)
			return -errno;
		if (pf[0].revents & POLLIN) {
			char buf[64];
			ssize_t got = read(r->ack, buf, sizeof(buf) - 1);

			if (got > 0) {
				buf[got] = '\0';
				if (strstr(buf, "ack"))
					return 0;
			}
		}
		/* ECHILD: the controller's wait4(-1) reaped it already */
		if ((pf[1].revents & POLLIN) ||
		    (r->pidfd < 0 && (waitpid(r->pid, NULL, WNOHANG) == r->pid ||
				      errno == ECHILD))) {
			r->exited = true;
			waitpid(r->pid, NULL, WNOHANG);
			return -ESRCH;
		}
	}
}

/* One line: what perf said first, from its error file. */
static void profile_say_failed(struct profile *p, struct profile_rec *r,
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

/* A command on perf's control FIFO, acknowledged within secs. */
static int profile_command(struct profile_rec *r, const char *cmd, double secs)
{
	size_t len = strlen(cmd);

	if (!r->pid || r->exited)
		return -ESRCH;
	if (write(r->ctl, cmd, len) != (ssize_t)len)
		return -EIO;
	return profile_wait(r, true, secs);
}

/* In the child: perf, with the signals the controller blocks unblocked. */
static void profile_exec(const char *const *argv, const char *err_file,
			 int out_fd, pid_t parent)
{
	sigset_t none;
	int fd;

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGINT, SIG_DFL);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		_exit(127);
	fd = open("/dev/null", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(out_fd >= 0 ? out_fd : fd, 1);
	}
	fd = open(err_file, O_WRONLY | O_CREAT | O_APPEND, 0600);
	if (fd >= 0)
		dup2(fd, 2);
	execvp("perf", (char *const *)argv);
	fprintf(stderr, "cannot run perf: %s\n", strerror(errno));
	_exit(127);
}

/* Starts the perf record of the run, disabled; 0 or -errno. */
static int profile_start(struct profile *p, struct profile_rec *r)
{
	char freq[16], ctl[PATH_MAX + 8], ack[PATH_MAX + 8];
	char data[PATH_MAX + 8], err[PATH_MAX + 8], control[2 * PATH_MAX + 32];
	pid_t parent = getpid();

	profile_path(r, "ctl", ctl, sizeof(ctl));
	profile_path(r, "ack", ack, sizeof(ack));
	profile_path(r, "data", data, sizeof(data));
	profile_path(r, "err", err, sizeof(err));
	if (mkfifo(ctl, 0600) || mkfifo(ack, 0600))
		return -errno;
	/* read-write: neither open waits for perf's end */
	r->ctl = open(ctl, O_RDWR | O_CLOEXEC);
	r->ack = open(ack, O_RDWR | O_CLOEXEC | O_NONBLOCK);
	if (r->ctl < 0 || r->ack < 0)
		return -errno;
	snprintf(freq, sizeof(freq), "%u", p->freq);
	snprintf(control, sizeof(control), "fifo:%s,%s", ctl, ack);
	{
		/* -D -1: disabled until "enable"; -B -N: no build-id pass
		 * over the samples at the end, no ~/.debug cache */
		const char *argv[] = { "perf", "record", "-q", "-a", "-g", "-e", p->event,
				       "-F", freq, "-D", "-1", "--control", control,
				       "-B", "-N", "-o", data, NULL };

		r->pid = fork();
		if (r->pid < 0) {
			r->pid = 0;
			return -errno;
		}
		if (r->pid == 0)
			profile_exec(argv, err, -1, parent);
	}
	r->pidfd = (int)syscall(SYS_pidfd_open, r->pid, 0);
	return 0;
}

/* Forgets the last run's perf and figures. */
static void profile_reset(struct profile *p)
{
	for (size_t i = 0; p->result && i < p->n; i++)
		json_decref(p->result[i]);
	free(p->result);
	free(p->names);
	free(p->seed);
	p->result = NULL;
	p->names = NULL;
	p->seed = NULL;
	p->n = p->n_seed = 0;
	p->failed = p->enabled = false;
	memset(&p->rec, 0, sizeof(p->rec));
	p->rec.pidfd = p->rec.ctl = p->rec.ack = -1;
}

/* Each stressor's instance pids: the roots of its process trees. */
static int profile_seeds(struct profile *p, const struct run_result *res)
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

void profile_attach(struct profile *p, const struct run_result *res,
		    const char *run_dir)
{
	struct profile_rec *r;
	int err;

	if (!p || p->why[0])
		return;
	profile_reset(p);
	r = &p->rec;
	snprintf(r->base, sizeof(r->base), "%s/perf-profile", run_dir);
	err = profile_seeds(p, res);
	if (!err && !p->n_seed)
		return;		/* nothing forked: nothing to profile */
	err = err ? err : profile_start(p, r);
	if (err) {
		log_warn("--perf-profile: cannot start perf record: %s; "
			 "the run goes on without a profile", strerror(-err));
		p->failed = true;
		return;
	}
	/* attached once it answers: its events are open on every CPU */
	err = profile_command(r, "ping\n", PROFILE_ATTACH_WAIT);
	if (err)
		profile_say_failed(p, r, err == -ESRCH ? "exited" : "did not attach in time");
}

void profile_begin(struct profile *p)
{
	int rc;

	if (!p || p->why[0] || p->failed || !p->rec.pid)
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
void profile_end(struct profile *p)
{
	struct profile_rec *r = p ? &p->rec : NULL;

	if (!p || p->why[0] || p->failed || !r->pid || r->exited)
		return;
	if (write(r->ctl, "disable\n", 8) != 8)
		profile_signal(r, SIGINT);
}

/* perf script over the data into each stressor's profile; 0 or -errno. */
static int profile_fold(struct profile *p, struct profile_rec *r)
{
	char data[PATH_MAX + 8], err[PATH_MAX + 8];
	const char *argv[] = { "perf", "script", "-i", data, "--show-task-events",
			       "-F", "pid,tid,period,event,ip,sym", NULL };
	struct profile_acc *a = profile_acc_new(p->event, p->n);
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
			json_object_set_new(p->result[i], "frequency", json_integer(p->freq));
	}
	profile_acc_free(a);
	return rc;
}

void profile_collect(struct profile *p)
{
	struct profile_rec *r = p ? &p->rec : NULL;
	int rc;

	if (!p || p->why[0] || !r->pid)
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

json_t *profile_take(struct profile *p, size_t i)
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
	if (!p)
		return;
	profile_reset(p);
	free(p);
}
