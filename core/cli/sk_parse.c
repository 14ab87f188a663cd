/*
 * sk_parse.c - the value parsers of <stresskit/parse.h>: the core's own
 * (parse.c) under the API's names, and the comma list a stressor's
 * OPT_STRING option holds.
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

/* Index of the len bytes at word in names, or -1. */
static int sk_parse_lookup(const char *word, size_t len, const char *const *names)
{
	for (int i = 0; names[i]; i++)
		if (strlen(names[i]) == len && !strncasecmp(word, names[i], len))
			return i;
	return -1;
}

int sk_parse_list(const char *s, const char *const *names,
		  unsigned *out, size_t max, size_t *n)
{
	size_t count = 0;

	if (!s || !*s)
		return -EINVAL;
	for (;;) {
		size_t len = strcspn(s, ",");
		int i = sk_parse_lookup(s, len, names);

		if (i < 0)
			return -EINVAL;
		if (count == max)
			return -E2BIG;
		out[count++] = (unsigned)i;
		s += len;
		if (!*s)
			break;
		s++;	/* the comma: a word must follow */
	}
	*n = count;
	return 0;
}
