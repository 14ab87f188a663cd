/*
 * server.c - the event loop: one thread, level-triggered epoll, one
 * read() per ready client per round so a client sending a flood or
 * dribbling a command byte by byte never holds the others up. Every
 * complete command of a read runs before the replies leave in one write();
 * a client whose replies do not fit the socket stops being read until they
 * are written. What a connection does with its bytes (parse, run,
 * compact, limits) is conn.c's; this file is the sockets around it.
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

#include "conn.h"

#define SERVER_EVENTS		256
#define SERVER_TICK_MS		100
#define SERVER_DRAIN_MAX	(64 * 1024)	/* input dropped before a hard close */
/* expired keys removed a round: bounded, so a mass expiry cannot stall the
 * replies; an idle server still sweeps each tick, as Redis's active expiry */
#define SERVER_EXPIRE_MAX	1000

struct server_client {
	int fd;
	bool blocked;		/* output pending: reading paused, EPOLLOUT on */
	bool draining;		/* replied and shut down for writing: input dropped */
	size_t drained;
	struct conn conn;	/* buffers and parser: conn.c */
	struct server_client *prev, *next;
};

struct server {
	const struct server_config *cfg;
	int epfd, lfd;
	struct conn_shared sh;	/* store, counters, argv */
	struct server_client *clients;
	struct server_client *pending[SERVER_EVENTS];	/* read this round, replies to write */
	size_t n_pending;
};

void server_config_defaults(struct server_config *c)
{
	memset(c, 0, sizeof(*c));
	c->bind = "127.0.0.1";
	c->port = 6379;
	c->lim.inline_max = RESP_INLINE_MAX_DEFAULT;
	c->lim.bulk_max = RESP_BULK_MAX_DEFAULT;
	c->lim.args_max = RESP_ARGS_MAX_DEFAULT;
	c->qbuf_max = REDIS_QBUF_MAX_DEFAULT;
	c->max_clients = REDIS_MAX_CLIENTS_DEFAULT;
	c->statm_fd = -1;
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

int server_listen(const struct server_config *cfg, int *port)
{
	struct addrinfo hints = {
		.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
		.ai_flags = AI_PASSIVE,
	}, *res;
	char svc[16];
	int fd, one = 1, err;

	snprintf(svc, sizeof(svc), "%d", cfg->port);
	err = getaddrinfo(cfg->bind, svc, &hints, &res);
	switch (err) {
	case 0:
		break;
	case EAI_SYSTEM:
		return -errno;
	case EAI_AGAIN:		/* the resolver could not answer: try later */
	case EAI_MEMORY:
		return -EAGAIN;
	default:		/* no such name: the caller's mistake */
		return -EINVAL;
	}
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

static void server_close(struct server *s, struct server_client *c)
{
	epoll_ctl(s->epfd, EPOLL_CTL_DEL, c->fd, NULL);
	close(c->fd);
	if (c->prev)
		c->prev->next = c->next;
	else
		s->clients = c->next;
	if (c->next)
		c->next->prev = c->prev;
	conn_free(&c->conn);
	free(c);
	s->sh.stats.clients--;
}

static int server_watch(struct server *s, struct server_client *c, bool out)
{
	struct epoll_event ev = {
		.events = out ? EPOLLOUT : EPOLLIN, .data.ptr = c,
	};

	return epoll_ctl(s->epfd, EPOLL_CTL_MOD, c->fd, &ev);
}

/* conn_flush's writer: the client's socket. */
static ssize_t server_send(void *ctx, const void *buf, size_t len)
{
	const struct server_client *c = ctx;
	ssize_t n;

	do
		n = send(c->fd, buf, len, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return errno == EWOULDBLOCK ? -EAGAIN : -errno;
	return n;
}

/* Writes what is pending. Returns false when the client was closed. */
static bool server_flush(struct server *s, struct server_client *c)
{
	switch (conn_flush(&c->conn, server_send, c)) {
	case CONN_BLOCKED:
		if (!c->blocked && server_watch(s, c, true) == 0)
			c->blocked = true;
		return true;
	case CONN_FAILED:
		server_close(s, c);
		return false;
	case CONN_FLUSHED:
		break;
	}
	if (c->conn.close_after) {
		/*
		 * Closing with input unread would send a reset, which can destroy
		 * the error reply in flight: half-close, then drop the input the
		 * client is still sending until it closes too.
		 */
		shutdown(c->fd, SHUT_WR);
		c->draining = true;
	}
	if (c->blocked && server_watch(s, c, false) == 0)
		c->blocked = false;
	return true;
}

static void server_drain(struct server *s, struct server_client *c)
{
	char sink[4096];
	ssize_t n = read(c->fd, sink, sizeof(sink));

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	c->drained += n > 0 ? (size_t)n : 0;
	if (n <= 0 || c->drained > SERVER_DRAIN_MAX)
		server_close(s, c);
}

static void server_read(struct server *s, struct server_client *c)
{
	ssize_t n;

	if (c->draining) {
		server_drain(s, c);
		return;
	}
	if (conn_reserve(&c->conn)) {
		server_close(s, c);
		return;
	}
	n = read(c->fd, c->conn.qbuf + c->conn.qlen, c->conn.qcap - c->conn.qlen);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		server_close(s, c);
		return;
	}
	if (conn_received(&s->sh, &c->conn, (size_t)n)) {
		server_close(s, c);
		return;
	}
	/* replies leave once every ready client was read: see server_serve */
	s->pending[s->n_pending++] = c;
}

static void server_accept(struct server *s)
{
	static const char full[] = "-ERR max number of clients reached\r\n";

	for (int i = 0; i < 64; i++) {
		int fd = accept4(s->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC), one = 1;
		struct epoll_event ev = { .events = EPOLLIN };
		struct server_client *c;

		if (fd < 0)
			return;
		if (s->sh.stats.clients >= s->cfg->max_clients) {
			s->sh.stats.rejected++;
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
		conn_init(&c->conn);
		/* CLIENT ID: the connection's number since start, never reused */
		c->conn.client.id = s->sh.stats.connections + 1;
		c->next = s->clients;
		if (s->clients)
			s->clients->prev = c;
		s->clients = c;
		s->sh.stats.clients++;
		s->sh.stats.connections++;
	}
}

/* INFO's instantaneous_ops_per_sec: one sample when 100 ms have passed. */
static void server_sample(struct redis_stats *st, int64_t now)
{
	int64_t ms = now - st->sample_ms;

	if (ms < 0)
		st->sample_ms = now;	/* the clock was set back: start again */
	if (ms < SERVER_TICK_MS)
		return;
	st->ops_samples[st->ops_next++ % REDIS_OPS_SAMPLES] =
		(st->commands - st->sample_commands) * 1000 / (uint64_t)ms;
	st->sample_ms = now;
	st->sample_commands = st->commands;
}

const char *const server_serve_syscalls[] = {
	"getsockname", "epoll_create1", "epoll_ctl", "epoll_wait", "epoll_pwait",
	"accept4", "setsockopt", "read", "recvfrom", "sendto", "shutdown",
	"pread64",	/* INFO's used_memory_rss, from cfg->statm_fd */
	NULL,
};

int server_serve(const struct server_config *cfg, int lfd,
		 const volatile sig_atomic_t *stop)
{
	struct server s = { .cfg = cfg, .lfd = lfd };
	struct epoll_event ev = { .events = EPOLLIN, .data.ptr = NULL };
	struct epoll_event evs[SERVER_EVENTS];
	int err = 0;

	conn_shared_init(&s.sh, cfg);
	s.sh.stats.start_ms = s.sh.stats.sample_ms = store_now_ms();
	s.sh.stats.port = server_local_port(lfd);
	s.epfd = epoll_create1(EPOLL_CLOEXEC);
	if (s.epfd < 0)
		return -errno;
	if (epoll_ctl(s.epfd, EPOLL_CTL_ADD, lfd, &ev) < 0) {
		err = -errno;
		goto out;
	}
	while (!*stop && !s.sh.shutdown) {
		int64_t now;
		int n = epoll_wait(s.epfd, evs, SERVER_EVENTS, SERVER_TICK_MS);

		if (n < 0 && errno != EINTR) {
			err = -errno;
			break;
		}
		for (int i = 0; i < n; i++) {
			struct server_client *c = evs[i].data.ptr;

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
		now = store_now_ms();
		if (s.sh.store.expires)
			store_expire(&s.sh.store, now, SERVER_EXPIRE_MAX);
		server_sample(&s.sh.stats, now);
	}
out:
	while (s.clients)
		server_close(&s, s.clients);
	conn_shared_free(&s.sh);
	close(s.epfd);
	return err;
}
