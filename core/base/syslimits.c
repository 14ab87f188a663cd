/*
 * syslimits.c - sk_sysctl_read() and sk_user_limits_exempt(): what a
 * stressor or the scheduler needs to name the kernel limit that stops an
 * instance from starting, or changes what it runs, at high counts.
 */
#include <stresskit/syslimits.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int sk_sysctl_read(const char *name, long long *value)
{
	char path[PATH_MAX], buf[64], *end;
	size_t n = 0;
	ssize_t got;
	int fd;

	n = (size_t)snprintf(path, sizeof(path), "/proc/sys/%s", name);
	if (n >= sizeof(path))
		return -ENAMETOOLONG;
	for (char *p = path + sizeof("/proc/sys/") - 1; *p; p++)
		if (*p == '.')
			*p = '/';
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	got = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (got <= 0)
		return got < 0 ? -errno : -ENODATA;
	buf[got] = '\0';
	errno = 0;
	*value = strtoll(buf, &end, 10);
	if (errno || end == buf)
		return -EINVAL;
	return 0;
}

bool sk_user_limits_exempt(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = { 0 };

	/* glibc has no wrapper, and libcap is one dependency too many */
	if (syscall(SYS_capget, &hdr, data) < 0)
		return false;
	return (data[0].effective & (1u << CAP_SYS_RESOURCE)) ||
	       (data[0].effective & (1u << CAP_SYS_ADMIN));
}
