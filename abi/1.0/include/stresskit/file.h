/*
 * file.h - the files of will-it-scale-style cases: made on shmem (a memfd,
 * whatever --temp-path says) or, for a case about a real filesystem, in
 * the stressor's run directory (on the filesystem --temp-path names) and
 * unlinked at once, so no exit path leaves one behind; and one file
 * shared by every instance, each reading it through an open file of its
 * own (its own offset and struct file), as will-it-scale's open() of one
 * path.
 */
#ifndef STRESSKIT_FILE_H
#define STRESSKIT_FILE_H

#include <stdint.h>

#include <stresskit/stressor.h>
#include <stresskit/version.h>

/* Where a file lives. */
enum sk_file_place {
	SK_FILE_SHMEM,		/* a memfd */
	SK_FILE_RUN_DIR,	/* ctx->run_dir, unlinked (or never named) */
};

/* fill for a file whose size is set but whose bytes are never written. */
#define SK_FILE_SPARSE (-1)

/*
 * Makes a file of size bytes, open read-write and close-on-exec: with
 * fill 0..255 every byte is written with it (its pages exist), with
 * SK_FILE_SPARSE only the size is set. A run-directory file is synced
 * and dropped from the page cache once written, so it starts on disk, as
 * will-it-scale's O_DIRECT cases find it. Returns an fd or a negative
 * errno.
 */
SK_API int sk_file_make(const struct stressor_ctx *ctx, enum sk_file_place where,
			uint64_t size, int fill);

/*
 * Opens fd's file again with flags (O_RDONLY, O_RDWR, | O_DIRECT): a new
 * open file of the same inode, whether or not it has a name. Returns an
 * fd (close-on-exec) or a negative errno.
 */
SK_API int sk_file_reopen(int fd, int flags);

/*
 * The file every instance shares: prepare() makes it with
 * sk_shared_file_prepare() (it holds ctx->priv), each instance opens it
 * with sk_shared_file_open(), cleanup() is sk_shared_file_cleanup().
 * prepare returns an enum sk_status; open an fd or a negative errno.
 */
SK_API int sk_shared_file_prepare(struct stressor_ctx *ctx, enum sk_file_place where,
				  uint64_t size, int fill);
SK_API int sk_shared_file_open(const struct instance *in, int flags);
SK_API void sk_shared_file_cleanup(struct stressor_ctx *ctx);

/* A page per instance, in bytes: the size of will-it-scale's "3" cases' file. */
SK_API uint64_t sk_file_pages(const struct stressor_ctx *ctx);

/*
 * The instance's file, opened with flags: the shared file when prepare()
 * made one, else a new file of its own made as sk_file_make() does (and
 * reopened when flags are not plain O_RDWR). So one run() serves a
 * family's private and shared cases. Returns an fd or a negative errno.
 */
SK_API int sk_instance_file(const struct instance *in, enum sk_file_place where,
			    uint64_t size, int fill, int flags);

/* What the functions above call, for a stressor's .syscalls. */
#define SK_FILE_SYSCALLS "memfd_create", "openat", "open", "pwrite64", "ftruncate", \
	"fdatasync", "fadvise64", "unlink", "unlinkat"

#endif
