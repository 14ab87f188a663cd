/*
 * profile_parse.h - `perf script` call chains into the kernel test
 * robot's three perf-profile key families, as percentages of the
 * samples' weight (their period: with -F the kernel varies it):
 *
 *   calltrace.EVENT.F0.F1.F2.F3.F4  a frame and up to four callers above
 *                                   it (callee first), in the samples
 *                                   whose chain holds it;
 *   children.EVENT.SYM              samples with SYM anywhere in the chain;
 *   self.EVENT.SYM                  samples with SYM as the leaf.
 *
 * EVENT is perf's name with ':' as '-' ("cycles-pp", "cpu-clock"), so a
 * cpu-clock profile never meets a cycles one. A symbol loses gcc's clone
 * suffixes (.isra.N, .constprop.N, .part.N); unresolved frames
 * ("[unknown]") are left out of every family, so self sums to at most 100.
 * Floors (the robot's): a call trace is kept from PROFILE_FLOOR_TRACE %,
 * children and self from PROFILE_FLOOR_SYM %; values are rounded to 0.01.
 *
 * The samples are split into groups (one per stressor) by the process
 * that took them: the pids given (profile_acc_own) and every process
 * forked from them, as perf's task events say (PERF_RECORD_FORK, and
 * PERF_RECORD_EXIT frees a pid); other processes' samples are left out,
 * and a group's percentages are of its own samples. With no pid given,
 * every sample is group 0's.
 */
#ifndef STRESSKIT_PROFILE_PARSE_H
#define STRESSKIT_PROFILE_PARSE_H

#include <jansson.h>
#include <stdio.h>

#define PROFILE_FLOOR_TRACE 0.5
#define PROFILE_FLOOR_SYM 0.05
/* Frames of a call trace key: the robot's five. */
#define PROFILE_TRACE_DEPTH 5

struct profile_acc;

/*
 * asked: the event as given to perf record ("cycles:pp", "cpu-clock"),
 * whose samples perf script names without modifiers; NULL: perf's names.
 */
struct profile_acc *profile_acc_new(const char *asked, size_t n_groups);
void profile_acc_free(struct profile_acc *a);

/* pid's samples (and its descendants') are group's; 0, -EINVAL or -ENOMEM. */
int profile_acc_own(struct profile_acc *a, long pid, size_t group);

/*
 * Reads `perf script -F pid,tid,period,event,ip,sym --show-task-events`
 * output from f into a. Returns 0, -ENOMEM, or -EIO on a read error;
 * lines it cannot read as a sample header, a frame or a task event are
 * skipped.
 */
int profile_acc_read(struct profile_acc *a, FILE *f);

/* Samples of group read so far. */
unsigned long profile_acc_samples(const struct profile_acc *a, size_t group);

/*
 * Group's "perf-profile" object for the document: { "event", "samples",
 * "calltrace": { "EVENT.F0.F1...": pct }, "children": {...}, "self": {...} }
 * with the floors applied. NULL on no memory.
 */
json_t *profile_acc_to_json(const struct profile_acc *a, size_t group);

#endif
