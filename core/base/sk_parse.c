/*
 * sk_parse.c - the value parsers of <stresskit/parse.h>: the core's own
 * (parse.c) under the API's names, the comma list of names through the
 * core's one comma-list parser.
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

/* Where sk_parse_list's items go. */
struct sk_parse_names {
	const char *const *names;
	unsigned *out;
	size_t max, n;
};

/* One item: its index in names, matched without regard to case. */
static int sk_parse_name(void *arg, const char *item, size_t len)
{
	struct sk_parse_names *l = arg;

	for (unsigned i = 0; len && l->names[i]; i++) {
		if (strlen(l->names[i]) != len || strncasecmp(item, l->names[i], len))
			continue;
		if (l->n == l->max)
			return -E2BIG;
		l->out[l->n++] = i;
		return 0;
	}
	return -EINVAL;
}

int sk_parse_list(const char *s, const char *const *names,
		  unsigned *out, size_t max, size_t *n)
{
	struct sk_parse_names l = { names, out, max, 0 };
	int rc = parse_list(s, sk_parse_name, &l);

	if (!rc)
		*n = l.n;
	return rc;
}
