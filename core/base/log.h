/*
 * log.h - stress-ng's message format: "PREFIX: TAG [PID] text". Lines go
 * out with one write(2) each, so instances and the controller never
 * interleave within a line and no stdio buffer is duplicated by fork.
 */
#ifndef STRESSKIT_LOG_H
#define STRESSKIT_LOG_H

#include <stdarg.h>
#include <stdbool.h>
#include <sys/types.h>

/* "stresskit" unless --log-prefix says otherwise. */
/* The name usage errors go under: stresskit, or stress-ng when called so. */
void log_set_program(const char *name);
const char *log_program_name(void);
void log_set_prefix(const char *word);
const char *log_prefix(void);
/* The pid every line carries: the controller's. */
void log_set_pid(pid_t pid);
pid_t log_line_pid(void);
void log_set_quiet(bool quiet);
void log_set_verbose(bool verbose);
/* --timestamp: each line's text starts with hh:mm:ss.cc (stress-ng's) */
void log_set_timestamp(bool on);
bool log_verbose(void);
/* --ktap: every line but the report goes to stderr, so stdout is KTAP alone */
void log_set_lines_to_stderr(bool on);
/* The fd info, debug, metric and warning lines go to. */
int log_out_fd(void);

void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_metric(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_vmsg(int fd, const char *tag, const char *fmt, va_list ap);
void log_vmsg_fmt(int fd, const char *tag, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * SIGPIPE stops the run as SIGTERM does when the reader of the output is
 * gone: log_catch_sigpipe, once at start, keeps it from killing the
 * controller; log_output_broken says whether standard output or error
 * lost its reader (a write saw EPIPE, or the pipe polls as an error).
 */
void log_catch_sigpipe(void);
bool log_output_broken(void);

/* Writes all of buf to fd in as many write(2) calls as it takes. */
void log_write_all(int fd, const char *buf, size_t len);

/* A usage error before any run: "stresskit: error: ..." on stderr. */
void log_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
