/*
 * reply.h - a connection's output buffer and the RESP2 reply encoders.
 * Replies of all the commands of one read gather here and leave in one
 * write(). An allocation failure sets oom and drops the reply: the server
 * then closes the connection rather than send a torn stream.
 */
#ifndef STRESSKIT_REDIS_REPLY_H
#define STRESSKIT_REDIS_REPLY_H

#include <stdbool.h>
#include <stddef.h>

struct reply {
	char *buf;
	size_t len, cap;
	size_t sent;	/* bytes of buf already written */
	bool oom;
};

void reply_free(struct reply *r);
/* Drops what was sent; keeps the buffer for reuse. */
void reply_compact(struct reply *r);

void reply_raw(struct reply *r, const void *p, size_t len);
void reply_status(struct reply *r, const char *s);		/* +s */
void reply_error(struct reply *r, const char *s);		/* -s, CR/LF made spaces */
void reply_errorf(struct reply *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void reply_int(struct reply *r, long long v);			/* :v */
void reply_bulk(struct reply *r, const void *p, size_t len);	/* $len */
void reply_bulk_str(struct reply *r, const char *s);
void reply_nil(struct reply *r);				/* $-1 */
void reply_array(struct reply *r, long long n);			/* *n */

#endif
