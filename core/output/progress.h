/*
 * progress.h - --progress: one live line on stderr while a run goes
 * (stressor, elapsed of total, current aggregate bogo-ops/s), redrawn
 * about once a second through the session's tick hook (tick.h). Only on a
 * terminal: a log file or a pipe gets nothing.
 */
#ifndef STRESSKIT_PROGRESS_H
#define STRESSKIT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run.h"

struct run_session;

struct progress {
	bool on;
	char label[96];		/* "pipe [1/3]" */
	const struct run_plan *plan;	/* the run shown: its timeout */
	double last_elapsed;
	uint64_t last_ops;
	bool drawn;
};

/* On only when wanted and stderr is a terminal. */
void progress_init(struct progress *p, bool wanted);

/* Hooks the progress line to every run of the session. */
void progress_attach(struct progress *p, struct run_session *session);
/* The line shows plan, run `index` of `count`, from its fork. */
void progress_run(struct progress *p, const struct run_plan *plan,
		  size_t index, size_t count);

/* Erases the line, so the report starts on a clean one. */
void progress_clear(struct progress *p);

#endif
