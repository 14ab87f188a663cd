/*
 * readseek.c - will-it-scale's readseek1-3 and writeseek1-3 on shmem: the
 * same loop in two directions. Every instance moves its file offset with
 * lseek(2), then read(2)s or write(2)s 4 KiB there, on an open file of its
 * own; one bogo-op is one lseek() and one 4 KiB read() or write().
 *   readseek1, writeseek1: a private file per instance, at offset 0 (the
 *                          writeseek1 file starts empty);
 *   readseek2, writeseek2: one 4 KiB file shared by every instance, all at
 *                          offset 0 (one page-cache folio, one inode);
 *   readseek3, writeseek3: one shared file, a page per instance.
 * Unlike pread/pwrite, the offset lives in the open file (f_pos), which
 * the kernel locks for read()/write() when the file could be shared.
 * The files are memfds (include/stresskit/file.h), so they live on shmem
 * whatever --temp-path says.
 */
#include <stresskit/stressor.h>
#include <stresskit/file.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define SEEK_LEN	4096	/* will-it-scale's BUFLEN */
#define SEEK_FILL	0x5a	/* the readseek files' bytes, for --verify */

enum seek_dir { SEEK_READ, SEEK_WRITE };

static int seek_prepare_page(struct stressor_ctx *ctx)
{
	return sk_shared_file_prepare(ctx, SK_FILE_SHMEM, SEEK_LEN, SEEK_FILL);
}

static int seek_prepare_pages(struct stressor_ctx *ctx)
{
	return sk_shared_file_prepare(ctx, SK_FILE_SHMEM, sk_file_pages(ctx), SEEK_FILL);
}

/* --verify: what was read is the fill, what was written reads back. */
static int seek_check(struct instance *in, enum seek_dir dir, int fd, off_t off,
		      const unsigned char *buf)
{
	unsigned char back[SEEK_LEN];

	if (dir == SEEK_READ) {
		if (buf[0] == SEEK_FILL && buf[SEEK_LEN - 1] == SEEK_FILL)
			return SK_OK;
		instance_fail(in, "verify: read 0x%02x at %lld, expected 0x%02x",
			      buf[0], (long long)off, SEEK_FILL);
		return SK_FAILED;
	}
	if (pread(fd, back, SEEK_LEN, off) == SEEK_LEN && !memcmp(back, buf, SEEK_LEN))
		return SK_OK;
	instance_fail(in, "verify: the page at %lld does not read back what was written",
		      (long long)off);
	return SK_FAILED;
}

static int seek_loop(struct instance *in, enum seek_dir dir, int fd, off_t off,
		     bool own_page)
{
	const bool verify = in->ctx->verify && (dir == SEEK_READ || own_page);
	unsigned char buf[SEEK_LEN] __attribute__((aligned(64)));
	struct instance_loop l = instance_loop_begin(in);

	memset(buf, 0, sizeof(buf));
	while (instance_loop_continue(&l)) {
		ssize_t n;

		if (lseek(fd, off, SEEK_SET) != off)
			return instance_syscall_failed(in, "lseek");
		if (dir == SEEK_WRITE && verify) {
			uint64_t stamp = instance_loop_ops(&l);

			memcpy(buf, &stamp, sizeof(stamp));
		}
		n = dir == SEEK_READ ? read(fd, buf, SEEK_LEN) : write(fd, buf, SEEK_LEN);
		if (n != SEEK_LEN) {
			if (n < 0 && errno == EINTR)
				continue;
			if (n >= 0) {
				instance_fail(in, "%s moved %zd bytes, expected %d",
					      dir == SEEK_READ ? "read" : "write", n, SEEK_LEN);
				return SK_FAILED;
			}
			return instance_syscall_failed(in, dir == SEEK_READ ? "read" : "write");
		}
		if (verify && seek_check(in, dir, fd, off, buf))
			return SK_FAILED;
		instance_loop_inc(&l);
	}
	return SK_OK;
}

/*
 * page: the page of the file this instance uses. A private readseek file
 * is one filled page; a private writeseek file starts empty.
 */
static int seek_run(struct instance *in, enum seek_dir dir, uint32_t page,
		    bool own_page, int flags)
{
	int fd = dir == SEEK_READ ?
		 sk_instance_file(in, SK_FILE_SHMEM, SEEK_LEN, SEEK_FILL, flags) :
		 sk_instance_file(in, SK_FILE_SHMEM, 0, SK_FILE_SPARSE, flags);
	int status;

	if (fd < 0)
		return instance_error(in, "open the file", fd);
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	status = seek_loop(in, dir, fd, (off_t)page * sysconf(_SC_PAGESIZE), own_page);
	close(fd);
	return status;
}

/* The open flags are will-it-scale's: readseek2 opens read-write. */
static int readseek1_run(struct instance *in)
{
	return seek_run(in, SEEK_READ, 0, true, O_RDWR);
}

static int readseek2_run(struct instance *in)
{
	return seek_run(in, SEEK_READ, 0, false, O_RDWR);
}

static int readseek3_run(struct instance *in)
{
	return seek_run(in, SEEK_READ, in->index, true, O_RDONLY);
}

static int writeseek1_run(struct instance *in)
{
	return seek_run(in, SEEK_WRITE, 0, true, O_RDWR);
}

static int writeseek2_run(struct instance *in)
{
	return seek_run(in, SEEK_WRITE, 0, false, O_RDWR);
}

static int writeseek3_run(struct instance *in)
{
	return seek_run(in, SEEK_WRITE, in->index, true, O_RDWR);
}

#define SEEK_SYSCALLS SK_SYSCALLS(SK_FILE_SYSCALLS, "lseek", "read", "pread64")

#define SEEK_HELP_TAIL							\
	"The file is a memfd, so it lives on shmem (tmpfs) whatever\n"		\
	"--temp-path is. Runs as processes or as threads\n"			\
	"(--instance-mode thread)."

#define READSEEK_HELP_OP						\
	"One bogo-op is one lseek() and one 4 KiB read(); with --verify\n"	\
	"the bytes read are checked against the file's fill byte.\n"

#define WRITESEEK_HELP_OP						\
	"One bogo-op is one lseek() and one 4 KiB write().\n"

static const struct stressor readseek1_stressor = {
	.name      = "readseek1",
	.summary   = "lseek and read 4 KiB of a private shmem file per instance",
	.help      = "will-it-scale readseek1: each instance seeks to 0 and reads the\n"
		     "4 KiB file of its own.\n"
		     READSEEK_HELP_OP SEEK_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SEEK_SYSCALLS,
	.run       = readseek1_run,
	.version   = "1",
};

static const struct stressor readseek2_stressor = {
	.name      = "readseek2",
	.summary   = "lseek and read the same 4 KiB shmem page from every instance",
	.help      = "will-it-scale readseek2: the parent makes one 4 KiB file; each\n"
		     "instance opens it on its own (read-write, as will-it-scale) and\n"
		     "seeks to 0 and reads it.\n"
		     READSEEK_HELP_OP SEEK_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SEEK_SYSCALLS,
	.prepare   = seek_prepare_page,
	.run       = readseek2_run,
	.cleanup   = sk_shared_file_cleanup,
	.version   = "1",
};

static const struct stressor readseek3_stressor = {
	.name      = "readseek3",
	.summary   = "lseek and read a shared shmem file, a page per instance",
	.help      = "will-it-scale readseek3: the parent makes one file of a page per\n"
		     "instance; each opens it on its own and seeks to and reads its\n"
		     "own page (instance i reads page i).\n"
		     READSEEK_HELP_OP SEEK_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SEEK_SYSCALLS,
	.prepare   = seek_prepare_pages,
	.run       = readseek3_run,
	.cleanup   = sk_shared_file_cleanup,
	.version   = "1",
};

static const struct stressor writeseek1_stressor = {
	.name      = "writeseek1",
	.summary   = "lseek and write 4 KiB to a private shmem file per instance",
	.help      = "will-it-scale writeseek1: each instance seeks to 0 and writes\n"
		     "4 KiB to a file of its own (empty at first). With --verify each\n"
		     "write is read back and compared.\n"
		     WRITESEEK_HELP_OP SEEK_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SEEK_SYSCALLS,
	.run       = writeseek1_run,
	.version   = "1",
};

static const struct stressor writeseek2_stressor = {
	.name      = "writeseek2",
	.summary   = "lseek and write the same 4 KiB shmem page from every instance",
	.help      = "will-it-scale writeseek2: the parent makes one 4 KiB file; each\n"
		     "instance opens it on its own and seeks to 0 and writes it, so\n"
		     "all contend on one page and one inode. --verify checks each\n"
		     "write's length only: the page is everyone's.\n"
		     WRITESEEK_HELP_OP SEEK_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SEEK_SYSCALLS,
	.prepare   = seek_prepare_page,
	.run       = writeseek2_run,
	.cleanup   = sk_shared_file_cleanup,
	.version   = "1",
};

static const struct stressor writeseek3_stressor = {
	.name      = "writeseek3",
	.summary   = "lseek and write a shared shmem file, a page per instance",
	.help      = "will-it-scale writeseek3: the parent makes one file of a page per\n"
		     "instance; each opens it on its own and seeks to and writes its\n"
		     "own page (instance i writes page i). With --verify each write\n"
		     "is read back and compared.\n"
		     WRITESEEK_HELP_OP SEEK_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SEEK_SYSCALLS,
	.prepare   = seek_prepare_pages,
	.run       = writeseek3_run,
	.cleanup   = sk_shared_file_cleanup,
	.version   = "1",
};

STRESSOR_REGISTER(readseek1_stressor);
STRESSOR_REGISTER(readseek2_stressor);
STRESSOR_REGISTER(readseek3_stressor);
STRESSOR_REGISTER(writeseek1_stressor);
STRESSOR_REGISTER(writeseek2_stressor);
STRESSOR_REGISTER(writeseek3_stressor);
