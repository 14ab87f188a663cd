/*
 * option_weight.h - how compare weighs an option, a global one or a run
 * mode's, when two results documents differ in it. Each option's row
 * says it; a row that says nothing refuses the comparison (a new option
 * is taken to change the workload until its row says otherwise).
 */
#ifndef STRESSKIT_OPTION_WEIGHT_H
#define STRESSKIT_OPTION_WEIGHT_H

enum option_weight {
	WEIGHT_REFUSE,		/* another workload, or another thing measured */
	WEIGHT_NOTE,		/* the same figures, watched or reported otherwise */
	WEIGHT_IF_STEADY,	/* refuses when either run stops at steady state */
	WEIGHT_IF_TIMED,	/* refuses when both runs time ops (--latency) */
	WEIGHT_IGNORE,		/* an output file or presentation: not compared */
};

#endif
