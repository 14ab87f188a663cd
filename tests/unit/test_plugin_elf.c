/*
 * test_plugin_elf.c - a plugin file cut at every byte is refused with one
 * line naming it, through plugin_load(), instead of the SIGBUS dlopen()
 * met; and each header check on a real plugin with one field changed.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plugin.h"
#include "plugin_elf.h"
#include "unit.h"

/* The plugin the Makefile builds from tests/integration/plugins/spin.c. */
static unsigned char *elf_plugin(size_t *size)
{
	struct stat st;
	unsigned char *buf;
	int fd = open(UNIT_PLUGIN, O_RDONLY);

	ck_assert_msg(fd >= 0, "%s: %s", UNIT_PLUGIN, strerror(errno));
	ck_assert_int_eq(fstat(fd, &st), 0);
	buf = malloc(st.st_size);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(read(fd, buf, st.st_size), st.st_size);
	close(fd);
	*size = st.st_size;
	return buf;
}

/* A scratch file of its own holding len bytes of buf; its fd in *fd. */
static char *elf_scratch(const unsigned char *buf, size_t len, int *fd)
{
	static char path[64];

	strcpy(path, "/tmp/sk-unit-elf.XXXXXX");
	*fd = mkstemp(path);
	ck_assert_int_ge(*fd, 0);
	ck_assert_int_eq(write(*fd, buf, len), (ssize_t)len);
	return path;
}

START_TEST(test_every_cut_refused)
{
	size_t size;
	unsigned char *buf = elf_plugin(&size);
	char err[512], want[128], why[256];
	int fd;
	char *path = elf_scratch(buf, size, &fd);

	/* the whole file passes: the cuts below fail for being cut */
	ck_assert_msg(plugin_elf_check(path, why, sizeof(why)) == 0, "%s", why);
	snprintf(want, sizeof(want), "plugin %s: cannot load: ", path);
	ck_assert_int_eq(ftruncate(fd, 0), 0);
	/* from 0 bytes up, one more byte of the plugin each time */
	for (size_t len = 0; len < size; len++) {
		err[0] = '\0';
		ck_assert_int_lt(plugin_load(path, err, sizeof(err)), 0);
		ck_assert_msg(!strncmp(err, want, strlen(want)) && !strchr(err, '\n'),
			      "cut at %zu: %s", len, err);
		ck_assert_int_eq(pwrite(fd, buf + len, 1, (off_t)len), 1);
	}
	close(fd);
	unlink(path);
	free(buf);
}
END_TEST

/* plugin_elf_check of the plugin as edit changed it: refused with want. */
static void elf_expect(const unsigned char *orig, size_t size,
		       void (*edit)(unsigned char *), const char *want)
{
	unsigned char *buf = malloc(size);
	char why[256];
	int fd;
	char *path;

	ck_assert_ptr_nonnull(buf);
	memcpy(buf, orig, size);
	edit(buf);
	path = elf_scratch(buf, size, &fd);
	close(fd);
	ck_assert_int_eq(plugin_elf_check(path, why, sizeof(why)), -ENOEXEC);
	ck_assert_msg(strstr(why, want), "want '%s', got '%s'", want, why);
	unlink(path);
	free(buf);
}

static ElfW(Ehdr) *elf_eh(unsigned char *b)
{
	return (ElfW(Ehdr) *)b;
}

/* The first program header of type, which the test plugin has. */
static ElfW(Phdr) *elf_ph(unsigned char *b, uint32_t type)
{
	ElfW(Phdr) *ph = (ElfW(Phdr) *)(b + elf_eh(b)->e_phoff);

	for (unsigned i = 0; i < elf_eh(b)->e_phnum; i++)
		if (ph[i].p_type == type)
			return &ph[i];
	ck_abort_msg("no program header of type %u", type);
	return NULL;
}

static void edit_magic(unsigned char *b) { b[1] = 'e'; }
static void edit_class(unsigned char *b) { b[EI_CLASS] = ELFCLASS32; }
static void edit_data(unsigned char *b) { b[EI_DATA] ^= 3; }
static void edit_type(unsigned char *b) { elf_eh(b)->e_type = ET_EXEC; }
static void edit_machine(unsigned char *b) { elf_eh(b)->e_machine ^= 1; }
static void edit_phentsize(unsigned char *b) { elf_eh(b)->e_phentsize--; }
static void edit_phnum(unsigned char *b) { elf_eh(b)->e_phnum = 0; }
static void edit_phoff(unsigned char *b) { elf_eh(b)->e_phoff = UINT64_MAX - 8; }
static void edit_shoff(unsigned char *b) { elf_eh(b)->e_shoff += 64; }
static void edit_no_dynamic(unsigned char *b) { elf_ph(b, PT_DYNAMIC)->p_type = PT_NULL; }
static void edit_dynamic_away(unsigned char *b) { elf_ph(b, PT_DYNAMIC)->p_vaddr += 1 << 30; }
static void edit_note_past(unsigned char *b) { elf_ph(b, PT_NOTE)->p_offset = 1 << 30; }
static void edit_bss(unsigned char *b)
{
	ElfW(Phdr) *load = elf_ph(b, PT_LOAD);

	load->p_memsz = load->p_filesz - 1;
}

/* A PT_LOAD past the end, the rest whole: the loader's SIGBUS, refused. */
static void edit_load_past(unsigned char *b)
{
	elf_ph(b, PT_LOAD)->p_filesz = 1 << 20;
	elf_ph(b, PT_LOAD)->p_memsz = 1 << 20;
}

START_TEST(test_headers_refused)
{
	size_t size;
	unsigned char *b = elf_plugin(&size);

	elf_expect(b, size, edit_magic, "not an ELF file");
	elf_expect(b, size, edit_class, "32-bit ELF, this stresskit is 64-bit");
	elf_expect(b, size, edit_data, "another byte order");
	elf_expect(b, size, edit_type, "not a shared object (ELF type 2)");
	elf_expect(b, size, edit_machine, "built for ELF machine");
	elf_expect(b, size, edit_phentsize, "program headers of 55 bytes, not 56");
	elf_expect(b, size, edit_phnum, "0 program headers");
	elf_expect(b, size, edit_phoff, "its program headers end at byte 18446744073709551615");
	elf_expect(b, size, edit_shoff, "its section headers end at byte");
	elf_expect(b, size, edit_load_past, "(LOAD) ends at byte 1048576");
	elf_expect(b, size, edit_note_past, "(NOTE) ends at byte");
	elf_expect(b, size, edit_bss, "has more file bytes than memory");
	elf_expect(b, size, edit_no_dynamic, "no dynamic segment");
	elf_expect(b, size, edit_dynamic_away, "the dynamic segment is in no loadable one");
	free(b);
}
END_TEST

START_TEST(test_missing_file)
{
	char why[256];

	ck_assert_int_eq(plugin_elf_check("/nonexistent/x.so", why, sizeof(why)), -ENOENT);
	ck_assert_str_eq(why, strerror(ENOENT));
}
END_TEST

static Suite *plugin_elf_suite(void)
{
	Suite *s = suite_create("plugin_elf");
	TCase *tc = tcase_create("check");

	/* some 16,000 cuts: a second alone, more on a loaded machine */
	tcase_set_timeout(tc, 60);

	tcase_add_test(tc, test_every_cut_refused);
	tcase_add_test(tc, test_headers_refused);
	tcase_add_test(tc, test_missing_file);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(plugin_elf_suite);
