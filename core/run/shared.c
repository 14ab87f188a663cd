/*
 * shared.c - the run's shared mapping (shared.h) and its gates: the setup
 * gate and the start barrier are futexes on header words, so thousands of
 * instances wait in the kernel and one FUTEX_WAKE lets them all go; the
 * ready count is one the controller waits on, woken by the last instance.
 */
#include "shared.h"

#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "stop_gate.h"

struct run_shared *shared_map(size_t n_slots, size_t *len)
{
	void *p;

	*len = sizeof(struct run_shared) +
	       n_slots * (sizeof(struct instance_slot) + sizeof(pid_t));
	p = mmap(NULL, *len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		 -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	((struct run_shared *)p)->len = *len;
	((struct run_shared *)p)->gate = STOP_GATE_OPEN;
	return p;
}

void shared_unmap(struct run_shared *sh, size_t len)
{
	if (sh)
		munmap(sh, len);
}

struct instance_slot *shared_slot(struct run_shared *sh, size_t i)
{
	return (struct instance_slot *)(sh + 1) + i;
}

pid_t *shared_pids(struct run_shared *sh, size_t n_slots)
{
	return (pid_t *)shared_slot(sh, n_slots);
}

long shared_futex(uint32_t *word, int op, uint32_t val)
{
	return syscall(SYS_futex, word, op, val, NULL, NULL, 0);
}

void shared_open_setup(struct run_shared *sh)
{
	if (__atomic_load_n(&sh->setup, __ATOMIC_ACQUIRE))
		return;
	__atomic_store_n(&sh->setup, 1, __ATOMIC_RELEASE);
	shared_futex(&sh->setup, FUTEX_WAKE, INT32_MAX);
}

void shared_wait_setup(struct run_shared *sh)
{
	while (!__atomic_load_n(&sh->setup, __ATOMIC_ACQUIRE))
		shared_futex(&sh->setup, FUTEX_WAIT, 0);
}

/*
 * Sequentially consistent against the controller, which stores
 * ready_expect and then loads ready: either it sees this count, or this
 * instance sees its expectation and wakes it.
 */
void shared_note_ready(struct run_shared *sh)
{
	uint32_t n = __atomic_add_fetch(&sh->ready, 1, __ATOMIC_SEQ_CST);

	if (n == __atomic_load_n(&sh->ready_expect, __ATOMIC_SEQ_CST))
		shared_futex(&sh->ready, FUTEX_WAKE, 1);
}

void shared_release(struct run_shared *sh)
{
	__atomic_store_n(&sh->start, 1, __ATOMIC_RELEASE);
	shared_futex(&sh->start, FUTEX_WAKE, INT32_MAX);
}

void shared_wait_start(struct run_shared *sh)
{
	while (!__atomic_load_n(&sh->start, __ATOMIC_ACQUIRE))
		shared_futex(&sh->start, FUTEX_WAIT, 0);
}
