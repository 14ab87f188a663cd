/*
 * redis.c - the redis stressor: each instance forks a RESP server of its
 * own (server.c, on 127.0.0.1, an ephemeral port) and drives it over TCP
 * loopback with the pipelined client (client.c), as redis-benchmark -t
 * set,get drives redis-server: epoll, loopback TCP and the allocator under
 * load together. One bogo-op is one completed SET or GET request.
 *
 * Phases: --redis-test set,get runs the tests one after another, each
 * for an equal share of the run: with --timeout T, test i of n runs from
 * T*i/n to T*(i+1)/n; with --redis-ops N, test i gets N/n requests; with
 * neither, the tests take turns of one second each. A --warmup is a round
 * of its own, the tests sharing its time the same way, so the counted
 * round still gives each test its share; --NAME-ops counts from its end.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "client.h"
#include "server.h"
#include "store.h"

#define REDIS_TURN_SECS		1.0	/* phase length when the run has no end set */
#define REDIS_RATE_SHORT	0.9	/* achieved under this share of --redis-rate: overloaded */

struct redis_opts {
	uint64_t clients;
	uint64_t pipeline;
	uint64_t data_size;
	uint64_t keyspace;
	struct opt_list test;		/* enum client_op, in order */
	struct sk_host_port target;	/* .len 0: an own server */
	uint64_t rate;
};

/* --redis-test's choices, in enum client_op's order */
static const char *const redis_op_names[CLIENT_OPS + 1] = { "set", "get", NULL };

static const struct stressor_opt redis_opts[] = {
	{ .name = "redis-clients", .type = OPT_COUNT,
	  .offset = offsetof(struct redis_opts, clients),
	  .min = 1, .max = 1000, .def = 5,
	  .help = "connections per instance (redis-benchmark -c)" },
	{ .name = "redis-pipeline", .type = OPT_COUNT,
	  .offset = offsetof(struct redis_opts, pipeline),
	  .min = 1, .max = 1000, .def = 3,
	  .help = "requests in flight per connection (redis-benchmark -P)" },
	{ .name = "redis-data-size", .type = OPT_SIZE,
	  .offset = offsetof(struct redis_opts, data_size),
	  .min = 1, .max = 64ULL << 20, .def = 1024,
	  .help = "bytes per SET value (redis-benchmark -d)" },
	{ .name = "redis-keyspace", .type = OPT_COUNT,
	  .offset = offsetof(struct redis_opts, keyspace),
	  .min = 1, .max = 1000000000, .def = 100000,
	  .help = "keys drawn at random (redis-benchmark -r)" },
	{ .name = "redis-test", .type = OPT_LIST,
	  .offset = offsetof(struct redis_opts, test),
	  .choices = redis_op_names, .def_str = "set,get",
	  .help = "tests in order, each an equal share of the run (redis-benchmark -t)" },
	{ .name = "redis-target", .type = OPT_PARSED, .parser = &sk_opt_host_port,
	  .offset = offsetof(struct redis_opts, target),
	  .help = "a redis server to drive instead of an own one" },
	{ .name = "redis-rate", .type = OPT_COUNT,
	  .offset = offsetof(struct redis_opts, rate),
	  .min = 0, .max = 100000000, .def = 0,
	  .help = "requests per second per instance, sent on a schedule (open loop); 0: closed loop" },
	OPT_TABLE_END,
};

/* What the server helper gets from its instance. */
struct redis_server_arg {
	struct server_config cfg;
	int lfd;
};

/* The server, a helper process: it serves until the instance's SIGTERM. */
static int redis_server_main(void *argp, const volatile sig_atomic_t *stop)
{
	const struct redis_server_arg *a = argp;

	return server_serve(&a->cfg, a->lfd, stop) ? SK_FAILED : SK_OK;
}

/*
 * The instance's own server's socket, on 127.0.0.1 at an ephemeral port
 * that *addr gets. Returns 0, or a negative errno.
 */
static int redis_server_listen(struct redis_server_arg *a,
			       struct sockaddr_storage *addr, socklen_t *addrlen)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)addr;
	int port;

	server_config_defaults(&a->cfg);
	a->cfg.port = 0;
	a->lfd = server_listen(&a->cfg, &port);
	if (a->lfd < 0)
		return a->lfd;
	memset(addr, 0, sizeof(*addr));
	sin->sin_family = AF_INET;
	sin->sin_port = htons((uint16_t)port);
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	*addrlen = sizeof(*sin);
	return 0;
}

/*
 * The server, in a helper that takes over the listening socket: it serves
 * until the instance stops it (the run's stop signals are the instance's
 * to act on). Returns its pid, or a negative errno.
 */
static pid_t redis_server_fork(struct redis_server_arg *a)
{
	pid_t pid = sk_fork_helper("rsrv", redis_server_main, a);

	close(a->lfd);
	return pid;
}

static void redis_count(void *arg, uint64_t n)
{
	instance_loop_add(arg, n);
}

/*
 * The warmup round counts through this: while the warmup runs, as it
 * comes; once it ended, the requests still in flight wait, and are
 * counted as one when the phase has drained. That count is the first
 * to see the end, so they are the warmup's last and --NAME-ops counts
 * from the next request (instance_loop_add).
 */
struct redis_warm_count {
	struct instance_loop *l;
	uint64_t pending;
};

static void redis_count_warm(void *arg, uint64_t n)
{
	struct redis_warm_count *w = arg;

	if (!w->pending && instance_loop_warming(w->l))
		instance_loop_add(w->l, n);
	else
		w->pending += n;
}

static bool redis_warming(void *arg)
{
	const struct redis_warm_count *w = arg;

	return instance_loop_warming(w->l);
}

/*
 * When phase i of the round starting at t0 ends, and its share of the
 * instance's --NAME-ops, asked (UINT64_MAX: none); warm: of the --warmup
 * round instead, which has no ops share, and whose last phase ends with
 * the warmup itself, by the controller's clock (redis_warming), not by
 * this one's.
 */
static void redis_phase_bounds(const struct instance *in, uint64_t asked, unsigned n,
			       unsigned i, double t0, bool warm, double *deadline,
			       uint64_t *ops)
{
	const double timeout = warm ? in->ctx->window_at : in->ctx->timeout;
	const uint64_t max = asked == UINT64_MAX || warm ? 0 : asked;

	*ops = max ? max * (i + 1) / n - max * i / n : 0;
	if (warm && i == n - 1)
		*deadline = 1e300;
	else if (timeout > 0)
		*deadline = t0 + timeout * (i + 1) / n;
	else if (max)
		*deadline = 1e300;
	else
		*deadline = sk_now() + REDIS_TURN_SECS;
}

/*
 * --redis-rate: the rate asked and the rate achieved, summed over the
 * instances; an instance that fell short says so, since its latencies then
 * hold a backlog that grew for the whole run, not the server's response.
 */
static void redis_rate_report(struct instance *in, uint64_t rate, uint64_t done,
			      double secs)
{
	double achieved = secs > 0 ? done / secs : 0;

	instance_metric(in, "requests per sec scheduled", (double)rate,
			MEAN_TOTAL, true);
	instance_metric(in, "requests per sec achieved", achieved, MEAN_TOTAL, true);
	if (achieved < REDIS_RATE_SHORT * (double)rate)
		instance_info(in, "--redis-rate %llu: overloaded, %.0f requests per sec "
			      "achieved (the server or this client cannot keep up)",
			      (unsigned long long)rate, achieved);
}

/*
 * One phase: op until deadline, max_ops requests (0: no limit) or the
 * stop, and in the warmup round (warm) no longer than the warmup; each
 * completed request counted through l as it comes. *n gets the requests
 * completed. SK_OK, or the status of the failure, reported.
 */
static int redis_phase(struct instance *in, struct client *b, struct instance_loop *l,
		       struct sk_latency *lat, enum client_op op, bool warm,
		       double deadline, uint64_t max_ops, uint64_t *n)
{
	const struct redis_opts *o = in->opts;
	struct redis_warm_count w = { .l = l };
	struct client_phase ph = {
		.op = op, .deadline = deadline, .max_ops = max_ops,
		.stop = in->stop, .lat = lat,
		.on_done = warm ? redis_count_warm : redis_count,
		.arg = warm ? (void *)&w : l,
		.sending = warm ? redis_warming : NULL,
		/* read at each reply: --warmup ends mid-phase */
		.window_from = &in->counter->window_from,
		.rate = (double)o->rate,
	};
	int err = client_run(b, &ph, n);

	if (w.pending)
		instance_loop_add(l, w.pending);
	if (!err)
		return SK_OK;
	instance_fail(in, "%s: %s", redis_op_names[op], client_error(b));
	return err == -EBADMSG || err == -EPROTO ? SK_FAILED : sk_status_from_errno(-err);
}

static int redis_prepare(struct stressor_ctx *ctx)
{
	(void)ctx;
	store_library_load();
	return SK_OK;
}

static int redis_run(struct instance *in)
{
	const struct redis_opts *o = in->opts;
	struct client_cfg cfg = {
		.clients = (unsigned)o->clients, .pipeline = (unsigned)o->pipeline,
		.data_size = o->data_size, .keyspace = o->keyspace,
		.verify = in->ctx->verify,
	};
	struct sk_latency *own = NULL, *lat;
	uint64_t done[CLIENT_OPS] = { 0 };
	double secs[CLIENT_OPS] = { 0 }, t0;
	/* a round of its own, ended by the warmup's clock, ahead of a
	 * timeout or of --NAME-ops alike */
	bool warm = in->ctx->window_at > 0;
	/* read now: once the warmup ends, in->max_ops counts its ops too;
	 * after the warmup round, what is left of it */
	uint64_t asked = in->max_ops;
	struct client *b = NULL;
	struct instance_loop l;
	int status = SK_OK, err, wstatus;
	pid_t server = -1;

	/* --latency: every request into the core's histogram, else our own
	 * for the p50/p99 lines redis-benchmark users look for */
	if (instance_latency_on(in)) {
		lat = &in->timing[0];
		instance_latency_name(in, 0, "request");
	} else {
		lat = own = malloc(sizeof(*own));
		if (!own)
			return SK_NO_RESOURCE;
		sk_latency_reset(own, "request");
	}
	if (o->target.len) {	/* resolved when the line was read */
		cfg.addr = o->target.addr;
		cfg.addrlen = o->target.len;
	} else {
		struct redis_server_arg arg;

		err = redis_server_listen(&arg, &cfg.addr, &cfg.addrlen);
		if (err) {
			status = instance_error(in, "listen", err);
			goto out;
		}
		server = redis_server_fork(&arg);
		if (server < 0) {
			status = instance_error(in, "fork", (int)server);
			goto out;
		}
	}
	err = client_open(&cfg, &b);
	if (err == -ENOMEM) {
		instance_fail(in, "no memory for %llu connections' buffers",
			      (unsigned long long)o->clients);
		status = SK_NO_RESOURCE;
		goto out;
	} else if (err) {
		status = instance_error(in, "connect", err);
		goto out;
	}
	/* server forked, connections open: the run starts at the barrier */
	instance_ready(in);
	l = instance_loop_begin(in);
	t0 = sk_now() - instance_elapsed(in);
	for (;;) {
		for (unsigned i = 0; i < o->test.n && instance_loop_continue(&l); i++) {
			enum client_op op = (enum client_op)o->test.v[i];
			double start = sk_now(), deadline;
			uint64_t n, max_ops;

			redis_phase_bounds(in, asked, o->test.n, i, warm ? t0 : t0 + in->ctx->window_at,
					   warm, &deadline, &max_ops);
			/* --NAME-ops left this test no share (fewer ops than tests):
			 * client_run would read max_ops 0 as no limit */
			if (!warm && asked != UINT64_MAX && !max_ops)
				continue;
			status = redis_phase(in, b, &l, lat, op, warm, deadline, max_ops, &n);
			if (!warm) {
				done[op] += n;
				secs[op] += sk_now() - start;
			}
			if (status != SK_OK)
				goto out;
		}
		if (warm) {
			/* the round sent no more once the warmup ended; this
			 * count sees the end if no count did. The count that saw
			 * it set the ops limit: what is left of it is the ops
			 * the counted round does, which --NAME-ops asked */
			instance_loop_add(&l, 0);
			if (asked != UINT64_MAX)
				asked = instance_loop_batch(&l, UINT64_MAX);
			warm = false;
			continue;
		}
		/* neither a timeout nor ops: the tests take turns until the stop */
		if (in->ctx->timeout > 0 || asked != UINT64_MAX || !instance_loop_continue(&l))
			break;
	}

	/* per instance, and summed over the instances: each has its server and
	 * they run the same phases at once, so the sum is the machine's
	 * throughput, what LKP's redis reports (set_total_throughput_rps over
	 * its nr_processes redis-benchmarks) */
	if (secs[CLIENT_SET] > 0) {
		instance_metric(in, "SET requests per sec", done[CLIENT_SET] / secs[CLIENT_SET],
				MEAN_GEOMETRIC, true);
		instance_metric(in, "SET total requests per sec",
				done[CLIENT_SET] / secs[CLIENT_SET], MEAN_TOTAL, true);
	}
	if (secs[CLIENT_GET] > 0) {
		instance_metric(in, "GET requests per sec", done[CLIENT_GET] / secs[CLIENT_GET],
				MEAN_GEOMETRIC, true);
		instance_metric(in, "GET total requests per sec",
				done[CLIENT_GET] / secs[CLIENT_GET], MEAN_TOTAL, true);
	}
	if (o->rate)
		redis_rate_report(in, o->rate, done[CLIENT_SET] + done[CLIENT_GET],
				  secs[CLIENT_SET] + secs[CLIENT_GET]);
	/* with --latency the core reports the merged histogram under these names */
	if (own && own->total) {
		instance_metric(in, "usecs p50 request latency",
				(double)sk_latency_percentile(own, 50) / 1e3, MEAN_GEOMETRIC, false);
		instance_metric(in, "usecs p99 request latency",
				(double)sk_latency_percentile(own, 99) / 1e3, MEAN_GEOMETRIC, false);
	}
out:
	client_close(b);
	if (server > 0) {
		err = sk_reap_helper(server, true, SK_HELPER_GRACE, &wstatus);
		if (status == SK_OK && (err || !WIFEXITED(wstatus) || WEXITSTATUS(wstatus))) {
			instance_fail(in, "the server died unexpectedly");
			status = SK_FAILED;
		}
	}
	free(own);
	return status;
}

static const struct stressor redis_stressor = {
	.name      = "redis",
	.summary   = "pipelined SET/GET over RESP against an own Judy-backed server",
	.help      = "One bogo-op is one completed SET or GET request, over RESP on\n"
		     "127.0.0.1 against a server each instance forks (or --redis-target),\n"
		     "from --redis-clients connections of --redis-pipeline requests in\n"
		     "flight; the tests of --redis-test run in turn, an equal share each.\n"
		     "Metrics: SET and GET requests per sec over each test's own time\n"
		     "(geometric mean of the instances) and their total over the instances\n"
		     "(the machine's throughput, as LKP's redis *_total_throughput_rps), and\n"
		     "p50/p99 latency in microseconds from a batch's write to each reply\n"
		     "(geometric mean of the instances); with --latency, every request goes\n"
		     "into the shared histogram (series 'request', --latency-sample does not\n"
		     "apply) and the p50/p90/p99/p99.9/max lines are of all instances' requests.\n"
		     "--redis-rate N is an open loop: request i of a test is due at its\n"
		     "start + i/N and goes out then on an idle connection, and its latency\n"
		     "runs from when it was due, so a server stall shows as the whole\n"
		     "backlog it built. The rate scheduled and achieved are reported (total\n"
		     "of the instances); under 90% of it an instance says it was overloaded.",
	.classes   = CLASS_NETWORK | CLASS_MEMORY | CLASS_OS,
	.flags     = STRESSOR_NO_THREADS | STRESSOR_OWN_START,
	.needs     = "epoll",
	.opts      = redis_opts,
	.opts_size = sizeof(struct redis_opts),
	.syscalls  = SK_SYSCALLS("socket", "bind", "listen", "getsockname", "setsockopt",
				 "connect", "accept4", "read", "write", "sendto", "recvfrom",
				 "epoll_create1", "epoll_ctl", "epoll_wait", "epoll_pwait",
				 "epoll_pwait2",
				 "fcntl", "shutdown", "openat", "newfstatat",
				 "fstat", "lseek", "socketpair", "uname", SK_HELPER_SYSCALLS),
	.prepare   = redis_prepare,
	.run       = redis_run,
	.version   = "1",
};
STRESSOR_REGISTER(redis_stressor);
