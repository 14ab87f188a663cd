/*
 * profile_record.h - the run's `perf record` process, for profile.c.
 */
#ifndef STRESSKIT_PROFILE_RECORD_H
#define STRESSKIT_PROFILE_RECORD_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The run's perf record. */
struct profile_rec {
	pid_t pid;		/* 0: none started */
	int pidfd, ctl, ack;	/* -1: not open */
	bool exited;
	char base[PATH_MAX];	/* run_dir/perf-profile: .data .err .ctl .ack */
};

/* Its file BASE.EXT (data, err, ctl, ack) into out. */
void profile_path(const struct profile_rec *r, const char *ext,
		  char *out, size_t len);
/* Signals perf, unless it exited. */
void profile_signal(struct profile_rec *r, int sig);
/*
 * Waits up to secs for perf's "ack" (want_ack) or its exit: 0 on the
 * ack, -ESRCH when perf exited, -ETIMEDOUT.
 */
int profile_wait(struct profile_rec *r, bool want_ack, double secs);
/* A command on perf's control FIFO, acknowledged within secs. */
int profile_command(struct profile_rec *r, const char *cmd, double secs);
/*
 * In a forked child: runs perf with argv, stderr appended to err_file,
 * stdout to out_fd (-1: /dev/null); exits 127 when parent is gone.
 */
void profile_exec(const char *const *argv, const char *err_file,
		  int out_fd, pid_t parent);
/*
 * Starts perf record of event at hz, disabled: on every CPU (pids NULL),
 * or on the processes of pids ("4242,4243") and every one they fork
 * from then on. 0 or -errno.
 */
int profile_start(struct profile_rec *r, const char *event, unsigned hz,
		  const char *pids);

#endif
