/*
 * proc_pid.c - /proc/PID files (proc_pid.h).
 */
#include "proc_pid.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int proc_pid_read(pid_t pid, const char *file, char *buf, size_t len)
{
	char path[96];
	ssize_t n;
	int fd;

	if (snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, file) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n <= 0)
		return n < 0 ? -errno : -ENODATA;
	buf[n] = '\0';
	return 0;
}

const char *proc_pid_stat_fields(const char *stat)
{
	/* "pid (comm) S ...": the last ')' ends the name */
	const char *paren = strrchr(stat, ')');

	return paren && paren[1] == ' ' ? paren + 2 : NULL;
}
