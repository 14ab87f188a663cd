/*
 * version.h - the release and the ABI of the stressor API.
 *
 * The ABI is what a stressor built outside the tree depends on: the
 * functions marked SK_API and the layouts a plugin reads or fills (struct
 * stressor, stressor_opt, opt_parser, sk_host_port, stressor_ctx,
 * instance, instance_counter, instance_loop, sk_latency), recorded in
 * abi/stresskit-1.0.abi and compared on every build by make abi-check.
 * stresskit loads a plugin built for the same major and a minor no newer
 * than its own.
 *
 * The rules from 1.0 on: a change to a layout or a signature, or a
 * function removed, bumps SK_ABI_MAJOR and resets the minor; a function,
 * an enum value or a field appended after a release bumps SK_ABI_MINOR
 * (and NEWS says which). Nothing is bumped twice between two releases.
 */
#ifndef STRESSKIT_VERSION_H
#define STRESSKIT_VERSION_H

#ifndef STRESSKIT_VERSION
#define STRESSKIT_VERSION "1.0.0"
#endif

#define SK_ABI_MAJOR 1
#define SK_ABI_MINOR 1

/*
 * The functions a stressor may call. The binary is linked so that these,
 * and nothing else of the core, are visible to a plugin.
 */
#define SK_API __attribute__((visibility("default")))

#endif
