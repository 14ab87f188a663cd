/*
 * parse.h - parsing of option values: counts, sizes, times, instance counts.
 * Every parser takes the whole string or fails: no trailing garbage, no
 * silent wrap-around. They return 0 or a negative errno (-EINVAL for
 * garbage or a bad suffix, -ERANGE for overflow).
 */
#ifndef STRESSKIT_PARSE_H
#define STRESSKIT_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define INSTANCES_MAX 8192

int parse_u64(const char *s, uint64_t *out);
int parse_size(const char *s, uint64_t *out);		/* 4K, 64M, 1G, 2T */
int parse_time(const char *s, double *seconds);		/* 10, 10s, 1.5m, 2h, 1d, 1w, 1y */
int parse_bool(const char *s, bool *out);		/* 1/0 yes/no true/false on/off */
/* A finite decimal number with an optional '%' after it: "95", "2.5%". */
int parse_percent(const char *s, double *out);

/*
 * An instance count as stress-ng takes it: N, 0 or negative for one per
 * online CPU, N% for that share of the online CPUs (at least 1).
 */
int parse_instances(const char *s, unsigned ncpus, uint32_t *out);

/* A CPU list as taskset takes it: "0,2-3". Sets bits in mask (up to 1024). */
int parse_cpu_list(const char *s, uint64_t mask[16]);

/*
 * The one comma-list parser: calls fn(arg, item, len) for each item of
 * "a,b,c" in order, an empty one ("a,,b", "a,", "") included, and stops at
 * the first that fails. Returns 0 or what fn returned.
 */
int parse_list(const char *s, int (*fn)(void *arg, const char *item, size_t len),
	       void *arg);

/* The number of CPUs online, at least 1. */
unsigned parse_online_cpus(void);

#endif
