/*
 * glob.h - Redis's glob patterns (KEYS, SCAN MATCH, CONFIG GET) over
 * binary-safe strings: * any run of bytes, ? one byte, [abc] [^abc]
 * [a-z] one byte of a class, \x the byte x itself.
 */
#ifndef STRESSKIT_REDIS_GLOB_H
#define STRESSKIT_REDIS_GLOB_H

#include <stdbool.h>
#include <stddef.h>

/* Whether str matches pat, both with lengths; nocase folds ASCII case. */
bool glob_match(const char *pat, size_t plen, const char *str, size_t slen, bool nocase);

#endif
