/* test_atomic_file.c - outputs replaced whole or not at all. */
#include "atomic_file.h"
#include "unit.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static void setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/sk-atomic.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static void slurp(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	ck_assert_ptr_nonnull(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/* Entries in dir besides . and .. */
static int entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	while ((de = readdir(d)))
		n += strcmp(de->d_name, ".") && strcmp(de->d_name, "..");
	closedir(d);
	return n;
}

/* Until the commit the old text stays; after it, the new, and no temporary. */
START_TEST(test_replaces_at_commit)
{
	struct atomic_file af;
	char path[128], buf[64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/out", dir);
	f = fopen(path, "w");
	fputs("old\n", f);
	fclose(f);
	chmod(path, 0640);
	ck_assert_int_eq(atomic_file_open(&af, path), 0);
	fputs("new\n", af.f);
	slurp(path, buf, sizeof(buf));
	ck_assert_str_eq(buf, "old\n");
	ck_assert_int_eq(atomic_file_commit(&af), 0);
	slurp(path, buf, sizeof(buf));
	ck_assert_str_eq(buf, "new\n");
	ck_assert_int_eq(entries(), 1);
	{
		struct stat st;

		ck_assert_int_eq(stat(path, &st), 0);
		ck_assert_int_eq(st.st_mode & 0777, 0640);
	}
}
END_TEST

/* An abandoned file leaves the old one, or none, and nothing beside it. */
START_TEST(test_abort_leaves_old)
{
	struct atomic_file af;
	char path[128];

	snprintf(path, sizeof(path), "%s/new", dir);
	ck_assert_int_eq(atomic_file_open(&af, path), 0);
	fputs("text", af.f);
	atomic_file_abort(&af);
	ck_assert_int_eq(access(path, F_OK), -1);
	ck_assert_int_eq(entries(), 0);
	ck_assert_int_eq(atomic_file_open(&af, path), 0);
	ck_assert_int_eq(atomic_file_finish(&af, -EIO), -ENOMEM);
	ck_assert_int_eq(entries(), 0);
	atomic_file_abort(&af);	/* safe on a closed one */
}
END_TEST

/* A device is written directly; a missing directory fails at open. */
START_TEST(test_device_and_bad_paths)
{
	struct atomic_file af;
	char path[128];

	ck_assert_int_eq(atomic_file_open(&af, "/dev/null"), 0);
	ck_assert(af.direct);
	fputs("gone", af.f);
	ck_assert_int_eq(atomic_file_commit(&af), 0);
	snprintf(path, sizeof(path), "%s/no/such", dir);
	ck_assert_int_eq(atomic_file_open(&af, path), -ENOENT);
	ck_assert_int_eq(atomic_file_open(&af, dir), -EISDIR);
	snprintf(path, sizeof(path), "%s/", dir);
	ck_assert_int_eq(atomic_file_open(&af, path), -EISDIR);
}
END_TEST

static Suite *atomic_file_suite(void)
{
	Suite *s = suite_create("atomic_file");
	TCase *tc = tcase_create("atomic_file");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_replaces_at_commit);
	tcase_add_test(tc, test_abort_leaves_old);
	tcase_add_test(tc, test_device_and_bad_paths);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_SUITE(atomic_file_suite);
