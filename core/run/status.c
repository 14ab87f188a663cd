/*
 * status.c - exit statuses: how the statuses of instances, stressors and
 * runs fold into one, the order the scheduler, thread workers and session
 * share (what an errno means is base/errno_status.c's).
 */
#include "status.h"

#include <stresskit/stressor.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "run.h"
#include "start_check.h"

int status_worse(int a, int b)
{
	/* A torn counter outranks the signal that tore it: the exit code
	 * then says the figures cannot be trusted. */
	static const int rank[] = {
		[SK_OK] = 0, [SK_NOT_IMPLEMENTED] = 1, [SK_NO_RESOURCE] = 2,
		[SK_SIGNALED] = 3, [SK_UNTRUSTWORTHY] = 4, [SK_FAILED] = 5,
		[SK_USAGE] = 6,
	};
	if (a < 0 || a > SK_UNTRUSTWORTHY)
		a = SK_FAILED;
	if (b < 0 || b > SK_UNTRUSTWORTHY)
		b = SK_FAILED;
	return rank[a] >= rank[b] ? a : b;
}

/*
 * The instances of sr that could not start, or whose helpers could not
 * (EAGAIN, instance_error): one line for the stressor, whatever -q says,
 * with the limit that most likely bit.
 */
static void status_fork_summary(const struct stressor_result *sr)
{
	const char *name = sr->entry->stressor->name;
	uint32_t helpless = 0;
	char why[160], helpers[96] = "";
	int err = sr->short_start ? sr->fork_err : EAGAIN;

	for (uint32_t k = 0; k < sr->n; k++)
		helpless += sr->inst[k].helper_no_process;
	if (!sr->short_start && !helpless)
		return;
	start_fork_limit(err, why, sizeof(why));
	if (!sr->short_start) {
		log_usage_error("%s: %u of %u instances could not fork a helper: "
				"fork: %s%s", name, helpless, sr->n, strerror(err), why);
		return;
	}
	if (helpless)
		snprintf(helpers, sizeof(helpers), ", %u of them without a helper",
			 helpless);
	log_usage_error("%s: %u of %u instances started%s: fork: %s%s", name,
			sr->n, sr->entry->instances, helpers, strerror(err), why);
}

/* Reports what went wrong with each instance and sums up statuses. */
void status_judge(struct run_result *res, double grace)
{
	bool any_ran = false, all_unimplemented = true;
	int worst = SK_OK;

	for (size_t i = 0; i < res->n; i++) {
		struct stressor_result *sr = &res->s[i];
		const char *name = sr->entry->stressor->name;

		status_fork_summary(sr);

		for (uint32_t k = 0; k < sr->n; k++) {
			struct instance_result *r = &sr->inst[k];

			if (r->killed_late) {
				log_fail("%s: instance %u did not stop within %.1fs of the stop signal, killed",
					 name, k, grace);
				r->status = status_worse(r->status, SK_SIGNALED);
			} else if (r->term_signal) {
				log_fail("%s: instance %u killed by signal %d (%s)%s",
					 name, k, r->term_signal,
					 strsignal(r->term_signal),
					 r->torn ? "" : "; its bogo-ops so far are counted");
			}
			if (r->torn) {
				log_fail("%s: instance %u was killed while updating its counter; its %llu bogo-ops are untrustworthy",
					 name, k, (unsigned long long)r->ops);
				r->status = status_worse(r->status, SK_UNTRUSTWORTHY);
			}
			sr->status = status_worse(sr->status, r->status);
		}
		/* a fork failed (RLIMIT_NPROC): not the run asked for */
		if (sr->short_start || (!sr->n && sr->status == SK_OK))
			sr->status = status_worse(sr->status, SK_NO_RESOURCE);
		if (sr->status != SK_NOT_IMPLEMENTED)
			all_unimplemented = false;
		if (sr->status == SK_OK)
			any_ran = true;
		if (sr->status != SK_NOT_IMPLEMENTED)
			worst = status_worse(worst, sr->status);
	}
	if (res->n && all_unimplemented)
		worst = SK_NOT_IMPLEMENTED;
	else if (!any_ran && worst == SK_OK)
		worst = SK_NO_RESOURCE;
	res->status = worst;
}
