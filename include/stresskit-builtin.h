/*
 * stresskit-builtin.h - what a stressor built into the binary may use
 * beyond the public API, and a plugin may not: subcommands (registered in
 * the binary's own linker section), the sandbox a subcommand enters, and
 * the faults the test build injects. Not installed; a stressor includes
 * it only for these (mk/check-api.sh allows it beside <stresskit/...>).
 */
#ifndef STRESSKIT_BUILTIN_H
#define STRESSKIT_BUILTIN_H

#include <stdbool.h>

#include <stresskit/stressor.h>

/*
 * An entry of a table the linker gathers (built-in stressors and
 * subcommands): "used" and "retain" keep it from being dropped, the
 * alignment keeps the array dense and no_sanitize_address keeps clang's
 * ASan from padding it.
 */
#if defined(__clang__)
#define SK_NO_ASAN __attribute__((no_sanitize("address")))
#else
#define SK_NO_ASAN	/* gcc never pads globals in a named section */
#endif
#define SK_SECTION_ENTRY(sec)						\
	__attribute__((used, retain, section(sec),			\
		       aligned(sizeof(void *)))) SK_NO_ASAN

/*
 * Subcommands (stresskit redis-server, stresskit compare): registered the
 * same way as built-in stressors, so a module adds one without touching
 * main.
 */
struct subcommand {
	const char *name;
	const char *summary;
	int (*main)(int argc, char **argv);	/* argv[0] is the subcommand */
};

#define SUBCOMMAND_REGISTER(c)							\
	static const struct subcommand *const sk_subcommand_ptr_##c		\
	SK_SECTION_ENTRY("sk_subcommands") = &(c)

/*
 * A subcommand's options through the option engine the global options
 * use: --NAME VALUE, --NAME=VALUE, a flag as --NAME, each value parsed
 * and range-checked by its row (rows end with OPT_TABLE_END; buf holds
 * the defaults already) and a bad one said in one line "NAME: ...". No
 * operands. Returns 0, 1 for --help or -h (the caller prints its
 * usage), or -EINVAL.
 */
int sk_subcommand_opts(const char *name, const struct stressor_opt *rows, void *buf,
		       int argc, char **argv);

/*
 * Confines the calling process to the base set plus syscalls (NULL-ended
 * names, may be NULL): a blocked syscall prints "WHO: blocked syscall NAME"
 * on stderr and exits with SK_FAILED. For subcommands once they have set
 * up (a server after bind). Returns 0, or a negative errno (-ENOSYS when
 * built without libseccomp).
 */
int sk_sandbox_enter(const char *who, const char *const *syscalls);

/*
 * A fault the integration tests inject (STRESSKIT_TEST_<NAME> in the
 * environment): true when it is switched on. Only build/stresskit.test,
 * the binary make test runs, reads the environment (core/base/testhook.c,
 * built with -DSK_TEST_HOOKS); in the shipped binary it is always false.
 * Call it once in set-up, not in the loop.
 */
bool sk_test_hook(const char *name);

#endif
