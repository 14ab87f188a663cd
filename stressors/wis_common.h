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
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

#include <stresskit/file.h>

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
 * A memfd of size bytes every page of which has been written (with
 * zeros), for a case that faults the file's pages into a mapping.
 * will-it-scale measures after a 5 s warm-up, when its earlier passes
 * have written every page of its file; filled so, the first pass of a
 * run costs what every later one does. Written, not fallocate()d: shmem
 * leaves a fallocated page not up to date until its first fault zeroes
 * it, and until then a read fault's fault-around cannot map it ahead, so
 * a first pass over such a file costs more per op than later ones.
 * Returns fd or -errno.
 */
static inline int wis_filled(size_t size)
{
	return sk_file_make(NULL, SK_FILE_SHMEM, size, 0);
}

/*
 * The path walk of will-it-scale's filesystem cases: its files are
 * /tmp/willitscale.XXXXXX (two lookups from /) or, a directory each,
 * /tmp/willitscale.XXXXXX/willitscale (three). Ours are in the run
 * directory, deeper and deeper with --temp-path
 * (/tmp/stresskit-PID-XXXXXX/NAME/...), and every component costs the
 * op a lookup. So an op walks from a descriptor of the run directory's
 * parent, its first component the run directory's own name: rel is
 * "NAME/tail", as many lookups as will-it-scale's path with one per
 * component in tail, whatever --temp-path is. Returns the parent's fd
 * (O_PATH: for *at() calls only) or a negative errno.
 */
static inline int wis_walk_at(const char *run_dir, const char *tail,
			      char *rel, size_t len)
{
	const char *base = strrchr(run_dir, '/');
	char parent[4096];
	size_t plen;
	int n, fd;

	if (!base || !base[1])
		return -EINVAL;
	plen = base == run_dir ? 1 : (size_t)(base - run_dir);
	if (plen >= sizeof(parent))
		return -ENAMETOOLONG;
	memcpy(parent, run_dir, plen);
	parent[plen] = '\0';
	n = snprintf(rel, len, "%s/%s", base + 1, tail);
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	fd = open(parent, O_PATH | O_DIRECTORY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

#endif
