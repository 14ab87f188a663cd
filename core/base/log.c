/*
 * log.c - the one place output lines are formatted. Tags are padded to six
 * characters as stress-ng pads them ("info:  [pid]", "metrc: [pid]").
 */
#include "log.h"

#include <stresskit/log.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *log_word = "stresskit";
static const char *log_program = "stresskit";	/* error lines: who says it */
static pid_t log_pid;
static bool log_is_quiet, log_is_verbose, log_has_timestamp;
/* a write found its reader gone (EPIPE): what the user reads is lost */
static volatile sig_atomic_t log_broken;

void log_set_program(const char *name)
{
	log_program = name;
}

void log_set_prefix(const char *word)
{
	log_word = word;
}

const char *log_prefix(void)
{
	return log_word;
}

void log_set_pid(pid_t pid)
{
	log_pid = pid;
}

pid_t log_line_pid(void)
{
	return log_pid ? log_pid : getpid();
}

void log_set_quiet(bool quiet)
{
	log_is_quiet = quiet;
}

void log_set_verbose(bool verbose)
{
	log_is_verbose = verbose;
}

bool log_verbose(void)
{
	return log_is_verbose;
}

/* Writes all of buf, retrying short writes and EINTR. */
void log_write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EPIPE)
			log_broken = 1;
		if (n <= 0)
			return;
		buf += n;
		len -= (size_t)n;
	}
}

/*
 * A handler, not SIG_IGN: a write to a closed pipe then fails with EPIPE
 * instead of killing the controller, the run's signal wait sees the
 * SIGPIPE as a stop (scheduler.c blocks it with the others), and an
 * exec()ed helper starts with SIGPIPE's default again, as SIG_IGN would
 * not give it.
 */
static void log_on_sigpipe(int sig)
{
	(void)sig;
	log_broken = 1;
}

void log_catch_sigpipe(void)
{
	struct sigaction sa = { .sa_handler = log_on_sigpipe };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
}

bool log_output_broken(void)
{
	return log_broken;
}

void log_set_timestamp(bool on)
{
	log_has_timestamp = on;
}

/* "hh:mm:ss.cc " of the local time, as stress-ng's --timestamp; "" when off. */
static void log_timestamp(char *out, size_t len)
{
	struct timespec ts;
	struct tm tm;

	out[0] = '\0';
	if (!log_has_timestamp || clock_gettime(CLOCK_REALTIME, &ts) ||
	    !localtime_r(&ts.tv_sec, &tm))
		return;
	snprintf(out, len, "%02d:%02d:%02d.%02ld ", tm.tm_hour, tm.tm_min,
		 tm.tm_sec, ts.tv_nsec / 10000000L);
}

void log_vmsg(int fd, const char *tag, const char *fmt, va_list ap)
{
	char line[2048], stamp[32];
	int n;

	log_timestamp(stamp, sizeof(stamp));
	n = snprintf(line, sizeof(line), "%s: %s%-6s [%d] ", log_word, stamp, tag,
		     (int)(log_pid ? log_pid : getpid()));
	if (n < 0 || (size_t)n >= sizeof(line))
		return;
	vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	n = (int)strlen(line);
	if (n == 0 || line[n - 1] != '\n') {
		line[n++] = '\n';
		line[n] = '\0';
	}
	log_write_all(fd, line, (size_t)n);
}

void log_vmsg_fmt(int fd, const char *tag, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vmsg(fd, tag, fmt, ap);
	va_end(ap);
}

#define LOG_FN(fn, tag, fd, cond)				\
	void fn(const char *fmt, ...)				\
	{							\
		va_list ap;					\
		if (!(cond))					\
			return;					\
		va_start(ap, fmt);				\
		log_vmsg(fd, tag, fmt, ap);			\
		va_end(ap);					\
	}

LOG_FN(log_info, "info:", STDOUT_FILENO, !log_is_quiet)
LOG_FN(log_debug, "debug:", STDOUT_FILENO, log_is_verbose)
LOG_FN(log_metric, "metrc:", STDOUT_FILENO, !log_is_quiet)
LOG_FN(log_warn, "warn:", STDOUT_FILENO, !log_is_quiet)
LOG_FN(log_fail, "fail:", STDERR_FILENO, true)

/* The same lines for stressors (<stresskit/log.h>). */
LOG_FN(sk_log_info, "info:", STDOUT_FILENO, !log_is_quiet)
LOG_FN(sk_log_debug, "debug:", STDOUT_FILENO, log_is_verbose)
LOG_FN(sk_log_warn, "warn:", STDOUT_FILENO, !log_is_quiet)
LOG_FN(sk_log_fail, "fail:", STDERR_FILENO, true)

static void log_vusage_error(const char *fmt, va_list ap)
{
	char line[1024];
	int n;

	n = snprintf(line, sizeof(line), "%s: error: ", log_program);
	vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	n = (int)strlen(line);
	line[n++] = '\n';
	log_write_all(STDERR_FILENO, line, (size_t)n);
}

void log_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vusage_error(fmt, ap);
	va_end(ap);
}

void sk_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vusage_error(fmt, ap);
	va_end(ap);
}
