/*
 * stop_gate.c - instances wind down a few at a time. At the stop, every
 * instance and helper of a run would otherwise exit at once: at thousands
 * of instances on a few CPUs, the exits queue on the locks of the files
 * every process maps (the i_mmap lock of the binary and each shared
 * library: unlink_file_vma_batch_process), and each hand-over of a lock
 * waits for its next holder to get a CPU among thousands of runnable
 * processes, so the stop outlasts the grace's cap, which then kills
 * instances that were only queued. Through the gate, the instances beyond
 * the first few sleep on a futex, off the run queue: the few that wind
 * down find short queues, and the controller lets one more through per
 * child it reaps. The gate only orders the exits: the controller opens it
 * whenever a grace window passes with no exit (stop.c), so an instance
 * whose winding down waits on one behind the gate cannot hang the stop.
 */
#include "stop_gate.h"

#include <limits.h>
#include <linux/futex.h>

static void stop_gate_wake(struct run_shared *sh, uint32_t n)
{
	shared_futex(&sh->gate, FUTEX_WAKE, n > INT_MAX ? INT_MAX : n);
}

bool stop_gate_open(struct run_shared *sh)
{
	if (__atomic_exchange_n(&sh->gate, STOP_GATE_OPEN, __ATOMIC_SEQ_CST) ==
	    STOP_GATE_OPEN)
		return false;
	stop_gate_wake(sh, INT_MAX);
	return true;
}

void stop_gate_limit(struct run_shared *sh, uint32_t n)
{
	__atomic_store_n(&sh->gate, n ? n : 1, __ATOMIC_SEQ_CST);
}

void stop_gate_refill(struct run_shared *sh, uint32_t n)
{
	uint32_t v = __atomic_load_n(&sh->gate, __ATOMIC_SEQ_CST);

	/* only the controller raises it: no race with another refill, and
	 * an instance that takes one meanwhile makes the CAS retry */
	while (n && v != STOP_GATE_OPEN) {
		uint32_t to = v + n >= STOP_GATE_OPEN ? STOP_GATE_OPEN - 1 : v + n;

		if (__atomic_compare_exchange_n(&sh->gate, &v, to, false,
						__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
			stop_gate_wake(sh, n);
			return;
		}
	}
}

void stop_gate_pass(struct run_shared *sh)
{
	uint32_t v = __atomic_load_n(&sh->gate, __ATOMIC_SEQ_CST);

	for (;;) {
		if (v == STOP_GATE_OPEN)
			return;
		if (v == 0) {
			/* returns at once if a refill came in between */
			shared_futex(&sh->gate, FUTEX_WAIT, 0);
			v = __atomic_load_n(&sh->gate, __ATOMIC_SEQ_CST);
			continue;
		}
		if (__atomic_compare_exchange_n(&sh->gate, &v, v - 1, false,
						__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
			return;
	}
}

/*
 * A few processes per CPU: enough that a CPU always has an exit to run
 * while another waits on a lock, few enough that each lock's queue is
 * short (the commit that set it has the measurements).
 */
#define STOP_GATE_PER_CPU 8

uint32_t stop_gate_width(long cpus)
{
	return (uint32_t)(cpus > 0 ? cpus : 1) * STOP_GATE_PER_CPU;
}
