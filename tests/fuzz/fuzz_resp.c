/*
 * fuzz_resp.c - libFuzzer harness for the RESP server's connection path
 * with the server's own default limits (server_config_defaults(): Redis's
 * 64 KiB inline, 512 MiB bulk, 1 GiB query buffer), so buffer growth for
 * big bulks, argv growth and its preallocation cap, reply compaction and
 * QUIT are what the server does with them. See resp_feed.h.
 */
#include "resp_feed.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct server_config cfg;

	if (!size)
		return 0;
	server_config_defaults(&cfg);
	feed_run(&cfg, data[0], data + 1, size - 1);
	return 0;
}
