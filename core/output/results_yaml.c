/*
 * results_yaml.c - the results document as YAML through libyaml's event
 * emitter, walking the same jansson tree --json dumps: libyaml quotes and
 * escapes, so the file is valid whatever a string holds. A string that a
 * YAML reader would take for a number, boolean, null or date is quoted,
 * so both files read back with the same types.
 */
#include "results.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

void results_yaml_key(const char *desc, char *out, size_t len)
{
	size_t o = 0;

	/* stress-ng's rule: letters and digits lowercased, spaces to '-', the rest dropped. */
	for (const char *c = desc; *c && o + 1 < len; c++) {
		if (isalnum((unsigned char)*c))
			out[o++] = (char)tolower((unsigned char)*c);
		else if (*c == ' ' || *c == '-')
			out[o++] = '-';
	}
	out[o] = '\0';
}

/* True when s reads back as the same string unquoted. */
static bool yaml_plain_safe(const char *s)
{
	static const char *const special[] = {
		"y", "n", "yes", "no", "true", "false", "on", "off", "null", NULL,
	};

	if (!*s || !strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_/", *s))
		return false;
	for (const char *c = s; *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_./-+ ()", *c))
			return false;
	for (int i = 0; special[i]; i++)
		if (!strcasecmp(s, special[i]))
			return false;
	return s[strlen(s) - 1] != ' ';
}

static int yaml_scalar(yaml_emitter_t *em, const char *text, bool is_string)
{
	yaml_event_t ev;
	bool plain = !is_string || yaml_plain_safe(text);

	if (!yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)text,
					  (int)strlen(text), plain, !plain,
					  plain ? YAML_PLAIN_SCALAR_STYLE :
						  YAML_ANY_SCALAR_STYLE))
		return -ENOMEM;
	return yaml_emitter_emit(em, &ev) ? 0 : -EIO;
}

/* stress-ng prints reals with %f; tiny ones keep their digits as %e. */
static void yaml_format_real(double v, char *buf, size_t len)
{
	if (v == 0 || fabs(v) >= 1e-3)
		snprintf(buf, len, "%f", v);
	else
		snprintf(buf, len, "%e", v);
}

static int yaml_node(yaml_emitter_t *em, const json_t *v)
{
	yaml_event_t ev;
	char buf[64];
	const char *key;
	json_t *val;
	size_t i;
	int rc = 0;

	switch (json_typeof(v)) {
	case JSON_OBJECT:
		if (!yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
							 YAML_BLOCK_MAPPING_STYLE) ||
		    !yaml_emitter_emit(em, &ev))
			return -EIO;
		json_object_foreach((json_t *)v, key, val) {
			rc = yaml_scalar(em, key, true);
			if (!rc)
				rc = yaml_node(em, val);
			if (rc)
				return rc;
		}
		yaml_mapping_end_event_initialize(&ev);
		return yaml_emitter_emit(em, &ev) ? 0 : -EIO;
	case JSON_ARRAY:
		if (!yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
							  YAML_BLOCK_SEQUENCE_STYLE) ||
		    !yaml_emitter_emit(em, &ev))
			return -EIO;
		json_array_foreach(v, i, val) {
			rc = yaml_node(em, val);
			if (rc)
				return rc;
		}
		yaml_sequence_end_event_initialize(&ev);
		return yaml_emitter_emit(em, &ev) ? 0 : -EIO;
	case JSON_STRING:
		return yaml_scalar(em, json_string_value(v), true);
	case JSON_INTEGER:
		snprintf(buf, sizeof(buf), "%lld", (long long)json_integer_value(v));
		return yaml_scalar(em, buf, false);
	case JSON_REAL:
		yaml_format_real(json_real_value(v), buf, sizeof(buf));
		return yaml_scalar(em, buf, false);
	case JSON_TRUE:
		return yaml_scalar(em, "true", false);
	case JSON_FALSE:
		return yaml_scalar(em, "false", false);
	case JSON_NULL:
		return yaml_scalar(em, "null", false);
	}
	return -EINVAL;
}

static int yaml_write_handler(void *data, unsigned char *buf, size_t size)
{
	return fwrite(buf, 1, size, data) == size;
}

int results_emit_yaml(const json_t *doc, FILE *f)
{
	yaml_emitter_t em;
	yaml_event_t ev;
	int rc = -EIO;

	if (!yaml_emitter_initialize(&em))
		return -ENOMEM;
	yaml_emitter_set_output(&em, yaml_write_handler, f);
	yaml_emitter_set_unicode(&em, 1);
	yaml_emitter_set_width(&em, -1);	/* long command lines stay one line */
	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	if (!yaml_emitter_emit(&em, &ev))
		goto out;
	/* Explicit "---" and "...", as stress-ng writes them. */
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0);
	if (!yaml_emitter_emit(&em, &ev))
		goto out;
	rc = yaml_node(&em, doc);
	if (rc)
		goto out;
	rc = -EIO;
	yaml_document_end_event_initialize(&ev, 0);
	if (!yaml_emitter_emit(&em, &ev))
		goto out;
	yaml_stream_end_event_initialize(&ev);
	if (!yaml_emitter_emit(&em, &ev))
		goto out;
	rc = yaml_emitter_flush(&em) ? 0 : -EIO;
out:
	yaml_emitter_delete(&em);
	return rc;
}
