/*
 * read.c - will-it-scale's read1-4 and write1: streaming through a 1 MiB
 * file with the file offset, wrapping to the start at its end. One
 * bogo-op is one read(2) or write(2) call:
 *   read1: 4 KiB reads of a private 1 MiB file per instance; the read
 *          that finds the end returns 0 and is followed by an lseek to 0
 *          (it counts as an op, as in will-it-scale);
 *   read2: the same through one 1 MiB file shared by every instance, each
 *          on an open file of its own;
 *   read3: read1 with O_DIRECT, page-sized reads into an aligned buffer;
 *   read4: read2 with O_DIRECT;
 *   write1: 4 KiB writes to a private file that starts empty, back to
 *          offset 0 each time 1 MiB has been written.
 * read1, read2 and write1 are memfds (shmem) whatever --temp-path says;
 * read3 and read4 are about the filesystem's direct I/O path, so their
 * files are in the run directory, on the filesystem --temp-path names.
 */
#include <stresskit/stressor.h>
#include <stresskit/file.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define READ_LEN	4096		/* will-it-scale's BUFLEN (buffered cases) */
#define READ_FILE_SIZE	(1u << 20)	/* will-it-scale's FILESIZE */
#define READ_FILL	0x5a		/* the files' bytes, for --verify */

/* One case: where its file is, how it is opened, how much one op moves. */
struct read_case {
	enum sk_file_place where;
	int flags;
	bool direct;		/* O_DIRECT: page-sized, page-aligned */
	bool write;		/* write1 */
	bool cached;		/* the file's pages stay in the page cache */
};

/*
 * read3's file starts on disk alone: will-it-scale writes it with
 * O_DIRECT. read4's is written through the page cache and never dropped,
 * so its pages stay there (clean once the first O_DIRECT read has written
 * them back), and each O_DIRECT read also writes back and waits on a
 * mapping that holds pages: ours are read back in before the start.
 */
static const struct read_case read1_case = { SK_FILE_SHMEM, O_RDONLY, false, false, false };
static const struct read_case read2_case = { SK_FILE_SHMEM, O_RDONLY, false, false, false };
static const struct read_case read3_case = { SK_FILE_RUN_DIR, O_RDONLY | O_DIRECT, true, false, false };
static const struct read_case read4_case = { SK_FILE_RUN_DIR, O_RDONLY | O_DIRECT, true, false, true };
static const struct read_case write1_case = { SK_FILE_SHMEM, O_RDWR, false, true, false };

static int read_prepare_shmem(struct stressor_ctx *ctx)
{
	return sk_shared_file_prepare(ctx, SK_FILE_SHMEM, READ_FILE_SIZE, READ_FILL);
}

static int read_prepare_run_dir(struct stressor_ctx *ctx)
{
	return sk_shared_file_prepare(ctx, SK_FILE_RUN_DIR, READ_FILE_SIZE, READ_FILL);
}

static int read_loop(struct instance *in, int fd, char *buf, size_t len)
{
	const bool verify = in->ctx->verify;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		ssize_t n = read(fd, buf, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return instance_syscall_failed(in, "read");
		}
		if (n == 0 && lseek(fd, 0, SEEK_SET) != 0)
			return instance_syscall_failed(in, "lseek");
		if (verify && n > 0 && (buf[0] != READ_FILL || buf[n - 1] != READ_FILL)) {
			instance_fail(in, "verify: read 0x%02x, expected 0x%02x",
				      (unsigned char)buf[0], READ_FILL);
			return SK_FAILED;
		}
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static int write1_loop(struct instance *in, int fd, const char *buf)
{
	uint64_t written = 0;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		ssize_t n = write(fd, buf, READ_LEN);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return instance_syscall_failed(in, "write");
		}
		if (n != READ_LEN) {
			instance_fail(in, "write wrote %zd bytes, expected %d", n, READ_LEN);
			return SK_FAILED;
		}
		written += (uint64_t)n;
		if (written >= READ_FILE_SIZE) {
			written = 0;
			if (lseek(fd, 0, SEEK_SET) != 0)
				return instance_syscall_failed(in, "lseek");
		}
		instance_loop_inc(&l);
	}
	return SK_OK;
}

/* Reads the instance's file through the page cache. Returns 0 or -errno. */
static int read_into_cache(struct instance *in, const struct read_case *c, char *buf,
			   size_t len)
{
	int fd = sk_instance_file(in, c->where, READ_FILE_SIZE, READ_FILL, O_RDONLY);
	off_t at = 0;

	if (fd < 0)
		return fd;
	while (at < READ_FILE_SIZE) {
		ssize_t n = read(fd, buf, len);

		if (n <= 0) {
			int err = n < 0 ? errno : EIO;

			if (err == EINTR)
				continue;
			close(fd);
			return -err;
		}
		at += n;
	}
	close(fd);
	return 0;
}

static int read_run_case(struct instance *in, const struct read_case *c)
{
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t len = c->direct ? page : READ_LEN;
	int fd, status;
	void *buf;

	fd = c->write ? sk_instance_file(in, c->where, 0, SK_FILE_SPARSE, c->flags) :
			sk_instance_file(in, c->where, READ_FILE_SIZE, READ_FILL, c->flags);
	if (fd == -EINVAL && c->direct) {
		instance_fail(in, "the filesystem of --temp-path (%s) has no O_DIRECT",
			      in->ctx->run_dir);
		return SK_NOT_IMPLEMENTED;
	}
	if (fd < 0)
		return instance_error(in, "open the file", fd);
	if (posix_memalign(&buf, page, len)) {
		close(fd);
		return SK_NO_RESOURCE;
	}
	memset(buf, 0, len);
	if (c->cached && (status = read_into_cache(in, c, buf, len))) {
		free(buf);
		close(fd);
		return instance_error(in, "read the file into the page cache", status);
	}
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	status = c->write ? write1_loop(in, fd, buf) : read_loop(in, fd, buf, len);
	free(buf);
	close(fd);
	return status;
}

static int read1_run(struct instance *in)
{
	return read_run_case(in, &read1_case);
}

static int read2_run(struct instance *in)
{
	return read_run_case(in, &read2_case);
}

static int read3_run(struct instance *in)
{
	return read_run_case(in, &read3_case);
}

static int read4_run(struct instance *in)
{
	return read_run_case(in, &read4_case);
}

static int write1_run(struct instance *in)
{
	return read_run_case(in, &write1_case);
}

#define READ_SYSCALLS SK_SYSCALLS(SK_FILE_SYSCALLS, "read", "lseek")

#define READ_WIS_TMP							\
	"will-it-scale keeps its file in /tmp: compare the two with /tmp on\n"	\
	"tmpfs (make bench does so), since I/O through a disk filesystem's\n"	\
	"page cache is not the same work as on shmem.\n"

#define READ_HELP_SHMEM							\
	"The file is a memfd, so it lives on shmem (tmpfs) whatever\n"		\
	"--temp-path is.\n"							\
	READ_WIS_TMP								\
	"Runs as processes or as threads (--instance-mode thread). With\n"	\
	"--verify the bytes read are checked against the file's fill byte."

#define READ_HELP_DIRECT(cache)					\
	"The file is on the filesystem --temp-path names, since the case is\n"	\
	"about its direct I/O path: made in the run directory and unlinked\n"	\
	"at once, written and synced. " cache					\
	"A filesystem without O_DIRECT fails the run as not implemented.\n"	\
	"Runs as processes or as threads (--instance-mode thread). With\n"	\
	"--verify the bytes read are checked against the file's fill byte."

static const struct stressor read1_stressor = {
	.name      = "read1",
	.summary   = "read a private 1 MiB shmem file 4 KiB at a time, wrapping",
	.help      = "will-it-scale read1: each instance reads a 1 MiB file of its own\n"
		     "front to back, 4 KiB per read(), and seeks back to 0 when a\n"
		     "read finds the end. One bogo-op is one read() call.\n"
		     READ_HELP_SHMEM,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = READ_SYSCALLS,
	.run       = read1_run,
	.version   = "1",
};

static const struct stressor read2_stressor = {
	.name      = "read2",
	.summary   = "read one shared 1 MiB shmem file 4 KiB at a time, wrapping",
	.help      = "will-it-scale read2: the parent makes one 1 MiB file; each\n"
		     "instance opens it on its own (its own offset) and reads it front\n"
		     "to back, 4 KiB per read(), seeking back to 0 at the end. One\n"
		     "bogo-op is one read() call.\n"
		     READ_HELP_SHMEM,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = READ_SYSCALLS,
	.prepare   = read_prepare_shmem,
	.run       = read2_run,
	.cleanup   = sk_shared_file_cleanup,
	.version   = "1",
};

static const struct stressor read3_stressor = {
	.name      = "read3",
	.summary   = "O_DIRECT reads of a private 1 MiB file, a page at a time",
	.help      = "will-it-scale read3: each instance reads a 1 MiB file of its own\n"
		     "with O_DIRECT, a page per read() into a page-aligned buffer,\n"
		     "seeking back to 0 at the end. One bogo-op is one read() call.\n"
		     READ_HELP_DIRECT("Then it is dropped from the page\n"
				      "cache, as will-it-scale writes its file with O_DIRECT.\n"),
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = READ_SYSCALLS,
	.run       = read3_run,
	.version   = "1",
};

static const struct stressor read4_stressor = {
	.name      = "read4",
	.summary   = "O_DIRECT reads of one shared 1 MiB file, a page at a time",
	.help      = "will-it-scale read4: the parent makes one 1 MiB file; each\n"
		     "instance opens it on its own with O_DIRECT and reads it a page\n"
		     "per read(), seeking back to 0 at the end. One bogo-op is one\n"
		     "read() call.\n"
		     READ_HELP_DIRECT("Its pages are left in the page\n"
				      "cache (read back in before the start), as will-it-scale's\n"
				      "are, so each O_DIRECT read also writes back and waits on a\n"
				      "file that has pages.\n"),
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = READ_SYSCALLS,
	.prepare   = read_prepare_run_dir,
	.run       = read4_run,
	.cleanup   = sk_shared_file_cleanup,
	.version   = "2",
};

static const struct stressor write1_stressor = {
	.name      = "write1",
	.summary   = "write a private shmem file 4 KiB at a time, wrapping at 1 MiB",
	.help      = "will-it-scale write1: each instance writes a file of its own\n"
		     "(empty at first) 4 KiB per write(), seeking back to 0 each time\n"
		     "1 MiB has been written. One bogo-op is one write() call, whose\n"
		     "length is always checked.\n"
		     "The file is a memfd, so it lives on shmem (tmpfs) whatever\n"
		     "--temp-path is.\n"
		     READ_WIS_TMP
		     "Runs as processes or as threads (--instance-mode thread).",
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = READ_SYSCALLS,
	.run       = write1_run,
	.version   = "1",
};

STRESSOR_REGISTER(read1_stressor);
STRESSOR_REGISTER(read2_stressor);
STRESSOR_REGISTER(read3_stressor);
STRESSOR_REGISTER(read4_stressor);
STRESSOR_REGISTER(write1_stressor);
