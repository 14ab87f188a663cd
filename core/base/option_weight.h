/*
 * option_weight.h - how compare weighs an option, a global one or a run
 * mode's, when two results documents differ in it. Each option's row
 * says it; a row that says nothing refuses the comparison (a new option
 * is taken to change the workload until its row says otherwise). An
 * option is "on" in a results document when its configuration value is
 * neither null nor false.
 */
#ifndef STRESSKIT_OPTION_WEIGHT_H
#define STRESSKIT_OPTION_WEIGHT_H

enum option_weight {
	WEIGHT_REFUSE,		/* another workload, or another thing measured */
	WEIGHT_NOTE,		/* the same figures, watched or reported otherwise */
	/* these two hang on another option of the row's mode, its .when:
	 * the row refuses when either run has .when on (--steady-state: the
	 * interval decides when a run stops), else is a note */
	WEIGHT_IF_EITHER,
	/* the row is compared, refusing, only when both runs have .when on
	 * (--latency: how often ops are timed), else not at all */
	WEIGHT_IF_BOTH,
	WEIGHT_IGNORE,		/* an output file or presentation: not compared */
};

#endif
