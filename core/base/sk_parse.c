/*
 * sk_parse.c - the value parsers of <stresskit/parse.h>: the core's own
 * (parse.c) under the API's names, and the comma list a stressor's
 * OPT_STRING option holds, split by the core's one list parser.
 */
#include <stresskit/parse.h>

#include <errno.h>
#include <string.h>
#include <strings.h>

#include "parse.h"

int sk_parse_u64(const char *s, uint64_t *out)
{
	return parse_u64(s, out);
}

int sk_parse_size(const char *s, uint64_t *out)
{
	return parse_size(s, out);
}

/* What parse_list hands each word of an sk_parse_list() to. */
struct sk_parse_words {
	const char *const *names;
	unsigned *out;
	size_t max, n;
};

/* One word: its index in names, matched without regard to case. */
static int sk_parse_word(void *arg, const char *word, size_t len)
{
	struct sk_parse_words *w = arg;

	for (unsigned i = 0; w->names[i]; i++) {
		if (strlen(w->names[i]) != len || strncasecmp(word, w->names[i], len))
			continue;
		if (w->n == w->max)
			return -E2BIG;
		w->out[w->n++] = i;
		return 0;
	}
	return -EINVAL;
}

int sk_parse_list(const char *s, const char *const *names,
		  unsigned *out, size_t max, size_t *n)
{
	struct sk_parse_words w = { .names = names, .out = out, .max = max };
	int rc;

	if (!s || !*s)
		return -EINVAL;
	rc = parse_list(s, sk_parse_word, &w);
	if (!rc)
		*n = w.n;
	return rc;
}
