/*
 * fuzz_resp.c - libFuzzer harness for the RESP request parser and the
 * commands behind it. The first input byte picks the read sizes, so one
 * input is parsed as the server would receive it, in pieces, with the
 * server's compaction between reads and small limits that the input can
 * reach. Every complete command runs on a store, which is flushed after.
 * Offsets out of the buffer, crashes, leaks and undefined behaviour are
 * the findings.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../stressors/redis/commands.h"
#include "../../stressors/redis/resp_parse.h"

#define FUZZ_BUF	4096

static void fuzz_check(int cond)
{
	if (!cond)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct store store;
	struct redis_config cfg;
	struct redis_stats stats = { .port = 6379 };
	struct reply out = { 0 };
	struct cmd_env env = { .store = &store, .out = &out, .cfg = &cfg, .stats = &stats };
	struct redis_arg argv[64];
	struct resp_parser p;
	char buf[FUZZ_BUF];
	size_t len = 0, chunk;

	if (!size)
		return 0;
	redis_config_defaults(&cfg);
	cfg.lim.inline_max = 200;
	cfg.lim.bulk_max = 1000;
	cfg.lim.args_max = 64;
	chunk = (size_t)(data[0] % 17) + 1;
	data++;
	size--;
	resp_init(&p);
	while (size || len) {
		size_t n = size < chunk ? size : chunk;
		int rc;

		if (len + n > sizeof(buf))
			break;	/* the query buffer limit */
		memcpy(buf + len, data, n);
		len += n;
		data += n;
		size -= n;
		while ((rc = resp_parse(&p, buf, len, &cfg.lim)) == RESP_DONE ||
		       rc == RESP_EMPTY) {
			fuzz_check(p.pos <= len && p.start <= p.pos);
			if (rc == RESP_EMPTY)
				continue;
			fuzz_check(p.argc >= 1 && p.argc <= cfg.lim.args_max);
			for (size_t i = 0; i < p.argc; i++) {
				fuzz_check(p.argv[i].off + p.argv[i].len <= p.pos);
				fuzz_check(p.argv[i].len <= cfg.lim.bulk_max ||
					   p.argv[i].len <= cfg.lim.inline_max);
				argv[i].p = buf + p.argv[i].off;
				argv[i].len = p.argv[i].len;
			}
			commands_exec(&env, argv, p.argc);
			out.len = out.sent = 0;
		}
		if (rc == RESP_ERROR) {
			fuzz_check(p.err && !strncmp(p.err, "Protocol error: ", 16));
			break;
		}
		fuzz_check(rc == RESP_AGAIN);
		memmove(buf, buf + p.start, len - p.start);
		len -= p.start;
		resp_consumed(&p, p.start);
		if (!n)
			break;
	}
	resp_free(&p);
	reply_free(&out);
	store_flush(&store);
	return 0;
}
