/*
 * version.h - the release and the ABI of the stressor API.
 *
 * The ABI is what a stressor built outside the tree depends on: the layout
 * of struct stressor, stressor_opt, stressor_ctx, instance and instance_slot
 * (the inline counters read them), and the functions marked SK_API. A
 * change to a layout or a signature bumps SK_ABI_MAJOR and resets the minor;
 * a function or an enum value added bumps SK_ABI_MINOR. stresskit loads a
 * plugin built for the same major and a minor no newer than its own.
 */
#ifndef STRESSKIT_VERSION_H
#define STRESSKIT_VERSION_H

#ifndef STRESSKIT_VERSION
#define STRESSKIT_VERSION "0.1.0"
#endif

#define SK_ABI_MAJOR 1
/* 1: --latency appended fields to instance and instance_slot (the core
 * allocates both, so a plugin built for 1.0 reads its fields where they were)
 * 2: <stresskit/file.h> (sk_file_make, sk_instance_file ...) and
 * STRESSOR_THREADS_ONLY
 * 3: instance_error()
 * 4: <stresskit/syslimits.h> (sk_sysctl_read, sk_user_limits_exempt)
 * 5: instance.lat_from (--warmup's end for latencies) and
 * stressor_ctx.warmup appended
 * 6: OPT_PARSED with struct opt_parser (in a union with stressor_opt.item,
 * so the row's layout is 1.5's), and .def_str as an OPT_LIST's default
 * 7: instance_warmup_over(), instance.warming, instance_slot.warm_ops and
 * .lat_from appended: --warmup's end is where the instance counts its last
 * warmup op (an older plugin's ops are discounted by the controller's
 * snapshot, as before, and it times nothing under --warmup)
 * 8: OPT_ITEM_NONE, an item callback's "valid, adds nothing"
 * 9: struct sk_host_port and its parser sk_opt_host_port, a HOST:PORT
 * option resolved once, when the line is read
 * 10: struct stressor.version appended (the bogo-op's version; read only
 * from descriptors registered for 1.10 or newer)
 * 11: STRESSOR_OWN_START and instance_ready(): run() sets up before the
 * start barrier
 * 12: struct instance_loop and its inline counters (instance_loop_begin,
 * _continue, _inc, _add, _ops, _stopping): a tight loop's stop flag, slot,
 * ops limit and count kept in registers
 * 13: instance_loop_batch(): a loop of ops of a few ns checks and counts
 * once per batch
 * 14: a helper (sk_fork_helper) of a stressor registered for 1.14 or newer
 * does not map the run's shared mapping unless --latency is on: it must
 * not touch its instance's counters or stop flag (helper.h) */
#define SK_ABI_MINOR 14
/* The first minor whose struct stressor has .version. */
#define SK_ABI_MINOR_STRESSOR_VERSION 10
/* The first minor whose helpers go without the run's shared mapping. */
#define SK_ABI_MINOR_HELPER_UNSHARED 14

/*
 * The functions a stressor may call. The binary is linked so that these,
 * and nothing else of the core, are visible to a plugin.
 */
#define SK_API __attribute__((visibility("default")))

#endif
