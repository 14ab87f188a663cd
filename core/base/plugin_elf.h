/*
 * plugin_elf.h - the shape check of a plugin file's ELF headers, made
 * before dlopen() maps it (plugin_elf.c).
 */
#ifndef STRESSKIT_PLUGIN_ELF_H
#define STRESSKIT_PLUGIN_ELF_H

#include <stddef.h>

/*
 * Checks that path is a whole ELF shared object of this binary's class,
 * byte order and machine, which the dynamic loader can map without
 * touching a byte past the end of the file. Returns 0, or -ENOEXEC (or
 * the errno of open or read) with why, one line without the file's name,
 * in why.
 */
int plugin_elf_check(const char *path, char *why, size_t whylen);

#endif
