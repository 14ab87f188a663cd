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

/*
 * A row of a run mode's figures (KEY.NAME, KEY its results_key): the
 * mode's run_mode_index + 1, with *rest (when not NULL) at NAME, lkp's
 * name of it; 0 for any other row.
 */
size_t lkp_mode_section(const char *key, const char **rest);

#endif
