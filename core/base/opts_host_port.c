/*
 * opts_host_port.c - HOST:PORT, read once into the address a stressor
 * connects to (sk_opt_host_port, an OPT_PARSED type). The host is
 * resolved when the line is read: a name that does not resolve then would only fail
 * the run after its instances were dispatched.
 */
#include "opts.h"

#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int opts_host_port_resolve(const struct stressor_opt *o, const char *val,
			   struct sk_host_port *out, char *err, size_t errlen)
{
	const struct addrinfo hints = { .ai_socktype = SOCK_STREAM,
					.ai_flags = AI_NUMERICSERV };
	struct addrinfo *res;
	const char *colon = strrchr(val, ':'), *host0 = val;
	char *end, host[256];
	unsigned long port;
	size_t hlen;
	int rc;

	if (!colon || colon == val)
		goto bad;
	if (val[0] == '[' && colon[-1] != ']')
		goto bad;
	errno = 0;
	port = strtoul(colon + 1, &end, 10);
	if (colon[1] < '0' || colon[1] > '9' || *end || errno || port < 1 ||
	    port > 65535) {
		snprintf(err, errlen, "invalid --%s '%s': expected a port from 1 to 65535",
			 o->name, val);
		return -EINVAL;
	}
	hlen = (size_t)(colon - val);
	if (val[0] == '[') {	/* [V6ADDR]: the brackets are no part of it */
		host0++;
		hlen -= 2;
	}
	if (hlen >= sizeof(host))
		goto bad;
	memcpy(host, host0, hlen);
	host[hlen] = '\0';
	rc = getaddrinfo(host, colon + 1, &hints, &res);
	if (rc) {
		snprintf(err, errlen, "invalid --%s '%s': cannot resolve %s: %s",
			 o->name, val, host, gai_strerror(rc));
		return -EINVAL;
	}
	/* the first address, as a client that tries one would connect to */
	if (res->ai_addrlen > sizeof(out->addr)) {
		freeaddrinfo(res);
		goto bad;
	}
	memset(out, 0, sizeof(*out));
	memcpy(&out->addr, res->ai_addr, res->ai_addrlen);
	out->len = res->ai_addrlen;
	out->text = val;
	freeaddrinfo(res);
	return 0;
bad:
	snprintf(err, errlen, "invalid --%s '%s': expected HOST:PORT, like 127.0.0.1:6379",
		 o->name, val);
	return -EINVAL;
}

static int opts_host_port_parse(const struct stressor_opt *o, const char *val,
				void *field, char *err, size_t errlen)
{
	struct sk_host_port hp;
	int rc = opts_host_port_resolve(o, val, &hp, err, errlen);

	if (!rc)
		memcpy(field, &hp, sizeof(hp));
	return rc;
}

/* Back as typed: the address is the run's, the name is the user's. */
static void opts_host_port_format(const struct stressor_opt *o, const void *field,
				  char *out, size_t len)
{
	const struct sk_host_port *hp = field;

	(void)o;
	snprintf(out, len, "%s", hp->len && hp->text ? hp->text : "");
}

SK_API const struct opt_parser sk_opt_host_port = {
	.size = sizeof(struct sk_host_port),
	.metavar = "HOST:PORT",
	.parse = opts_host_port_parse,
	.format = opts_host_port_format,
};
