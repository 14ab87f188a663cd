/*
 * client.c - the pipelined SET/GET client. Like redis-benchmark, each
 * connection's batch of requests is built once and only the key digits are
 * rewritten before each write, so the client spends its time in the
 * kernel, not in formatting. The clock is read once per batch sent and
 * once per wakeup, not per request; each request's latency is its
 * reply's wakeup time less its batch's send time, as redis-benchmark
 * measures it, recorded into the core's histogram; with --redis-rate,
 * its due time's instead (schedule.c).
 */
#include "client.h"
#include "schedule.h"

#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#define CLIENT_KEY_DIGITS	12
#define CLIENT_DRAIN_SECS	1.0	/* after a stop, how long replies are awaited */
#define CLIENT_WAIT_NS		100000000u	/* longest epoll wait: the stop is polled */

struct client_conn {
	int fd;
	unsigned batch;		/* requests in the batch in flight (0: idle) */
	unsigned answered;	/* replies of it read so far */
	bool want_out;		/* EPOLLOUT armed: the batch is half written */
	uint64_t *keys;		/* key of each request of the batch */
	uint64_t *start;	/* ns: when each request of the batch was sent */
	char *req[CLIENT_OPS];	/* the batch, prebuilt */
	size_t wlen, woff;
	char *rbuf;
	size_t rlen, rcap;
};

struct client {
	struct client_cfg cfg;
	int epfd;
	uint64_t rng;
	size_t req_len[CLIENT_OPS];
	size_t key_off[CLIENT_OPS];	/* key digits within one request */
	size_t val_off;			/* value within one SET request */
	size_t vcopy;			/* --verify: key digits a value starts with */
	uint8_t *set_keys;		/* --verify: keys this run has SET */
	struct client_conn *conns;
	char err[200];
};

static uint64_t client_rand(struct client *b)
{
	uint64_t x = b->rng;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return b->rng = x;
}

static void client_digits(char *p, uint64_t v)
{
	for (int i = CLIENT_KEY_DIGITS - 1; i >= 0; i--, v /= 10)
		p[i] = (char)('0' + v % 10);
}

/* One request with key digits 0: returns its length, the key's offset in *koff. */
static size_t client_format(const struct client *b, enum client_op op, char *out,
			   size_t *koff)
{
	int n;

	if (op == CLIENT_GET)
		n = sprintf(out, "*2\r\n$3\r\nGET\r\n$%d\r\nkey:", 4 + CLIENT_KEY_DIGITS);
	else
		n = sprintf(out, "*3\r\n$3\r\nSET\r\n$%d\r\nkey:", 4 + CLIENT_KEY_DIGITS);
	*koff = (size_t)n;
	memset(out + n, '0', CLIENT_KEY_DIGITS);
	n += CLIENT_KEY_DIGITS;
	n += sprintf(out + n, "\r\n");
	if (op == CLIENT_SET) {
		n += sprintf(out + n, "$%llu\r\n", (unsigned long long)b->cfg.data_size);
		memset(out + n, 'x', b->cfg.data_size);
		n += (int)b->cfg.data_size;
		n += sprintf(out + n, "\r\n");
	}
	return (size_t)n;
}

static int client_connect(struct client *b, struct client_conn *c)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.ptr = c };
	int one = 1;

	c->fd = socket(b->cfg.addr.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c->fd < 0)
		return -errno;
	if (connect(c->fd, (struct sockaddr *)&b->cfg.addr, b->cfg.addrlen) < 0)
		return -errno;
	setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	/* connected: from here on nothing may block past the stop */
	if (fcntl(c->fd, F_SETFL, O_NONBLOCK) < 0)
		return -errno;
	if (epoll_ctl(b->epfd, EPOLL_CTL_ADD, c->fd, &ev) < 0)
		return -errno;
	return 0;
}

int client_open(const struct client_cfg *cfg, struct client **out)
{
	struct client *b = calloc(1, sizeof(*b));
	size_t set_len;
	int err = -ENOMEM;

	*out = b;
	if (!b)
		return -ENOMEM;
	b->cfg = *cfg;
	b->epfd = -1;
	b->rng = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)getpid() << 20) ^ (uint64_t)(sk_now() * 1e6);
	set_len = 64 + (size_t)snprintf(NULL, 0, "$%llu\r\n", (unsigned long long)cfg->data_size) +
		  cfg->data_size;
	b->vcopy = cfg->data_size < CLIENT_KEY_DIGITS ? cfg->data_size : CLIENT_KEY_DIGITS;
	b->conns = calloc(cfg->clients, sizeof(*b->conns));
	if (cfg->verify)
		b->set_keys = calloc(cfg->keyspace / 8 + 1, 1);
	if (!b->conns || (cfg->verify && !b->set_keys))
		return -ENOMEM;
	for (unsigned i = 0; i < cfg->clients; i++)
		b->conns[i].fd = -1;
	b->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (b->epfd < 0)
		return -errno;
	for (unsigned i = 0; i < cfg->clients; i++) {
		struct client_conn *c = &b->conns[i];

		c->keys = calloc(cfg->pipeline, sizeof(*c->keys));
		c->start = calloc(cfg->pipeline, sizeof(*c->start));
		c->rcap = cfg->pipeline * (cfg->data_size + 32) + 4096;
		c->rbuf = malloc(c->rcap);
		for (int op = 0; op < CLIENT_OPS; op++)
			c->req[op] = malloc(cfg->pipeline * (op == CLIENT_SET ? set_len : 64));
		if (!c->keys || !c->start || !c->rbuf || !c->req[CLIENT_SET] || !c->req[CLIENT_GET])
			return -ENOMEM;
		for (int op = 0; op < CLIENT_OPS; op++) {
			size_t at = 0;

			for (unsigned k = 0; k < cfg->pipeline; k++)
				at += b->req_len[op] = client_format(b, op, c->req[op] + at,
								    &b->key_off[op]);
		}
		err = client_connect(b, c);
		if (err)
			return err;
	}
	b->val_off = b->req_len[CLIENT_SET] - 2 - cfg->data_size;
	return 0;
}

void client_close(struct client *b)
{
	if (!b)
		return;
	for (unsigned i = 0; b->conns && i < b->cfg.clients; i++) {
		struct client_conn *c = &b->conns[i];

		if (c->fd >= 0)
			close(c->fd);
		free(c->keys);
		free(c->start);
		free(c->rbuf);
		free(c->req[CLIENT_SET]);
		free(c->req[CLIENT_GET]);
	}
	if (b->epfd >= 0)
		close(b->epfd);
	free(b->conns);
	free(b->set_keys);
	free(b);
}

const char *client_error(const struct client *b)
{
	return b->err;
}

/* Writes what is left of the batch; arms EPOLLOUT when the socket is full. */
static int client_write(struct client *b, struct client_conn *c, enum client_op op)
{
	while (c->woff < c->wlen) {
		ssize_t n = write(c->fd, c->req[op] + c->woff, c->wlen - c->woff);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			break;
		if (n < 0)
			return -errno;
		c->woff += (size_t)n;
	}
	if ((c->woff < c->wlen) != c->want_out) {
		struct epoll_event ev = {
			.events = EPOLLIN | (c->want_out ? 0 : EPOLLOUT), .data.ptr = c,
		};

		if (epoll_ctl(b->epfd, EPOLL_CTL_MOD, c->fd, &ev) < 0)
			return -errno;
		c->want_out = !c->want_out;
	}
	return 0;
}

/*
 * Sends a batch of n requests of op with fresh random keys, at now (ns);
 * on a schedule, they are requests first.. and each one's start is when it
 * was due (never after now: the schedule's rounding may put it 1 ns there).
 */
static int client_send(struct client *b, struct client_conn *c, enum client_op op, unsigned n,
		      const struct sched *s, uint64_t first, uint64_t now)
{
	const size_t len = b->req_len[op];

	for (unsigned k = 0; k < n; k++) {
		char *req = c->req[op] + k * len;

		c->keys[k] = client_rand(b) % b->cfg.keyspace;
		client_digits(req + b->key_off[op], c->keys[k]);
		/* --verify: the value starts with its key's digits */
		if (b->cfg.verify && op == CLIENT_SET)
			memcpy(req + b->val_off, req + b->key_off[op], b->vcopy);
		c->start[k] = now;
		if (s->rate > 0 && sched_due_at(s, first + k) < now)
			c->start[k] = sched_due_at(s, first + k);
	}
	c->batch = n;
	c->answered = 0;
	c->wlen = n * len;
	c->woff = 0;
	return client_write(b, c, op);
}

/* The reply of a request must be +OK (SET) or a bulk or nil (GET). */
static int client_bad_reply(struct client *b, const char *line, size_t len)
{
	snprintf(b->err, sizeof(b->err), "unexpected reply '%.*s'",
		 (int)(len < 120 ? len : 120), line);
	return -EPROTO;
}

/* --verify: a GET of a key this run SET must return exactly that value. */
static int client_check(struct client *b, uint64_t key, const char *val, long long len)
{
	char digits[CLIENT_KEY_DIGITS];
	bool bad;

	if (!(b->set_keys[key / 8] & (1u << (key % 8))))
		return 0;	/* not ours: another run may have left anything */
	client_digits(digits, key);
	bad = len != (long long)b->cfg.data_size || memcmp(val, digits, b->vcopy);
	for (size_t i = b->vcopy; !bad && i < (size_t)len; i++)
		bad = val[i] != 'x';
	if (bad || (len < 0)) {
		snprintf(b->err, sizeof(b->err),
			 "verify: GET key:%012llu returned %lld bytes, not the %llu it was SET to",
			 (unsigned long long)key, len, (unsigned long long)b->cfg.data_size);
		return -EBADMSG;
	}
	return 0;
}

/*
 * Consumes the complete replies in c->rbuf. Returns how many, or a
 * negative error.
 */
static long client_parse(struct client *b, struct client_conn *c, enum client_op op)
{
	size_t pos = 0;
	long got = 0;

	while (c->answered < c->batch && pos < c->rlen) {
		char *line = c->rbuf + pos, *nl = memchr(line, '\n', c->rlen - pos);
		uint64_t key = c->keys[c->answered];
		size_t hlen, end;
		long long len;
		char *e;

		if (!nl)
			break;
		hlen = (size_t)(nl - line) + 1;
		end = pos + hlen;
		if (op == CLIENT_SET) {
			if (hlen != 5 || memcmp(line, "+OK\r\n", 5))
				return client_bad_reply(b, line, hlen - 1);
			if (b->set_keys)
				b->set_keys[key / 8] |= (uint8_t)(1u << (key % 8));
		} else {
			if (line[0] != '$')
				return client_bad_reply(b, line, hlen - 1);
			len = strtoll(line + 1, &e, 10);
			if (e != nl - 1 || len < -1)
				return client_bad_reply(b, line, hlen - 1);
			if (len >= 0) {
				end += (size_t)len + 2;
				if (end > c->rlen)
					break;
				if (b->set_keys && client_check(b, key, nl + 1, len))
					return -EBADMSG;
			} else if (b->set_keys && (b->set_keys[key / 8] & (1u << (key % 8)))) {
				return client_check(b, key, NULL, -1);
			}
		}
		pos = end;
		c->answered++;
		got++;
	}
	if (pos) {
		memmove(c->rbuf, c->rbuf + pos, c->rlen - pos);
		c->rlen -= pos;
	}
	return got;
}

/* Reads what the server sent; returns replies completed, or a negative error. */
static long client_read(struct client *b, struct client_conn *c, enum client_op op)
{
	ssize_t n;

	if (c->rlen == c->rcap) {
		/* a reply longer than a batch of values: only a foreign server sends one */
		snprintf(b->err, sizeof(b->err), "reply larger than %zu bytes", c->rcap);
		return -EPROTO;
	}
	n = read(c->fd, c->rbuf + c->rlen, c->rcap - c->rlen);
	if (n < 0)
		return errno == EAGAIN || errno == EINTR ? 0 : -errno;
	if (n == 0) {
		snprintf(b->err, sizeof(b->err), "the server closed the connection");
		return -ECONNRESET;
	}
	c->rlen += (size_t)n;
	return client_parse(b, c, op);
}

/* The replies just completed on c: each one's latency since its send. */
static void client_record(const struct client_phase *p, const struct client_conn *c,
			 long got, uint64_t now)
{
	for (unsigned k = c->answered - (unsigned)got; k < c->answered; k++)
		if (c->start[k] >= *p->window_from)
			sk_latency_record(p->lat, now - c->start[k]);
}

int client_run(struct client *b, const struct client_phase *p, uint64_t *done)
{
	const unsigned nconn = b->cfg.clients, pipe = b->cfg.pipeline;
	const enum client_op op = p->op;
	const uint64_t max_ops = p->max_ops;
	struct epoll_event evs[64];
	uint64_t issued = 0;
	unsigned busy = 0;
	double stopped_at = 0;
	bool sending = true;
	struct sched sched;
	int err = 0;

	*done = 0;
	b->err[0] = '\0';
	sched_start(&sched, p->rate, sk_clock_ns());
	for (;;) {
		uint64_t now_ns = sk_clock_ns(), due = sched_due(&sched, now_ns);
		double now = (double)now_ns / 1e9;
		struct timespec wait;

		sending = sending && !(now >= p->deadline || *p->stop || (max_ops && issued >= max_ops) ||
				       (p->sending && !p->sending(p->arg)));
		if (!sending && !stopped_at)
			stopped_at = now;
		/* idle connections start a batch */
		for (unsigned i = 0; sending && i < nconn; i++) {
			struct client_conn *c = &b->conns[i];
			unsigned n = pipe;

			if (c->batch)
				continue;
			if (max_ops && max_ops - issued < n)
				n = (unsigned)(max_ops - issued);
			if (due - issued < n)
				n = (unsigned)(due - issued);
			if (!n)
				break;
			err = client_send(b, c, op, n, &sched, issued, now_ns);
			if (err)
				goto out;
			issued += n;
			busy++;
		}
		/* on a schedule, nothing in flight is no end while sending */
		if (!busy && !(sending && sched.rate > 0))
			break;
		/* after a stop, in-flight replies get a bounded wait */
		if (*p->stop && now - stopped_at > CLIENT_DRAIN_SECS)
			break;
		/* nothing due yet: until the next is; else until a reply */
		wait = (struct timespec){ .tv_nsec = CLIENT_WAIT_NS };
		if (sending && sched.rate > 0 && due == issued)
			wait = sched_wait(&sched, issued, now_ns, CLIENT_WAIT_NS);

		int n = sched_epoll_wait(b->epfd, evs, 64, &wait);

		if (n < 0 && errno != EINTR) {
			err = -errno;
			goto out;
		}
		now_ns = n > 0 ? sk_clock_ns() : now_ns;
		for (int i = 0; i < n; i++) {
			struct client_conn *c = evs[i].data.ptr;
			long got;

			if (evs[i].events & EPOLLOUT) {
				err = client_write(b, c, op);
				if (err)
					goto out;
			}
			if (!(evs[i].events & (EPOLLIN | EPOLLERR | EPOLLHUP)))
				continue;
			got = client_read(b, c, op);
			if (got < 0) {
				err = (int)got;
				goto out;
			}
			if (!got)
				continue;
			client_record(p, c, got, now_ns);
			*done += (uint64_t)got;
			p->on_done(p->arg, (uint64_t)got);
			if (c->answered == c->batch) {
				c->batch = 0;
				busy--;
			}
		}
	}
out:
	if (err && !b->err[0])
		snprintf(b->err, sizeof(b->err), "%s", strerror(-err));
	return err;
}
