/*
 * store.c - the JudyHS key space. JudyHS hashes the key to a JudyL of
 * JudyL's and stores the key bytes itself, so a key costs no allocation of
 * ours; a value is one malloc of header + bytes. JudyHS cannot be walked,
 * so values are also on a list that FLUSHALL frees.
 *
 * The expiry index is a JudyL from expiry time (ms) to the first of a
 * list of the values due then; each value keeps a copy of its key, which
 * is what removing it from the JudyHS needs once the index finds it.
 * Every operation that can allocate in the index (reserving an expiry
 * time's slot) happens before the store changes, so a failure leaves it
 * as it was; a slot left empty by a failed delete is skipped and freed
 * by the next sweep.
 *
 * The order index is a JudyL from a key's place to its value: a new key
 * takes the next place, a value replacing another takes its place. A
 * failed delete leaves the place's slot NULL, which store_walk skips.
 *
 * libjudy is called through its function interface with a JError_t, never
 * its macros, whose default error handler prints and exit()s.
 */
#include "store.h"

#include <Judy.h>
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void store_library_load(void)
{
	Pvoid_t none = NULL;

	JudyLFreeArray(&none, PJE0);
}

void store_init(struct store *s)
{
	memset(s, 0, sizeof(*s));
	s->next_place = 1;	/* 0 is where a SCAN starts */
}

int64_t store_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Makes sure the index has a slot for ms: the one step that allocates. */
static int store_expiry_reserve(struct store *s, int64_t ms)
{
	JError_t je;

	if (JudyLIns(&s->expiry, (Word_t)ms, &je) == PPJERR)
		return -ENOMEM;
	return 0;
}

/* Puts v at the head of its expiry time's list; the slot is reserved. */
static void store_expiry_link(struct store *s, struct store_value *v)
{
	PPvoid_t slot = (PPvoid_t)JudyLGet(s->expiry, (Word_t)v->expire_ms, PJE0);
	struct store_value *head = *slot;

	s->expire_sum += v->expire_ms;
	v->eprev = NULL;
	v->enext = head;
	if (head)
		head->eprev = v;
	*slot = v;
}

static void store_expiry_unlink(struct store *s, struct store_value *v)
{
	JError_t je;

	s->expire_sum -= v->expire_ms;
	if (v->enext)
		v->enext->eprev = v->eprev;
	if (v->eprev) {
		v->eprev->enext = v->enext;
		return;
	}
	if (v->enext) {
		*(PPvoid_t)JudyLGet(s->expiry, (Word_t)v->expire_ms, PJE0) = v->enext;
		return;
	}
	/* the last value due then: a failed delete leaves an empty slot */
	if (JudyLDel(&s->expiry, (Word_t)v->expire_ms, &je) == JERR) {
		PPvoid_t slot = (PPvoid_t)JudyLGet(s->expiry, (Word_t)v->expire_ms, PJE0);

		if (slot)
			*slot = NULL;
	}
}

static void store_link(struct store *s, struct store_value *v)
{
	v->prev = NULL;
	v->next = s->all;
	if (s->all)
		s->all->prev = v;
	s->all = v;
	s->keys++;
	s->bytes += v->len;
	if (v->expire_ms) {
		s->expires++;
		store_expiry_link(s, v);
	}
}

static void store_unlink(struct store *s, struct store_value *v)
{
	if (v->prev)
		v->prev->next = v->next;
	else
		s->all = v->next;
	if (v->next)
		v->next->prev = v->prev;
	s->keys--;
	s->bytes -= v->len;
	if (v->expire_ms) {
		s->expires--;
		store_expiry_unlink(s, v);
	}
}

void store_flush(struct store *s)
{
	struct store_value *v = s->all, *next;
	uint64_t expired = s->expired;

	for (; v; v = next) {
		next = v->next;
		free(v);
	}
	/* freeing never allocates: it cannot fail */
	JudyHSFreeArray(&s->judy, PJE0);
	JudyLFreeArray(&s->expiry, PJE0);
	JudyLFreeArray(&s->order, PJE0);
	store_init(s);
	s->expired = expired;	/* a statistic: FLUSHALL keeps it, as Redis's */
}

/* Removes key from the array and frees its value; the key must exist. */
static void store_remove(struct store *s, const void *key, size_t klen,
			 struct store_value *v)
{
	JError_t je;

	store_unlink(s, v);
	if (JudyLDel(&s->order, (Word_t)v->place, &je) == JERR) {
		PPvoid_t slot = (PPvoid_t)JudyLGet(s->order, (Word_t)v->place, PJE0);

		if (slot)
			*slot = NULL;
	}
	/*
	 * Deleting can allocate while JudyHS shrinks a node; on failure the
	 * slot stays with a NULL value, which store_get treats as absent.
	 * key may be v's own copy: v is freed last.
	 */
	if (JudyHSDel(&s->judy, (void *)key, klen, &je) == JERR) {
		PPvoid_t slot = JudyHSGet(s->judy, (void *)key, klen);

		if (slot)
			*slot = NULL;
	}
	free(v);
}

struct store_value *store_get(struct store *s, const void *key, size_t klen)
{
	PPvoid_t slot = JudyHSGet(s->judy, (void *)key, klen);
	struct store_value *v;

	if (!slot || !(v = *slot))
		return NULL;
	if (v->expire_ms && v->expire_ms <= store_now_ms()) {
		store_remove(s, key, klen, v);
		s->expired++;
		return NULL;
	}
	return v;
}

int store_set(struct store *s, const void *key, size_t klen,
	      const void *val, size_t vlen, int64_t expire_ms)
{
	struct store_value *v, *old;
	PPvoid_t slot, place;
	JError_t je;

	if (vlen > UINT32_MAX || klen > UINT32_MAX || vlen + klen > UINT32_MAX)
		return -EINVAL;
	if (expire_ms && store_expiry_reserve(s, expire_ms))
		return -ENOMEM;
	/*
	 * An overwrite with a value of the same length, what a benchmark's SETs
	 * mostly are, reuses the old allocation: no malloc, free or relinking.
	 */
	slot = JudyHSGet(s->judy, (void *)key, klen);
	if (slot && (old = *slot) && old->len == vlen) {
		if (old->expire_ms != expire_ms) {
			if (old->expire_ms) {
				s->expires--;
				store_expiry_unlink(s, old);
			}
			old->expire_ms = expire_ms;
			if (expire_ms) {
				s->expires++;
				store_expiry_link(s, old);
			}
		}
		memcpy(old->data, val, vlen);
		return 0;
	}
	v = malloc(sizeof(*v) + vlen + klen);
	if (!v)
		return -ENOMEM;
	v->len = (uint32_t)vlen;
	v->klen = (uint32_t)klen;
	v->expire_ms = expire_ms;
	memcpy(v->data, val, vlen);
	memcpy(v->data + vlen, key, klen);
	/* a replaced key keeps its place; a new one takes the next */
	old = slot ? *slot : NULL;
	v->place = old ? old->place : s->next_place;
	place = (PPvoid_t)JudyLIns(&s->order, (Word_t)v->place, &je);
	if (place == PPJERR) {
		free(v);
		return -ENOMEM;
	}
	slot = JudyHSIns(&s->judy, (void *)key, klen, &je);
	if (slot == PPJERR) {
		/* an empty place left here is the next new key's */
		free(v);
		return -ENOMEM;
	}
	if (!old)
		s->next_place++;
	*place = v;
	/* the new value first: unlinking the old one may empty, and so
	 * delete, the expiry slot reserved for both */
	old = *slot;
	*slot = v;
	store_link(s, v);
	if (old) {
		store_unlink(s, old);
		free(old);
	}
	return 0;
}

size_t store_value_bytes(const struct store_value *v)
{
	/* at least what was asked for: the allocator may round up, never down */
	return malloc_usable_size((void *)v);
}

int store_del(struct store *s, const void *key, size_t klen)
{
	struct store_value *v = store_get(s, key, klen);

	if (!v)
		return 0;
	store_remove(s, key, klen, v);
	return 1;
}

size_t store_expire(struct store *s, int64_t now_ms, size_t max)
{
	size_t n = 0;
	Word_t ms = 0;
	PPvoid_t slot;
	JError_t je;

	while (n < max && (slot = (PPvoid_t)JudyLFirst(s->expiry, &ms, PJE0)) &&
	       (int64_t)ms <= now_ms) {
		struct store_value *v = *slot;

		if (!v) {
			/* left empty by a failed delete: try again */
			if (JudyLDel(&s->expiry, ms, &je) == JERR)
				break;
			continue;
		}
		/* the key's own copy: v is freed on the way */
		store_remove(s, v->data + v->len, v->klen, v);
		s->expired++;
		n++;
	}
	return n;
}

struct store_value *store_walk(struct store *s, uint64_t *at)
{
	Word_t place = (Word_t)*at;
	PPvoid_t slot;

	/* slots left NULL by a failed delete are passed over */
	while ((slot = (PPvoid_t)JudyLFirst(s->order, &place, PJE0))) {
		if (*slot) {
			*at = (uint64_t)place + 1;
			return *slot;
		}
		if (++place == 0)
			break;
	}
	return NULL;
}

int64_t store_avg_ttl(const struct store *s, int64_t now_ms)
{
	__int128 mean;

	if (!s->expires)
		return 0;
	mean = s->expire_sum / (__int128)s->expires - now_ms;
	/* keys due but not swept yet would pull it below zero */
	return mean > 0 ? (int64_t)mean : 0;
}
