/*
 * latency_area.c - the mapping that holds --latency's histograms. It is
 * MAP_SHARED and anonymous, made before fork, so an instance's helper
 * process (the pipe's reader) records into it too; MAP_NORESERVE because
 * a histogram is 224 KiB of which a run touches a few pages.
 */
#include "latency_area.h"

#include <errno.h>
#include <sys/mman.h>

int latency_area_map(struct run_result *res, struct run_shared *sh,
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
