/*
 * wis_common.h - what will-it-scale's cases share: the scratch files they
 * work on. will-it-scale makes them with mkstemp() in /tmp and unlinks
 * them; here a file that is not about a real filesystem is a memfd, so it
 * lives on shmem whatever --temp-path says. Header-only: every file in
 * stressors/ is one stressor unit, and these are a few lines each.
 */
#ifndef STRESSKIT_WIS_COMMON_H
#define STRESSKIT_WIS_COMMON_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

/* A memfd of size bytes (sparse: nothing is allocated). Returns fd or -errno. */
static inline int wis_memfd(const char *name, off_t size)
{
	int fd = memfd_create(name, MFD_CLOEXEC);
	int err;

	if (fd < 0)
		return -errno;
	if (size && ftruncate(fd, size) < 0) {
		err = errno;
		close(fd);
		return -err;
	}
	return fd;
}

/*
 * Opens fd's file again through /proc: a new open file description of the
 * same inode, as will-it-scale's open() of its shared path in each task,
 * so instances share the inode and its page cache but not the struct file.
 * Returns fd or -errno.
 */
static inline int wis_reopen(int fd, int flags)
{
	char path[64];
	int nfd;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	nfd = open(path, flags | O_CLOEXEC);
	return nfd < 0 ? -errno : nfd;
}

#endif
