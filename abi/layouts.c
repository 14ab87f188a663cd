/*
 * layouts.c - the layouts a plugin's inline code and descriptors use that
 * no exported function's signature reaches (the loop's struct, option
 * value types, the host:port value), named here so that abidw records
 * them. Built into build/abi/layouts.so by make abi-check only; never
 * part of stresskit.
 */
#include <stresskit/file.h>
#include <stresskit/stressor.h>

SK_API void sk_abi_layouts(struct instance_loop *loop, struct instance_counter *counter,
			   struct sk_host_port *host_port, struct opt_list *list,
			   struct opt_cpus *cpus, struct stressor *stressor,
			   enum sk_status *status, enum sk_file_place *place);

void sk_abi_layouts(struct instance_loop *loop, struct instance_counter *counter,
		    struct sk_host_port *host_port, struct opt_list *list,
		    struct opt_cpus *cpus, struct stressor *stressor,
		    enum sk_status *status, enum sk_file_place *place)
{
	(void)loop, (void)counter, (void)host_port, (void)list, (void)cpus;
	(void)stressor, (void)status, (void)place;
}
