/*
 * lazy_yaml.c - libyaml's functions that stresskit calls (the --yaml
 * writer), loaded on first use (lazy_lib.h). Each line copies the
 * header's prototype; the compiler checks it against <yaml.h>.
 */
#include "lazy_lib.h"

#include <yaml.h>

#define Y(name, params, args) LAZY_FN(lazy_yaml, int, name, params, args)
#define YV(name, params, args) LAZY_VOID(lazy_yaml, name, params, args)

Y(yaml_emitter_initialize, (yaml_emitter_t *emitter), (emitter))
YV(yaml_emitter_delete, (yaml_emitter_t *emitter), (emitter))
YV(yaml_emitter_set_output, (yaml_emitter_t *emitter, yaml_write_handler_t *handler,
			     void *data), (emitter, handler, data))
YV(yaml_emitter_set_unicode, (yaml_emitter_t *emitter, int unicode), (emitter, unicode))
YV(yaml_emitter_set_width, (yaml_emitter_t *emitter, int width), (emitter, width))
Y(yaml_emitter_emit, (yaml_emitter_t *emitter, yaml_event_t *event), (emitter, event))
Y(yaml_emitter_flush, (yaml_emitter_t *emitter), (emitter))

Y(yaml_stream_start_event_initialize, (yaml_event_t *event, yaml_encoding_t encoding),
  (event, encoding))
Y(yaml_stream_end_event_initialize, (yaml_event_t *event), (event))
Y(yaml_document_start_event_initialize, (yaml_event_t *event,
	yaml_version_directive_t *version_directive,
	yaml_tag_directive_t *tag_directives_start,
	yaml_tag_directive_t *tag_directives_end, int implicit),
  (event, version_directive, tag_directives_start, tag_directives_end, implicit))
Y(yaml_document_end_event_initialize, (yaml_event_t *event, int implicit),
  (event, implicit))
Y(yaml_mapping_start_event_initialize, (yaml_event_t *event, const yaml_char_t *anchor,
	const yaml_char_t *tag, int implicit, yaml_mapping_style_t style),
  (event, anchor, tag, implicit, style))
Y(yaml_mapping_end_event_initialize, (yaml_event_t *event), (event))
Y(yaml_sequence_start_event_initialize, (yaml_event_t *event, const yaml_char_t *anchor,
	const yaml_char_t *tag, int implicit, yaml_sequence_style_t style),
  (event, anchor, tag, implicit, style))
Y(yaml_sequence_end_event_initialize, (yaml_event_t *event), (event))
Y(yaml_scalar_event_initialize, (yaml_event_t *event, const yaml_char_t *anchor,
	const yaml_char_t *tag, const yaml_char_t *value, int length,
	int plain_implicit, int quoted_implicit, yaml_scalar_style_t style),
  (event, anchor, tag, value, length, plain_implicit, quoted_implicit, style))
