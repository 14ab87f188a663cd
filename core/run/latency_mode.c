/*
 * latency_mode.c - --latency as a run mode: before the fork, the mapping
 * that holds the histograms. It is MAP_SHARED and anonymous, so an
 * instance's helper process (the pipe's reader) records into it too;
 * MAP_NORESERVE because a histogram is 224 KiB of which a run touches a
 * few pages. The result owns it (lat_area) and the report reads it after
 * the run: scheduler_result_free unmaps it. Where the timing starts (not
 * in the --warmup) is the warm-up mode's (warmup.c, lat_from).
 */
#include "latency_area.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "log.h"
#include "run_state.h"

static int latency_area_map(struct run_result *res, struct run_shared *sh,
			    size_t n_slots, uint32_t sample)
{
	size_t len = (n_slots ? n_slots : 1) * SK_LATENCY_SERIES *
		     sizeof(struct sk_latency);
	struct sk_latency *h = mmap(NULL, len, PROT_READ | PROT_WRITE,
				    MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE,
				    -1, 0);

	if (h == MAP_FAILED)
		return -ENOMEM;
	res->lat_area = h;
	res->lat_len = len;
	for (size_t i = 0; i < n_slots; i++) {
		struct instance_slot *s = shared_slot(sh, i);

		/* the counters are zero already: only the header is written */
		for (unsigned k = 0; k < SK_LATENCY_SERIES; k++)
			h[i * SK_LATENCY_SERIES + k].min = UINT64_MAX;
		s->latency = &h[i * SK_LATENCY_SERIES];
		s->latency_sample = sample;
	}
	return 0;
}

void latency_area_unmap(struct run_result *res)
{
	if (res->lat_area)
		munmap(res->lat_area, res->lat_len);
	res->lat_area = NULL;
	res->lat_len = 0;
}

static bool latency_mode_on(const struct run_plan *plan)
{
	return plan->latency_sample > 0;
}

/* Without the histograms nothing can be timed: the run does not start. */
static void latency_mode_map(struct run_state *st)
{
	int err = latency_area_map(st->res, st->sh, st->n_slots,
				   st->plan->latency_sample);

	if (err) {
		log_fail("--latency: cannot map the histograms: %s", strerror(-err));
		st->failed = SK_NO_RESOURCE;
	}
}

static const struct run_mode latency_mode = {
	.name = "latency",
	.rank = 5,
	.on = latency_mode_on,
	.at = { [RUN_BEFORE_FORK] = latency_mode_map },
};
RUN_MODE_REGISTER(latency_mode);
