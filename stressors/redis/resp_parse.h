/*
 * resp_parse.h - an incremental RESP2 request parser, Redis's discipline:
 * the state lives on the connection, so a command split across reads
 * resumes where it stopped, and every declared length is checked against
 * a limit before it is trusted.
 */
#ifndef STRESSKIT_RESP_PARSE_H
#define STRESSKIT_RESP_PARSE_H

#include <stdbool.h>
#include <stddef.h>

/* Redis's own defaults. */
#define RESP_INLINE_MAX_DEFAULT	(64 * 1024)
#define RESP_BULK_MAX_DEFAULT	(512ULL * 1024 * 1024)
#define RESP_ARGS_MAX_DEFAULT	(1024 * 1024)
/* argv is preallocated to at most this many, whatever the client declares */
#define RESP_ARGV_PREALLOC	1024

struct resp_limits {
	size_t inline_max;	/* an inline line, and a '*' or '$' header line */
	size_t bulk_max;	/* one bulk string */
	size_t args_max;	/* arguments of one command */
};

/* One argument: a slice of the caller's buffer. */
struct resp_arg {
	size_t off;
	size_t len;
};

enum resp_result {
	RESP_DONE = 0,		/* a full command: argc/argv are set */
	RESP_AGAIN = 1,		/* need more input */
	RESP_EMPTY = 2,		/* an empty line or *0: consumed, nothing to run */
	RESP_ERROR = -1,	/* protocol error: err says why, close after reply */
	RESP_NOMEM = -2,
};

struct resp_parser {
	size_t pos;		/* next unparsed byte of the buffer */
	size_t start;		/* first byte of the command being parsed */
	long multibulk;		/* args still to read; 0: between commands */
	long long bulk;		/* length of the bulk being read; -1: expect '$' */
	size_t argc;
	size_t argv_cap;
	struct resp_arg *argv;
	const char *err;	/* "Protocol error: ..." on RESP_ERROR */
	char errbuf[48];
};

void resp_init(struct resp_parser *p);
void resp_free(struct resp_parser *p);

/*
 * Parses the next command from buf[p->pos, len). Returns RESP_DONE with
 * p->argc / p->argv (offsets into buf) when a full command was parsed,
 * RESP_AGAIN when more input is needed (the state is kept: call again with
 * the same bytes plus more), RESP_EMPTY for a line that carries no command,
 * RESP_ERROR for a protocol error. Inline commands are unquoted in place,
 * so buf is written to.
 */
int resp_parse(struct resp_parser *p, char *buf, size_t len,
	       const struct resp_limits *lim);

/*
 * The caller dropped the first n bytes of its buffer, n <= p->start (the
 * bytes of finished commands): shifts every offset the parser holds.
 */
void resp_consumed(struct resp_parser *p, size_t n);

/*
 * Redis's string2ll: an optional '-', digits, no leading zero, no overflow.
 * Also what INCR and EX accept as an integer.
 */
bool resp_strtoll(const char *s, size_t len, long long *out);

/* Bytes from p->pos the bulk being read still needs; 0 when unknown. */
size_t resp_wanted(const struct resp_parser *p);

#endif
