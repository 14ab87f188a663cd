/*
 * helper_unshare.h - the core's side of sk_fork_helper (helper.c): a
 * mapping that the helpers of this process go without.
 */
#ifndef STRESSKIT_HELPER_UNSHARE_H
#define STRESSKIT_HELPER_UNSHARE_H

#include <stddef.h>

/*
 * Helpers forked from here on do not map [addr, addr + len): MADV_DONTFORK
 * just for their fork. The instance names the run's shared mapping when
 * its helpers need none of it (instance.c); len 0 names none.
 */
void helper_unshare(void *addr, size_t len);

#endif
