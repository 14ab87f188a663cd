/*
 * glob.c - glob matching without recursion: a mismatch goes back to the
 * byte after where the last '*' started matching, so the cost is at most
 * pattern length x string length whatever the pattern (a hostile KEYS
 * pattern of many '*' cannot make it exponential). Every token other than
 * '*' matches exactly one byte, which is what makes one backtrack point
 * enough. A class left open by the end of the pattern ends there.
 */
#include "glob.h"

#include <ctype.h>

static unsigned char glob_fold(unsigned char c, bool nocase)
{
	return nocase ? (unsigned char)tolower(c) : c;
}

/*
 * Whether c is in the class that starts after the '[' at *p; *p is left
 * after its ']'. A range may be written either way round ([z-a]).
 */
static bool glob_class(const char **p, const char *end, unsigned char c, bool nocase)
{
	const char *q = *p;
	bool negate = q < end && *q == '^', in = false;

	if (negate)
		q++;
	c = glob_fold(c, nocase);
	while (q < end && *q != ']') {
		unsigned char lo, hi;

		if (*q == '\\' && q + 1 < end)
			q++;
		lo = hi = glob_fold((unsigned char)*q, nocase);
		if (q + 2 < end && q[1] == '-') {
			hi = glob_fold((unsigned char)q[2], nocase);
			q += 2;
			if (lo > hi) {
				unsigned char t = lo;

				lo = hi;
				hi = t;
			}
		}
		in |= c >= lo && c <= hi;
		q++;
	}
	*p = q < end ? q + 1 : q;
	return in != negate;
}

/* Whether the one-byte token at *p matches c; *p is left after it. */
static bool glob_token(const char **p, const char *end, unsigned char c, bool nocase)
{
	unsigned char want = (unsigned char)**p;

	(*p)++;
	if (want == '?')
		return true;
	if (want == '[')
		return glob_class(p, end, c, nocase);
	if (want == '\\' && *p < end)
		want = (unsigned char)*(*p)++;
	return glob_fold(want, nocase) == glob_fold(c, nocase);
}

bool glob_match(const char *pat, size_t plen, const char *str, size_t slen, bool nocase)
{
	const char *p = pat, *pend = pat + plen, *s = str, *send = str + slen;
	const char *star_p = NULL, *star_s = NULL;

	while (s < send) {
		if (p < pend && *p == '*') {
			while (p < pend && *p == '*')
				p++;
			if (p == pend)
				return true;
			star_p = p;	/* what follows the '*' */
			star_s = s;	/* where the '*' stops matching, for now */
			continue;
		}
		if (p < pend && glob_token(&p, pend, (unsigned char)*s, nocase)) {
			s++;
			continue;
		}
		if (!star_p)
			return false;
		/* the '*' takes one byte more, and the rest is tried again */
		p = star_p;
		s = ++star_s;
	}
	while (p < pend && *p == '*')
		p++;
	return p == pend;
}
