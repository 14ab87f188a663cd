/*
 * log.h - messages from a stressor outside an instance: prepare(),
 * cleanup() and subcommands. Lines have stress-ng's format ("stresskit:
 * info:  [PID] text") and go out with one write(2) each. Inside run(),
 * instance_info() and instance_fail() add the stressor and instance.
 */
#ifndef STRESSKIT_LOG_API_H
#define STRESSKIT_LOG_API_H

#include <stresskit/version.h>

/* On stdout unless --quiet. */
SK_API void sk_log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
SK_API void sk_log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* On stdout with --verbose only. */
SK_API void sk_log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* On stderr, always. */
SK_API void sk_log_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * A bad option value found by prepare() or a subcommand: one line
 * "stresskit: error: ..." on stderr; the caller then returns SK_USAGE.
 */
SK_API void sk_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
