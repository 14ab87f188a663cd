/*
 * atomic_file.h - every file stresskit writes for the user (--json,
 * --yaml, --series-csv, --latency-csv/-plot, --scale-csv/-plot) goes
 * through here: the text is kept in memory, then written to an unnamed
 * file in the target's directory, synced, and renamed over the target
 * only when all of it is on disk. A failed write leaves the previous file
 * (or none) and says why. Devices, FIFOs, sockets and /dev, /proc paths
 * (/dev/null, /dev/stdout) are written directly, appending: there is
 * nothing to rename over.
 */
#ifndef STRESSKIT_ATOMIC_FILE_H
#define STRESSKIT_ATOMIC_FILE_H

#include <stdbool.h>
#include <stdio.h>

struct atomic_file {
	FILE *f;		/* what the writer writes to: a memory stream */
	char *buf;		/* the memory stream's text */
	size_t len;
	int fd;			/* the unnamed file, or the device; -1 when closed */
	int dirfd;		/* the target's directory; -1 for a direct write */
	char *dir, *base;	/* the target, symlinks resolved */
	char *named;		/* the temporary's name where O_TMPFILE is missing */
	bool direct;
};

/*
 * Opens path for writing: creates the unnamed file beside it (or opens
 * the device), so a directory that cannot be written fails now, before
 * the run. Returns 0 or -errno; on failure af holds nothing to close.
 */
int atomic_file_open(struct atomic_file *af, const char *path);
/*
 * Writes what af->f holds to the file and renames it into place. Returns
 * 0 or -errno of the first step that failed (ENOSPC, EIO, ...), in which
 * case the target is as it was. af is closed either way.
 */
int atomic_file_commit(struct atomic_file *af);
/*
 * The end of a writer: wrote is what it returned. Nonzero drops the text
 * and returns -ENOMEM (a memory stream fails for want of memory alone);
 * zero commits. af is closed either way.
 */
int atomic_file_finish(struct atomic_file *af, int wrote);
/* Drops what was written; the target is as it was. Safe on a closed af. */
void atomic_file_abort(struct atomic_file *af);

#endif
