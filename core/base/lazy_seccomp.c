/*
 * lazy_seccomp.c - libseccomp's functions that --sandbox calls, loaded on
 * first use (lazy_lib.h): by --sandbox's check of the stressors' syscall
 * lists, in the controller, before any fork. Each line copies the
 * header's prototype; the compiler checks it against <seccomp.h>.
 */
#include "lazy_lib.h"

#include <errno.h>
#include <stdarg.h>

#include <seccomp.h>

#define S(ret, name, params, args) LAZY_FN(lazy_seccomp, ret, name, params, args)

S(scmp_filter_ctx, seccomp_init, (uint32_t def_action), (def_action))
LAZY_VOID(lazy_seccomp, seccomp_release, (scmp_filter_ctx ctx), (ctx))
S(int, seccomp_load, (const scmp_filter_ctx ctx), (ctx))
S(int, seccomp_attr_set, (scmp_filter_ctx ctx, enum scmp_filter_attr attr, uint32_t value),
  (ctx, attr, value))
S(uint32_t, seccomp_arch_native, (void), ())
S(int, seccomp_syscall_resolve_name, (const char *name), (name))
S(char *, seccomp_syscall_resolve_num_arch, (uint32_t arch_token, int num),
  (arch_token, num))
S(int, seccomp_rule_add_array, (scmp_filter_ctx ctx, uint32_t action, int syscall,
				unsigned int arg_cnt, const struct scmp_arg_cmp *arg_array),
  (ctx, action, syscall, arg_cnt, arg_array))

/* variadic: its arguments gathered for the array form, as libseccomp's
 * own seccomp_rule_add does (at most 6, a syscall's argument count) */
int seccomp_rule_add(scmp_filter_ctx ctx, uint32_t action, int syscall,
		     unsigned int arg_cnt, ...)
{
	struct scmp_arg_cmp cmp[6];
	va_list ap;

	if (arg_cnt > 6)
		return -EINVAL;
	va_start(ap, arg_cnt);
	for (unsigned int i = 0; i < arg_cnt; i++)
		cmp[i] = va_arg(ap, struct scmp_arg_cmp);
	va_end(ap);
	return seccomp_rule_add_array(ctx, action, syscall, arg_cnt, cmp);
}
