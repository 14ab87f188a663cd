/*
 * plugin_elf.c - a plugin file's ELF headers, checked before dlopen()
 * maps it. The dynamic loader trusts the program headers: it maps each
 * PT_LOAD's range of the file and reads the dynamic section, relocations
 * and symbols through those mappings. A range that runs past the end of
 * the file (a cut copy, an install interrupted) maps pages with nothing
 * behind them, and the first read of one is SIGBUS, which dlopen() has no
 * error return for. So a file is refused, with one line saying why, unless:
 *  - its ELF header is whole and is a shared object's of this binary's
 *    class, byte order and machine (the loader's own checks, made here
 *    first so that every refusal reads alike);
 *  - its program header table and every segment's bytes in the file
 *    (each PT_LOAD and every other segment with any) lie inside the file,
 *    and each PT_LOAD has no more file bytes than memory bytes;
 *  - it has a PT_LOAD and a PT_DYNAMIC inside a PT_LOAD's memory;
 *  - its section header table, when it has one, lies inside the file.
 *    The loader never reads it, but the linker writes it last: a file
 *    that ends before it was cut, and a cut file is refused whatever the
 *    cut removed.
 * Then every page the loader maps from the file has file bytes behind
 * it. This checks a damaged file, not a hostile one: a plugin runs code
 * of its own anyway. Libraries the plugin needs are the loader's to open.
 */
#include "plugin_elf.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The linker's name for this binary's own ELF header: what a plugin must match. */
extern const ElfW(Ehdr) __ehdr_start;

/* Writes why and returns -ENOEXEC, for the one-line refusals. */
static int plugin_elf_refuse(char *why, size_t whylen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int plugin_elf_refuse(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return -ENOEXEC;
}

/* Whether [off, off + len) lies inside size bytes, without overflow. */
static bool plugin_elf_inside(uint64_t off, uint64_t len, uint64_t size)
{
	return off <= size && len <= size - off;
}

/* off + len for a message, saturated: a crafted header may overflow it. */
static uintmax_t plugin_elf_end(uint64_t off, uint64_t len)
{
	uint64_t end;

	return __builtin_add_overflow(off, len, &end) ? UINTMAX_MAX : end;
}

static const char *plugin_elf_segment_name(uint32_t type)
{
	switch (type) {
	case PT_LOAD:		return "LOAD";
	case PT_DYNAMIC:	return "DYNAMIC";
	case PT_INTERP:		return "INTERP";
	case PT_NOTE:		return "NOTE";
	case PT_TLS:		return "TLS";
	case PT_GNU_EH_FRAME:	return "GNU_EH_FRAME";
	case PT_GNU_PROPERTY:	return "GNU_PROPERTY";
	default:		return "other";
	}
}

/* The ELF header's fields the loader checks before it reads any more. */
static int plugin_elf_header(const ElfW(Ehdr) *eh, uint64_t size, char *why, size_t whylen)
{
	const ElfW(Ehdr) *self = &__ehdr_start;
	uint64_t phlen;

	if (eh->e_ident[EI_CLASS] != self->e_ident[EI_CLASS])
		return plugin_elf_refuse(why, whylen, "%s ELF, this stresskit is %s",
					 eh->e_ident[EI_CLASS] == ELFCLASS32 ? "32-bit" :
					 eh->e_ident[EI_CLASS] == ELFCLASS64 ? "64-bit" : "unknown class of",
					 self->e_ident[EI_CLASS] == ELFCLASS32 ? "32-bit" : "64-bit");
	if (eh->e_ident[EI_DATA] != self->e_ident[EI_DATA])
		return plugin_elf_refuse(why, whylen, "ELF of another byte order than this stresskit");
	if (eh->e_ident[EI_VERSION] != EV_CURRENT || eh->e_version != EV_CURRENT)
		return plugin_elf_refuse(why, whylen, "unknown ELF version");
	if (eh->e_type != ET_DYN)
		return plugin_elf_refuse(why, whylen, "not a shared object (ELF type %u)",
					 (unsigned)eh->e_type);
	if (eh->e_machine != self->e_machine)
		return plugin_elf_refuse(why, whylen, "built for ELF machine %u, this "
					 "stresskit for %u", (unsigned)eh->e_machine,
					 (unsigned)self->e_machine);
	if (eh->e_phentsize != sizeof(ElfW(Phdr)))
		return plugin_elf_refuse(why, whylen, "program headers of %u bytes, not %zu",
					 (unsigned)eh->e_phentsize, sizeof(ElfW(Phdr)));
	/* PN_XNUM would put the count in section 0: no loader reads it there */
	if (eh->e_phnum == 0 || eh->e_phnum >= PN_XNUM)
		return plugin_elf_refuse(why, whylen, "%u program headers",
					 (unsigned)eh->e_phnum);
	phlen = (uint64_t)eh->e_phnum * sizeof(ElfW(Phdr));
	if (!plugin_elf_inside(eh->e_phoff, phlen, size))
		return plugin_elf_refuse(why, whylen, "truncated to %ju bytes: its program "
					 "headers end at byte %ju", (uintmax_t)size,
					 plugin_elf_end(eh->e_phoff, phlen));
	return 0;
}

/* Each segment's file bytes inside the file; a PT_DYNAMIC inside a PT_LOAD. */
static int plugin_elf_segments(const ElfW(Phdr) *ph, unsigned n, uint64_t size,
			       char *why, size_t whylen)
{
	const ElfW(Phdr) *dyn = NULL;
	unsigned loads = 0;

	for (unsigned i = 0; i < n; i++) {
		const ElfW(Phdr) *p = &ph[i];

		if (p->p_filesz && !plugin_elf_inside(p->p_offset, p->p_filesz, size))
			return plugin_elf_refuse(why, whylen, "truncated to %ju bytes: "
						 "segment %u (%s) ends at byte %ju",
						 (uintmax_t)size, i,
						 plugin_elf_segment_name(p->p_type),
						 plugin_elf_end(p->p_offset, p->p_filesz));
		if (p->p_type == PT_LOAD && p->p_filesz > p->p_memsz)
			return plugin_elf_refuse(why, whylen, "segment %u (LOAD) has more "
						 "file bytes than memory", i);
		loads += p->p_type == PT_LOAD;
		if (p->p_type == PT_DYNAMIC)
			dyn = p;
	}
	if (!loads)
		return plugin_elf_refuse(why, whylen, "no loadable segment");
	if (!dyn)
		return plugin_elf_refuse(why, whylen, "no dynamic segment");
	/* the loader reads it at its address: it must be mapped there */
	for (unsigned i = 0; i < n; i++)
		if (ph[i].p_type == PT_LOAD && dyn->p_vaddr >= ph[i].p_vaddr &&
		    plugin_elf_inside(dyn->p_vaddr - ph[i].p_vaddr, dyn->p_memsz,
				      ph[i].p_memsz))
			return 0;
	return plugin_elf_refuse(why, whylen, "the dynamic segment is in no loadable one");
}

/* The section header table, when there is one, inside the file. */
static int plugin_elf_sections(const ElfW(Ehdr) *eh, uint64_t size, char *why, size_t whylen)
{
	/* e_shnum 0 with a table: the count is in entry 0, which must be there */
	uint64_t count = eh->e_shnum ? eh->e_shnum : 1;

	if (!eh->e_shoff)
		return 0;
	if (!plugin_elf_inside(eh->e_shoff, count * eh->e_shentsize, size))
		return plugin_elf_refuse(why, whylen, "truncated to %ju bytes: its section "
					 "headers end at byte %ju", (uintmax_t)size,
					 plugin_elf_end(eh->e_shoff, count * eh->e_shentsize));
	return 0;
}

/* Reads exactly len bytes at off; the file shrinking meanwhile is a refusal. */
static int plugin_elf_read(int fd, void *buf, size_t len, uint64_t off,
			   char *why, size_t whylen)
{
	ssize_t got = pread(fd, buf, len, (off_t)off);

	if (got < 0) {
		snprintf(why, whylen, "%s", strerror(errno));
		return -errno;
	}
	if ((size_t)got != len)
		return plugin_elf_refuse(why, whylen, "truncated while read");
	return 0;
}

int plugin_elf_check(const char *path, char *why, size_t whylen)
{
	ElfW(Ehdr) eh;
	ElfW(Phdr) *ph = NULL;
	struct stat st;
	uint64_t size;
	ssize_t got;
	int fd, rc;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0) {
		rc = -errno;
		snprintf(why, whylen, "%s", strerror(errno));
		goto out;
	}
	size = (uint64_t)st.st_size;
	got = pread(fd, &eh, sizeof(eh), 0);
	if (got < 0) {
		rc = -errno;
		snprintf(why, whylen, "%s", strerror(errno));
		goto out;
	}
	if ((size_t)got < SELFMAG || memcmp(eh.e_ident, ELFMAG, SELFMAG)) {
		rc = plugin_elf_refuse(why, whylen, "not an ELF file");
		goto out;
	}
	if ((size_t)got < sizeof(eh)) {
		rc = plugin_elf_refuse(why, whylen, "truncated to %zd bytes, less than "
				       "an ELF header", got);
		goto out;
	}
	rc = plugin_elf_header(&eh, size, why, whylen);
	if (rc)
		goto out;
	ph = calloc(eh.e_phnum, sizeof(*ph));
	if (!ph) {
		rc = -ENOMEM;
		snprintf(why, whylen, "out of memory");
		goto out;
	}
	rc = plugin_elf_read(fd, ph, eh.e_phnum * sizeof(*ph), eh.e_phoff, why, whylen);
	if (!rc)
		rc = plugin_elf_segments(ph, eh.e_phnum, size, why, whylen);
	if (!rc)
		rc = plugin_elf_sections(&eh, size, why, whylen);
out:
	free(ph);
	if (fd >= 0)
		close(fd);
	return rc;
}
