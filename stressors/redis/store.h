/*
 * store.h - the key space: binary-safe keys of any length in a JudyHS
 * array, each pointing at one malloc'd value (length + bytes + expiry +
 * a copy of its key). Keys with an expiry are also in the expiry index, a
 * JudyL keyed by expiry time (ms), so expired keys can be found and removed
 * without an access, oldest first, as Redis's active expiry does. Every
 * key also has a place in the order of creation, a JudyL that SCAN walks.
 * libjudy's default of exiting on a failed malloc is replaced by errors:
 * every call that can allocate returns -ENOMEM and leaves the store as it was.
 */
#ifndef STRESSKIT_REDIS_STORE_H
#define STRESSKIT_REDIS_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct store_value {
	struct store_value *prev, *next;	/* every value, for FLUSHALL */
	struct store_value *eprev, *enext;	/* the values due in the same ms */
	int64_t expire_ms;			/* CLOCK_REALTIME ms; 0: never */
	uint64_t place;				/* in the order index; kept while the key lives */
	uint32_t len;
	uint32_t klen;
	char data[];				/* len value bytes, then the key */
};

struct store {
	void *judy;		/* JudyHS: key -> struct store_value * */
	void *expiry;		/* JudyL: expire_ms -> first value due then */
	void *order;		/* JudyL: place -> value, in order of creation */
	uint64_t next_place;	/* the next new key's; places start at 1 */
	struct store_value *all;
	size_t keys;
	size_t expires;		/* keys with an expiry */
	size_t bytes;		/* value bytes held */
	__int128 expire_sum;	/* of the expire_ms of the keys with one: avg_ttl */
	uint64_t expired;	/* keys removed by their expiry (INFO's expired_keys) */
};

/*
 * libJudy is loaded on the store's first call into it (the binary's
 * lazy_lib.h): this call, from the stressor's prepare in the controller,
 * makes that before the fork, so no instance or helper loads it in its
 * own window (or under --sandbox, where its open would trap); `stresskit
 * redis-server` calls it before it loads its sandbox.
 */
void store_library_load(void);
void store_init(struct store *s);
/* Frees every key and value. */
void store_flush(struct store *s);

/* Milliseconds since the epoch: what EX/PX expiries are measured in. */
int64_t store_now_ms(void);

/*
 * The live value of key, or NULL. An expired key is deleted on the way
 * (lazy expiry, as Redis does on access).
 */
struct store_value *store_get(struct store *s, const void *key, size_t klen);

/*
 * Sets key to a copy of val with expiry expire_ms (0: none). Returns 0 or
 * -ENOMEM (the old value, if any, is kept).
 */
int store_set(struct store *s, const void *key, size_t klen,
	      const void *val, size_t vlen, int64_t expire_ms);

/* A value's key: its bytes follow the value's. */
static inline const char *store_key(const struct store_value *v)
{
	return v->data + v->len;
}

/*
 * The bytes the allocator holds for v: its one allocation of header,
 * value and key (malloc_usable_size). The index nodes that lead to it
 * are shared with other keys and not counted: MEMORY USAGE's figure.
 */
size_t store_value_bytes(const struct store_value *v);

/* Deletes key; returns 1 when it existed (and had not expired), else 0. */
int store_del(struct store *s, const void *key, size_t klen);

/*
 * Removes keys whose expiry is at or before now_ms, oldest first, at most
 * max of them (a bound on the time one call takes); returns how many.
 */
size_t store_expire(struct store *s, int64_t now_ms, size_t max);

/*
 * SCAN's walk: the value at the lowest place >= *at, or NULL when there is
 * none, and *at set to the place after it. A key keeps its place while it
 * exists and a new key is placed after every other, so a walk from 0 to
 * NULL meets exactly once each key that exists throughout. The value may
 * have expired: the caller checks.
 */
struct store_value *store_walk(struct store *s, uint64_t *at);

/* The mean time to expiry of the keys with one, in ms (INFO's avg_ttl). */
int64_t store_avg_ttl(const struct store *s, int64_t now_ms);

#endif
