/*
 * server.c - the event loop: one thread, level-triggered epoll, one
 * read() per ready client per round so a client sending a flood or
 * dribbling a command byte by byte never holds the others up. Every
 * complete command of a read runs before the replies leave in one write();
 * a client whose replies do not fit the socket stops being read until they
 * are written.
 */
#include "server.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "commands.h"

#define SERVER_READ_CHUNK	(16 * 1024)	/* Redis's PROTO_IOBUF_LEN */
#define SERVER_SHRINK_OVER	(1024 * 1024)	/* give back buffers grown past this */
#define SERVER_EVENTS		256
#define SERVER_TICK_MS		100
#define SERVER_DRAIN_MAX	(64 * 1024)	/* input dropped before a hard close */

struct client {
	int fd;
	bool close_after;	/* close once out is written */
	bool blocked;		/* output pending: reading paused, EPOLLOUT on */
	bool draining;		/* replied and shut down for writing: input dropped */
	size_t drained;
	struct resp_parser p;
	char *qbuf;
	size_t qlen, qcap;
	struct reply out;
	struct client *prev, *next;
};

struct server {
	const struct redis_config *cfg;
	int epfd, lfd;
	struct store store;
	struct redis_stats stats;
	struct client *clients;
	struct redis_arg *argv;
	size_t argv_cap;
	struct client *pending[SERVER_EVENTS];	/* read this round, replies to write */
	size_t n_pending;
};

void redis_config_defaults(struct redis_config *c)
{
	memset(c, 0, sizeof(*c));
	c->bind = "127.0.0.1";
	c->port = 6379;
	c->lim.inline_max = RESP_INLINE_MAX_DEFAULT;
	c->lim.bulk_max = RESP_BULK_MAX_DEFAULT;
	c->lim.args_max = RESP_ARGS_MAX_DEFAULT;
	c->qbuf_max = REDIS_QBUF_MAX_DEFAULT;
	c->max_clients = REDIS_MAX_CLIENTS_DEFAULT;
}

/* The local port of a socket, or 0. */
static int server_local_port(int fd)
{
	struct sockaddr_storage sa;
	socklen_t salen = sizeof(sa);

	if (getsockname(fd, (struct sockaddr *)&sa, &salen) < 0)
		return 0;
	return ntohs(sa.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&sa)->sin6_port :
		     ((struct sockaddr_in *)&sa)->sin_port);
}

int redis_listen(const struct redis_config *cfg, int *port)
{
	struct addrinfo hints = {
		.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
		.ai_flags = AI_PASSIVE,
	}, *res;
	char svc[16];
	int fd, one = 1, err;

	snprintf(svc, sizeof(svc), "%d", cfg->port);
	err = getaddrinfo(cfg->bind, svc, &hints, &res);
	if (err)
		return err == EAI_SYSTEM ? -errno : -EADDRNOTAVAIL;
	fd = socket(res->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		err = -errno;
		goto out;
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, res->ai_addr, res->ai_addrlen) < 0 || listen(fd, 511) < 0) {
		err = -errno;
		close(fd);
		goto out;
	}
	*port = server_local_port(fd);
	err = fd;
out:
	freeaddrinfo(res);
	return err;
}

static void server_close(struct server *s, struct client *c)
{
	epoll_ctl(s->epfd, EPOLL_CTL_DEL, c->fd, NULL);
	close(c->fd);
	if (c->prev)
		c->prev->next = c->next;
	else
		s->clients = c->next;
	if (c->next)
		c->next->prev = c->prev;
	resp_free(&c->p);
	reply_free(&c->out);
	free(c->qbuf);
	free(c);
	s->stats.clients--;
}

static int server_watch(struct server *s, struct client *c, bool out)
{
	struct epoll_event ev = {
		.events = out ? EPOLLOUT : EPOLLIN, .data.ptr = c,
	};

	return epoll_ctl(s->epfd, EPOLL_CTL_MOD, c->fd, &ev);
}

/* Writes what is pending. Returns false when the client was closed. */
static bool server_flush(struct server *s, struct client *c)
{
	struct reply *o = &c->out;

	while (o->sent < o->len) {
		ssize_t n = send(c->fd, o->buf + o->sent, o->len - o->sent, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			if (!c->blocked && server_watch(s, c, true) == 0)
				c->blocked = true;
			reply_compact(o);
			return true;
		}
		if (n <= 0) {
			server_close(s, c);
			return false;
		}
		o->sent += (size_t)n;
	}
	o->len = o->sent = 0;
	if (c->close_after) {
		/*
		 * Closing with input unread would send a reset, which can destroy
		 * the error reply in flight: half-close, then drop the input the
		 * client is still sending until it closes too.
		 */
		shutdown(c->fd, SHUT_WR);
		c->draining = true;
		if (c->blocked && server_watch(s, c, false) == 0)
			c->blocked = false;
		return true;
	}
	if (o->cap > SERVER_SHRINK_OVER)
		reply_free(o);
	if (c->blocked && server_watch(s, c, false) == 0)
		c->blocked = false;
	return true;
}

static bool server_argv(struct server *s, const struct client *c)
{
	if (c->p.argc > s->argv_cap) {
		size_t cap = c->p.argc * 2;
		struct redis_arg *a = realloc(s->argv, cap * sizeof(*a));

		if (!a)
			return false;
		s->argv = a;
		s->argv_cap = cap;
	}
	for (size_t i = 0; i < c->p.argc; i++) {
		s->argv[i].p = c->qbuf + c->p.argv[i].off;
		s->argv[i].len = c->p.argv[i].len;
	}
	return true;
}

/* Runs every complete command in the query buffer; false on out of memory. */
static bool server_process(struct server *s, struct client *c)
{
	struct cmd_env env = {
		.store = &s->store, .out = &c->out, .cfg = s->cfg, .stats = &s->stats,
	};

	while (!c->close_after) {
		int rc = resp_parse(&c->p, c->qbuf, c->qlen, &s->cfg->lim);

		if (rc == RESP_AGAIN)
			break;
		if (rc == RESP_EMPTY)
			continue;
		if (rc == RESP_ERROR) {
			reply_errorf(&c->out, "ERR %s", c->p.err);
			c->close_after = true;
			break;
		}
		if (rc == RESP_NOMEM || !server_argv(s, c))
			return false;
		commands_exec(&env, s->argv, c->p.argc);
		s->stats.commands++;
		c->close_after = env.close;
	}
	return !c->out.oom;
}

/* Drops the parsed commands from the query buffer, keeping a partial one. */
static void server_compact(struct client *c)
{
	size_t done = c->close_after ? c->qlen : c->p.start;

	if (c->close_after) {
		c->qlen = 0;
		return;
	}
	if (done) {
		memmove(c->qbuf, c->qbuf + done, c->qlen - done);
		c->qlen -= done;
		resp_consumed(&c->p, done);
	}
	if (c->qcap > SERVER_SHRINK_OVER && c->qlen < SERVER_READ_CHUNK) {
		char *b = realloc(c->qbuf, SERVER_READ_CHUNK);

		if (b) {
			c->qbuf = b;
			c->qcap = SERVER_READ_CHUNK;
		}
	}
}

/*
 * Room for the next read: a chunk, or for a big bulk up to its end, but at
 * most double what was received: a declared length costs no memory before
 * the bytes arrive.
 */
static bool server_reserve(struct client *c)
{
	size_t need = c->qlen + SERVER_READ_CHUNK, want = resp_wanted(&c->p);
	char *b;

	if (want && c->p.pos + want > need) {
		need = c->p.pos + want;
		if (need > 2 * c->qlen + SERVER_READ_CHUNK)
			need = 2 * c->qlen + SERVER_READ_CHUNK;
	}
	if (c->qcap >= need && c->qcap - c->qlen >= SERVER_READ_CHUNK / 4)
		return true;
	b = realloc(c->qbuf, need);
	if (!b)
		return false;
	c->qbuf = b;
	c->qcap = need;
	return true;
}

static void server_drain(struct server *s, struct client *c)
{
	char sink[4096];
	ssize_t n = read(c->fd, sink, sizeof(sink));

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	c->drained += n > 0 ? (size_t)n : 0;
	if (n <= 0 || c->drained > SERVER_DRAIN_MAX)
		server_close(s, c);
}

static void server_read(struct server *s, struct client *c)
{
	ssize_t n;

	if (c->draining) {
		server_drain(s, c);
		return;
	}
	if (!server_reserve(c)) {
		server_close(s, c);
		return;
	}
	n = read(c->fd, c->qbuf + c->qlen, c->qcap - c->qlen);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		server_close(s, c);
		return;
	}
	c->qlen += (size_t)n;
	if (!server_process(s, c)) {
		server_close(s, c);
		return;
	}
	server_compact(c);
	if (c->qlen > s->cfg->qbuf_max && !c->close_after) {
		reply_error(&c->out, "ERR Protocol error: query buffer limit exceeded");
		c->close_after = true;
		c->qlen = 0;
	}
	/* replies leave once every ready client was read: see redis_serve */
	s->pending[s->n_pending++] = c;
}

static void server_accept(struct server *s)
{
	static const char full[] = "-ERR max number of clients reached\r\n";

	for (int i = 0; i < 64; i++) {
		int fd = accept4(s->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC), one = 1;
		struct epoll_event ev = { .events = EPOLLIN };
		struct client *c;

		if (fd < 0)
			return;
		if (s->stats.clients >= s->cfg->max_clients) {
			s->stats.rejected++;
			/* best effort: the socket is new, the line fits */
			send(fd, full, sizeof(full) - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
			close(fd);
			continue;
		}
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		c = calloc(1, sizeof(*c));
		ev.data.ptr = c;
		if (!c || epoll_ctl(s->epfd, EPOLL_CTL_ADD, fd, &ev) < 0) {
			free(c);
			close(fd);
			continue;
		}
		c->fd = fd;
		resp_init(&c->p);
		c->next = s->clients;
		if (s->clients)
			s->clients->prev = c;
		s->clients = c;
		s->stats.clients++;
		s->stats.connections++;
	}
}

const char *const redis_serve_syscalls[] = {
	"getsockname", "epoll_create1", "epoll_ctl", "epoll_wait", "epoll_pwait",
	"accept4", "setsockopt", "read", "recvfrom", "sendto", "shutdown", NULL,
};

int redis_serve(const struct redis_config *cfg, int lfd,
		const volatile sig_atomic_t *stop)
{
	struct server s = { .cfg = cfg, .lfd = lfd };
	struct epoll_event ev = { .events = EPOLLIN, .data.ptr = NULL };
	struct epoll_event evs[SERVER_EVENTS];
	int err = 0;

	store_init(&s.store);
	s.stats.start_ms = store_now_ms();
	s.stats.port = server_local_port(lfd);
	s.epfd = epoll_create1(EPOLL_CLOEXEC);
	if (s.epfd < 0)
		return -errno;
	if (epoll_ctl(s.epfd, EPOLL_CTL_ADD, lfd, &ev) < 0) {
		err = -errno;
		goto out;
	}
	while (!*stop) {
		int n = epoll_wait(s.epfd, evs, SERVER_EVENTS, SERVER_TICK_MS);

		if (n < 0 && errno != EINTR) {
			err = -errno;
			break;
		}
		for (int i = 0; i < n; i++) {
			struct client *c = evs[i].data.ptr;

			if (!c)
				server_accept(&s);
			else if (c->blocked)
				server_flush(&s, c);
			else
				server_read(&s, c);
		}
		/*
		 * Writing only after every ready client was read, as Redis does
		 * before it sleeps: a reply wakes its client, and a client woken
		 * on this CPU in the middle of the round would delay the others.
		 * A client appears once per round, so each is still valid here.
		 */
		for (size_t i = 0; i < s.n_pending; i++)
			server_flush(&s, s.pending[i]);
		s.n_pending = 0;
	}
out:
	while (s.clients)
		server_close(&s, s.clients);
	store_flush(&s.store);
	free(s.argv);
	close(s.epfd);
	return err;
}
