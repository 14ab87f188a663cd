/*
 * no_dns.h - for the harnesses whose inputs reach a HOST:PORT option: host
 * names are not looked up (a fuzzer must not wait on, or depend on, a DNS
 * server); numeric addresses still resolve, through the C library's own
 * getaddrinfo(), so the code path after a successful lookup is fuzzed too.
 * Include it in exactly one file of a harness: it defines getaddrinfo().
 */
#ifndef STRESSKIT_FUZZ_NO_DNS_H
#define STRESSKIT_FUZZ_NO_DNS_H

#include <dlfcn.h>
#include <netdb.h>

int getaddrinfo(const char *node, const char *service,
		const struct addrinfo *hints, struct addrinfo **res)
{
	static int (*libc_getaddrinfo)(const char *, const char *,
				       const struct addrinfo *, struct addrinfo **);
	struct addrinfo numeric = { 0 };

	if (!libc_getaddrinfo)
		*(void **)&libc_getaddrinfo = dlsym(RTLD_NEXT, "getaddrinfo");
	if (!libc_getaddrinfo)
		return EAI_FAIL;
	if (hints)
		numeric = *hints;
	numeric.ai_flags |= AI_NUMERICHOST;
	return libc_getaddrinfo(node, service, &numeric, res);
}

#endif
