/*
 * lazy_jansson.c - jansson's functions that stresskit calls, loaded on
 * first use (lazy_lib.h). Each line copies the header's prototype; the
 * compiler checks it against <jansson.h>.
 */
#include "lazy_lib.h"

#include <stdarg.h>

#include <jansson.h>

#define J(ret, name, params, args) LAZY_FN(lazy_jansson, ret, name, params, args)

J(json_t *, json_object, (void), ())
J(json_t *, json_array, (void), ())
J(json_t *, json_string, (const char *value), (value))
J(json_t *, json_stringn, (const char *value, size_t len), (value, len))
J(json_t *, json_integer, (json_int_t value), (value))
J(json_t *, json_real, (double value), (value))
J(json_t *, json_true, (void), ())
J(json_t *, json_false, (void), ())
J(json_t *, json_null, (void), ())
LAZY_VOID(lazy_jansson, json_delete, (json_t *json), (json))
J(json_t *, json_deep_copy, (const json_t *value), (value))
J(int, json_equal, (const json_t *value1, const json_t *value2), (value1, value2))

J(size_t, json_object_size, (const json_t *object), (object))
J(json_t *, json_object_get, (const json_t *object, const char *key), (object, key))
J(int, json_object_set_new, (json_t *object, const char *key, json_t *value),
  (object, key, value))
J(int, json_object_del, (json_t *object, const char *key), (object, key))
J(void *, json_object_iter, (json_t *object), (object))
J(void *, json_object_iter_next, (json_t *object, void *iter), (object, iter))
J(const char *, json_object_iter_key, (void *iter), (iter))
J(json_t *, json_object_iter_value, (void *iter), (iter))
J(void *, json_object_key_to_iter, (const char *key), (key))

J(size_t, json_array_size, (const json_t *array), (array))
J(json_t *, json_array_get, (const json_t *array, size_t index), (array, index))
J(int, json_array_append_new, (json_t *array, json_t *value), (array, value))
J(int, json_array_extend, (json_t *array, json_t *other), (array, other))

J(const char *, json_string_value, (const json_t *string), (string))
J(json_int_t, json_integer_value, (const json_t *integer), (integer))
J(double, json_real_value, (const json_t *real), (real))
J(double, json_number_value, (const json_t *json), (json))
J(int, json_real_set, (json_t *real, double value), (real, value))

J(json_t *, json_vpack_ex, (json_error_t *error, size_t flags, const char *fmt, va_list ap),
  (error, flags, fmt, ap))
J(json_t *, json_loadf, (FILE *input, size_t flags, json_error_t *error),
  (input, flags, error))
J(json_t *, json_loadb, (const char *buffer, size_t buflen, size_t flags, json_error_t *error),
  (buffer, buflen, flags, error))
J(char *, json_dumps, (const json_t *json, size_t flags), (json, flags))
J(int, json_dumpf, (const json_t *json, FILE *output, size_t flags),
  (json, output, flags))

/* variadic: through its va_list form, as jansson's own json_pack is */
json_t *json_pack(const char *fmt, ...)
{
	json_t *value;
	va_list ap;

	va_start(ap, fmt);
	value = json_vpack_ex(NULL, 0, fmt, ap);
	va_end(ap);
	return value;
}
