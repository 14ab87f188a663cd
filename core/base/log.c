/*
 * log.c - the one place output lines are formatted. Tags are padded to six
 * characters as stress-ng pads them ("info:  [pid]", "metrc: [pid]").
 */
#include "log.h"

#include <stresskit/log.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *log_word = "stresskit";
static const char *log_program = "stresskit";	/* error lines: who says it */
static pid_t log_pid;
static bool log_is_quiet, log_is_verbose, log_has_timestamp;
/* where info, debug, metric and warning lines go: stdout, unless --ktap
 * keeps stdout for its report */
static int log_out = STDOUT_FILENO;
/* a write found its reader gone (EPIPE): what the user reads is lost */
static volatile sig_atomic_t log_broken;

void log_set_program(const char *name)
{
	log_program = name;
}

const char *log_program_name(void)
{
	return log_program;
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

void log_set_lines_to_stderr(bool on)
{
	log_out = on ? STDERR_FILENO : STDOUT_FILENO;
}

int log_out_fd(void)
{
	return log_out;
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
 * instead of killing the controller, and an exec()ed helper starts with
 * SIGPIPE's default again, as SIG_IGN would not give it. The run's
 * signal wait sees the SIGPIPE (scheduler.c blocks it with the stop
 * signals) and asks log_output_broken whether it was the output's.
 */
static void log_on_sigpipe(int sig)
{
	(void)sig;
}

void log_catch_sigpipe(void)
{
	struct sigaction sa = { .sa_handler = log_on_sigpipe };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
}

/* A pipe or socket whose reader is gone polls as an error: a SIGPIPE
 * from another pipe of the controller's (a helper's) is not the output's. */
bool log_output_broken(void)
{
	struct pollfd fds[2] = {
		{ .fd = STDOUT_FILENO, .events = POLLOUT },
		{ .fd = STDERR_FILENO, .events = POLLOUT },
	};

	if (!log_broken && poll(fds, 2, 0) > 0 &&
	    ((fds[0].revents | fds[1].revents) & POLLERR))
		log_broken = 1;
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

/*
 * A line under construction. Every line is one line and reaches its
 * stream: control characters (a newline in an option's value) are
 * written as \n, \t, \xNN, and what does not fit ends in LOG_CUT.
 */
#define LOG_LINE_MAX	4096
#define LOG_PREFIX_MAX	1024	/* a longer --log-prefix is cut, the text kept */
#define LOG_CUT		"...[truncated]"

struct log_line {
	char buf[LOG_LINE_MAX];
	size_t n;
	bool cut;
};

/* Room for the text: the line less the marker and the newline. */
#define LOG_ROOM (LOG_LINE_MAX - sizeof(LOG_CUT) - 1)

static void log_put(struct log_line *l, const char *s, size_t len)
{
	if (l->n + len > LOG_ROOM) {
		len = LOG_ROOM - l->n;
		l->cut = true;
	}
	memcpy(l->buf + l->n, s, len);
	l->n += len;
}

/* Appends at most max bytes of s, control characters quoted. */
static void log_put_quoted(struct log_line *l, const char *s, size_t max)
{
	const char *start = s;

	for (; *s && !l->cut; s++) {
		unsigned char c = (unsigned char)*s;
		char esc[5];

		if ((size_t)(s - start) >= max) {
			log_put(l, LOG_CUT, sizeof(LOG_CUT) - 1);
			return;
		}
		if (c >= 0x20 && c != 0x7f) {
			log_put(l, s, 1);
			continue;
		}
		if (c == '\n')
			memcpy(esc, "\\n", 3);
		else if (c == '\t')
			memcpy(esc, "\\t", 3);
		else if (c == '\r')
			memcpy(esc, "\\r", 3);
		else
			snprintf(esc, sizeof(esc), "\\x%02x", c);
		log_put(l, esc, strlen(esc));
	}
}

/* Formats the text after the line's head, quoted; one trailing newline
 * of fmt's is the line's own. Writes the line with one write(2). */
static void log_finish(struct log_line *l, int fd, const char *fmt, va_list ap)
{
	char text[LOG_LINE_MAX];
	int len = vsnprintf(text, sizeof(text), fmt, ap);

	if (len > 0 && (size_t)len < sizeof(text) && text[len - 1] == '\n')
		text[len - 1] = '\0';
	log_put_quoted(l, text, sizeof(text));
	if (len >= (int)sizeof(text))
		l->cut = true;
	if (l->cut) {
		memcpy(l->buf + l->n, LOG_CUT, sizeof(LOG_CUT) - 1);
		l->n += sizeof(LOG_CUT) - 1;
	}
	l->buf[l->n++] = '\n';
	log_write_all(fd, l->buf, l->n);
}

void log_vmsg(int fd, const char *tag, const char *fmt, va_list ap)
{
	struct log_line l = { .n = 0 };
	char head[64], stamp[32];

	log_timestamp(stamp, sizeof(stamp));
	log_put_quoted(&l, log_word, LOG_PREFIX_MAX);
	snprintf(head, sizeof(head), ": %s%-6s [%d] ", stamp, tag,
		 (int)(log_pid ? log_pid : getpid()));
	log_put(&l, head, strlen(head));
	log_finish(&l, fd, fmt, ap);
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

LOG_FN(log_info, "info:", log_out, !log_is_quiet)
LOG_FN(log_debug, "debug:", log_out, log_is_verbose)
LOG_FN(log_metric, "metrc:", log_out, !log_is_quiet)
LOG_FN(log_warn, "warn:", log_out, !log_is_quiet)
LOG_FN(log_fail, "fail:", STDERR_FILENO, true)

/* The same lines for stressors (<stresskit/log.h>). */
LOG_FN(sk_log_info, "info:", log_out, !log_is_quiet)
LOG_FN(sk_log_debug, "debug:", log_out, log_is_verbose)
LOG_FN(sk_log_warn, "warn:", log_out, !log_is_quiet)
LOG_FN(sk_log_fail, "fail:", STDERR_FILENO, true)

static void log_vusage_error(const char *fmt, va_list ap)
{
	struct log_line l = { .n = 0 };

	log_put_quoted(&l, log_program, LOG_PREFIX_MAX);
	log_put(&l, ": error: ", 9);
	log_finish(&l, STDERR_FILENO, fmt, ap);
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
