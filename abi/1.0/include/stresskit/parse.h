/*
 * parse.h - values a stressor parses itself: a subcommand's own arguments
 * (an option's value is the core's to parse, when the line is read: a
 * typed row, OPT_LIST, OPT_PARSED). Each parser takes the whole
 * string or fails (no trailing garbage, no silent wrap-around) and returns
 * 0 or a negative errno: -EINVAL for garbage, -ERANGE for overflow.
 */
#ifndef STRESSKIT_PARSE_API_H
#define STRESSKIT_PARSE_API_H

#include <stddef.h>
#include <stdint.h>

#include <stresskit/version.h>

SK_API int sk_parse_u64(const char *s, uint64_t *out);
/* 4K, 64M, 1G, 2T: powers of 1024 */
SK_API int sk_parse_size(const char *s, uint64_t *out);

/*
 * A comma-separated list of names from names[] (NULL-terminated, matched
 * without regard to case), for text a stressor reads itself (a
 * subcommand's argument); an option's list is an OPT_LIST row, parsed by
 * the core with the same rules when the line is read. out[i] gets each
 * word's index in names, *n the count. A name may repeat. -EINVAL for an
 * unknown or empty word or an empty list, -E2BIG for more than max words.
 */
SK_API int sk_parse_list(const char *s, const char *const *names,
			 unsigned *out, size_t max, size_t *n);

#endif
