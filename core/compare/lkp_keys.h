/*
 * lkp_keys.h - a compare row's key as the kernel test robot names it:
 * stress-ng.NAME.METRIC (stress-ng.sendfile.ops_per_sec), perf-stat.NAME.
 * EVENT, perf-profile.FAMILY.EVENT.KEY, and times.* as LKP's time monitor
 * names them under the test (stress-ng.time.user_time). lkp's rule and
 * its KPIs go by these names; compare --keys lkp prints them.
 */
#ifndef STRESSKIT_LKP_KEYS_H
#define STRESSKIT_LKP_KEYS_H

#include <stddef.h>

void lkp_key(const char *key, char *out, size_t len);

#endif
