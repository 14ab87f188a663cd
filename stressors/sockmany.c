/*
 * sockmany.c - many loopback TCP connections, as stress-ng's sockmany
 * stressor: a helper connects socket after socket to the instance's
 * listener and keeps each open (up to 100000, or until the descriptors or
 * ports run out, then closes them all and starts again), reading the few
 * bytes the instance sends on each; the instance accepts, reads the
 * socket's name and send buffer size, sets TCP_QUICKACK, sends
 * --sockmany-max-size bytes and closes. One bogo-op is one accept round.
 */
#include <stresskit/stressor.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SOCKMANY_FDS		100000
#define SOCKMANY_SIZE_MIN	1
#define SOCKMANY_SIZE_MAX	16384
#define SOCKMANY_SIZE_DEF	8
#define SOCKMANY_BACKLOG	10
#define SOCKMANY_RETRIES	100
#define SOCKMANY_RETRY_NS	10000000L

struct sockmany_opts {
	uint64_t max_size;
	uint64_t port;
};

static const struct stressor_opt sockmany_opts[] = {
	{ .name = "sockmany-max-size", .type = OPT_SIZE,
	  .offset = offsetof(struct sockmany_opts, max_size),
	  .min = SOCKMANY_SIZE_MIN, .max = SOCKMANY_SIZE_MAX, .def = SOCKMANY_SIZE_DEF,
	  .help = "bytes the instance sends on each connection" },
	{ .name = "sockmany-port", .type = OPT_COUNT,
	  .offset = offsetof(struct sockmany_opts, port), .max = 65535,
	  .help = "listen on ports P to P + instances - 1 (0: any free port, the default)" },
	OPT_TABLE_END,
};

/* What the client gets from its instance. */
struct sockmany_client_arg {
	struct sockaddr_in addr;
};

static void sockmany_close_all(int *fds, int n)
{
	for (int i = 0; i < n; i++) {
		shutdown(fds[i], SHUT_RDWR);
		close(fds[i]);
	}
}

/*
 * One connection: socket, connect (retrying a busy moment 100 times,
 * 10 ms apart, as stress-ng), recv. Returns the fd, -1 when the round
 * is full (no more fds or ports, or refused), or -2 on a hard failure.
 */
static int sockmany_connect(const struct sockmany_client_arg *a, const volatile sig_atomic_t *stop)
{
	char buf[SOCKMANY_SIZE_MAX];

	for (int retries = 0; !*stop; retries++) {
		int fd = socket(AF_INET, SOCK_STREAM, 0), err;

		if (fd < 0)
			return errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
			       errno == ENOMEM ? -1 : -2;
		if (connect(fd, (const struct sockaddr *)&a->addr, sizeof(a->addr)) == 0) {
			(void)recv(fd, buf, sizeof(buf), 0);
			return fd;
		}
		err = errno;
		close(fd);
		if (err == EADDRNOTAVAIL || err == ECONNREFUSED)
			return -1;
		if (retries >= SOCKMANY_RETRIES)
			return -2;
		struct timespec ts = { 0, SOCKMANY_RETRY_NS };

		nanosleep(&ts, NULL);
	}
	return -1;
}

/* The client, a helper: rounds of up to 100000 open connections. */
static int sockmany_client(void *argp, const volatile sig_atomic_t *stop)
{
	const struct sockmany_client_arg *a = argp;
	int *fds = malloc(SOCKMANY_FDS * sizeof(*fds));

	if (!fds)
		return 1;
	while (!*stop) {
		int n = 0;

		while (n < SOCKMANY_FDS && !*stop) {
			int fd = sockmany_connect(a, stop);

			if (fd == -2) {
				sockmany_close_all(fds, n);
				free(fds);
				return 1;
			}
			if (fd < 0)
				break;
			fds[n++] = fd;
		}
		sockmany_close_all(fds, n);
	}
	free(fds);
	return 0;
}

/* The listener, stress-ng's options on it; returns the fd or -errno. */
static int sockmany_listen(struct sockaddr_in *addr)
{
	socklen_t len = sizeof(*addr);
	int one = 1, syn_retries = 2, user_timeout_ms = 500;
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return -errno;
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0)
		goto fail;
	(void)setsockopt(fd, IPPROTO_TCP, TCP_SYNCNT, &syn_retries, sizeof(syn_retries));
	(void)setsockopt(fd, SOL_TCP, TCP_USER_TIMEOUT, &user_timeout_ms, sizeof(user_timeout_ms));
	if (bind(fd, (struct sockaddr *)addr, sizeof(*addr)) < 0 ||
	    listen(fd, SOCKMANY_BACKLOG) < 0 ||
	    getsockname(fd, (struct sockaddr *)addr, &len) < 0)
		goto fail;
	return fd;
fail:
	one = -errno;
	close(fd);
	return one;
}

static int sockmany_serve(struct instance *in, int lfd, size_t size)
{
	static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				      "abcdefghijklmnopqrstuvwxyz0123456789@#";
	char buf[SOCKMANY_SIZE_MAX];
	uint64_t msgs = 0;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		int sfd = accept(lfd, NULL, NULL);

		if (sfd >= 0) {
			struct sockaddr_storage name;
			socklen_t len = sizeof(name);
			int sndbuf, one = 1;

			if (getsockname(sfd, (struct sockaddr *)&name, &len) < 0) {
				close(sfd);
				return instance_syscall_failed(in, "getsockname");
			}
			len = sizeof(sndbuf);
			if (getsockopt(sfd, SOL_SOCKET, SO_SNDBUF, &sndbuf, &len) < 0) {
				close(sfd);
				return instance_syscall_failed(in, "getsockopt");
			}
			(void)setsockopt(sfd, SOL_TCP, TCP_QUICKACK, &one, sizeof(one));
			memset(buf, letters[msgs & 63], size);
			if (send(sfd, buf, size, MSG_NOSIGNAL) < 0) {
				if (errno != EINTR && errno != EPIPE && errno != ECONNRESET) {
					close(sfd);
					return instance_syscall_failed(in, "send");
				}
			} else {
				msgs++;
			}
			close(sfd);
		} else if (errno != EINTR && errno != ECONNABORTED) {
			return instance_syscall_failed(in, "accept");
		}
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static int sockmany_run(struct instance *in)
{
	const struct sockmany_opts *o = in->opts;
	struct sockmany_client_arg arg = { .addr = {
		.sin_family = AF_INET,
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
		.sin_port = htons(o->port ? (uint16_t)((o->port + in->index - 1) % 65535 + 1) : 0),
	} };
	int lfd, status, wstatus, err;
	pid_t client;

	lfd = sockmany_listen(&arg.addr);
	if (lfd < 0)
		return instance_error(in, "listen socket", lfd);
	client = sk_fork_helper("sockmany", sockmany_client, &arg);
	if (client < 0) {
		close(lfd);
		return instance_error(in, "fork", (int)client);
	}
	instance_ready(in);
	status = sockmany_serve(in, lfd, o->max_size);
	close(lfd);
	err = sk_reap_helper(client, true, SK_HELPER_GRACE, &wstatus);
	if (!err && status == SK_OK && (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus))) {
		instance_fail(in, "the client could not connect (100 tries) or died");
		status = SK_FAILED;
	}
	return status;
}

static const struct stressor sockmany_stressor = {
	.name      = "sockmany",
	.summary   = "many loopback TCP connects; the instance accepts, sends, closes",
	.help      = "stress-ng's sockmany: a helper opens loopback TCP connection\n"
		     "after connection to the instance (up to 100000 open, or until\n"
		     "descriptors or ports run out, then closes them all); the\n"
		     "instance accepts each, reads its name and SO_SNDBUF, sets\n"
		     "TCP_QUICKACK, sends --sockmany-max-size bytes and closes. One\n"
		     "bogo-op is one accept round. stress-ng listens on fixed ports\n"
		     "(59392 + instance) by default; stresskit on any free port\n"
		     "unless --sockmany-port is given. --sockmany-if is not taken.",
	.classes   = CLASS_NETWORK | CLASS_OS,
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START | STRESSOR_HELPERS(1),
	.opts      = sockmany_opts,
	.opts_size = sizeof(struct sockmany_opts),
	.syscalls  = SK_SYSCALLS("socket", "setsockopt", "getsockopt", "bind", "listen",
				 "getsockname", "accept", "accept4", "connect", "recvfrom",
				 "sendto", "shutdown", "close", "nanosleep",
				 "clock_nanosleep", SK_HELPER_SYSCALLS),
	.run       = sockmany_run,
	.version   = "1",
};
STRESSOR_REGISTER(sockmany_stressor);
