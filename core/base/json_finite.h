/*
 * json_finite.h - a double as JSON: a number, or null for what JSON
 * cannot hold (NaN, an infinity), so that no document carries a made-up
 * figure or is refused by jansson.
 */
#ifndef STRESSKIT_JSON_FINITE_H
#define STRESSKIT_JSON_FINITE_H

#include <jansson.h>
#include <math.h>

static inline json_t *json_finite(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

#endif
