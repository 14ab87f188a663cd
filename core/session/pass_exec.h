/*
 * pass_exec.h - each pass of --repeat as a process of its own. A sample
 * is an invocation (design.md): two invocations differ in their process
 * image, address-space layout, run directory and initial stack, so a
 * pass must too, or the spread of the passes lies about the noise. The
 * coordinator (the process the user started) keeps the results document
 * and runs each pass in a child that re-executes the binary with the
 * same arguments; the child runs exactly one pass and hands its results
 * document back through a file in the coordinator's private directory.
 */
#ifndef STRESSKIT_PASS_EXEC_H
#define STRESSKIT_PASS_EXEC_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "plan.h"

/*
 * Whether this process is a pass child: copies the path its results
 * document goes to into out and returns true. The coordinator's
 * variables are honoured only from the coordinator itself (the parent
 * pid they name), and are taken out of the environment, so that nothing
 * this process starts mistakes itself for a pass.
 */
bool pass_exec_child(char *out, size_t len);

/*
 * The plan of a pass child: p's, for one pass with no target, writing no
 * file of the user's (their --yaml, --json), its document to out. one
 * points into p, which must outlive it.
 */
void pass_exec_child_plan(const struct plan *p, const char *out, struct plan *one);

/*
 * Why p's passes run in this process rather than re-executed: an output
 * that gathers over the passes in memory (--series-csv, --latency-csv,
 * --latency-plot), --perf-profile's one perf set, a job file that cannot
 * be read twice. NULL when they can be re-executed; else the reason,
 * written to buf.
 */
const char *pass_exec_refusal(const struct plan *p, char *buf, size_t len);

/* What one re-executed pass left. */
struct pass_exec_result {
	json_t *run;		/* its run object (caller owns it); NULL: none written */
	int status;		/* the child's exit status; SK_SIGNALED when killed */
	bool interrupted;	/* a stop signal reached the pass or the coordinator */
	unsigned padding;	/* bytes of environment padding it started with */
};

struct pass_exec;

/*
 * Before the first pass: makes the private directory (a run directory
 * under --temp-path, so that a coordinator killed with SIGKILL leaves
 * one that the next run sweeps) and blocks the stop signals, which the
 * coordinator takes only while it waits. NULL with one line in err.
 */
struct pass_exec *pass_exec_begin(const struct plan *p, char *err, size_t errlen);

/*
 * Runs one pass in a fresh process and waits for it: each stop signal
 * the coordinator takes is passed on to it, as the only one it gets
 * (it has a process group of its own). A stop taken
 * between passes starts none: interrupted, no run. Returns 0, or -errno
 * when no child could be started (said in one line).
 */
int pass_exec_run(struct pass_exec *pe, struct pass_exec_result *res);

/* After the last pass and the files: removes the directory, restores
 * the signal mask (a stop taken meanwhile is dropped, as the run's). */
void pass_exec_end(struct pass_exec *pe);

#endif
