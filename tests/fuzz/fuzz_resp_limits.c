/*
 * fuzz_resp_limits.c - the RESP server's connection path (resp_feed.h)
 * with small limits the input sets, so each limit is met, passed and
 * answered with its protocol error: bytes 1-4 of the input are the
 * inline/header line limit (1-256), the bulk limit (0-1020), the argument
 * limit (1-64) and the query-buffer limit (0-16320); the rest is fed as
 * fuzz_resp feeds it.
 */
#include "resp_feed.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct server_config cfg;

	if (size < 5)
		return 0;
	server_config_defaults(&cfg);
	cfg.lim.inline_max = (size_t)data[1] + 1;
	cfg.lim.bulk_max = (size_t)data[2] * 4;
	cfg.lim.args_max = (size_t)(data[3] & 63) + 1;
	cfg.qbuf_max = (uint64_t)data[4] * 64;
	feed_run(&cfg, data[0], data + 5, size - 5);
	return 0;
}
