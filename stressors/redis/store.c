/*
 * store.c - the JudyHS key space. JudyHS hashes the key to a JudyL of
 * JudyL's and stores the key bytes itself, so a key costs no allocation of
 * ours; a value is one malloc of header + bytes. JudyHS cannot be walked,
 * so values are also on a list that FLUSHALL frees.
 *
 * libjudy is called through its function interface with a JError_t, never
 * its macros, whose default error handler prints and exit()s.
 */
#include "store.h"

#include <Judy.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void store_init(struct store *s)
{
	memset(s, 0, sizeof(*s));
}

int64_t store_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
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
	if (v->expire_ms)
		s->expires++;
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
	if (v->expire_ms)
		s->expires--;
}

void store_flush(struct store *s)
{
	struct store_value *v = s->all, *next;

	for (; v; v = next) {
		next = v->next;
		free(v);
	}
	/* freeing never allocates: it cannot fail */
	JudyHSFreeArray(&s->judy, PJE0);
	store_init(s);
}

/* Removes key from the array and frees its value; the key must exist. */
static void store_remove(struct store *s, const void *key, size_t klen,
			 struct store_value *v)
{
	JError_t je;

	store_unlink(s, v);
	free(v);
	/*
	 * Deleting can allocate while JudyHS shrinks a node; on failure the
	 * slot stays with a NULL value, which store_get treats as absent.
	 */
	if (JudyHSDel(&s->judy, (void *)key, klen, &je) == JERR) {
		PPvoid_t slot = JudyHSGet(s->judy, (void *)key, klen);

		if (slot)
			*slot = NULL;
	}
}

struct store_value *store_get(struct store *s, const void *key, size_t klen)
{
	PPvoid_t slot = JudyHSGet(s->judy, (void *)key, klen);
	struct store_value *v;

	if (!slot || !(v = *slot))
		return NULL;
	if (v->expire_ms && v->expire_ms <= store_now_ms()) {
		store_remove(s, key, klen, v);
		return NULL;
	}
	return v;
}

int store_set(struct store *s, const void *key, size_t klen,
	      const void *val, size_t vlen, int64_t expire_ms)
{
	struct store_value *v, *old;
	PPvoid_t slot;
	JError_t je;

	if (vlen > UINT32_MAX)
		return -EINVAL;
	/*
	 * An overwrite with a value of the same length, what a benchmark's SETs
	 * mostly are, reuses the old allocation: no malloc, free or relinking.
	 */
	slot = JudyHSGet(s->judy, (void *)key, klen);
	if (slot && (old = *slot) && old->len == vlen) {
		if (old->expire_ms)
			s->expires--;
		if (expire_ms)
			s->expires++;
		old->expire_ms = expire_ms;
		memcpy(old->data, val, vlen);
		return 0;
	}
	v = malloc(sizeof(*v) + vlen);
	if (!v)
		return -ENOMEM;
	v->len = (uint32_t)vlen;
	v->expire_ms = expire_ms;
	memcpy(v->data, val, vlen);
	slot = JudyHSIns(&s->judy, (void *)key, klen, &je);
	if (slot == PPJERR) {
		free(v);
		return -ENOMEM;
	}
	old = *slot;
	if (old) {
		store_unlink(s, old);
		free(old);
	}
	*slot = v;
	store_link(s, v);
	return 0;
}

int store_del(struct store *s, const void *key, size_t klen)
{
	struct store_value *v = store_get(s, key, klen);

	if (!v)
		return 0;
	store_remove(s, key, klen, v);
	return 1;
}
