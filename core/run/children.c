/*
 * children.c - the controller's table of the processes it forked for one
 * run: sorted by pid so a wait4 result is found by bisection, reaped with
 * their rusage, signalled, and counted by state for the tick hooks.
 */
#include "children.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "instance.h"
#include "threads.h"

static int children_cmp(const void *a, const void *b)
{
	const struct child *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

void children_sort(struct children *cs)
{
	qsort(cs->c, cs->n, sizeof(*cs->c), children_cmp);
	cs->n_live = cs->n;
}

static struct child *children_find(struct children *cs, pid_t pid)
{
	struct child key = { .pid = pid };

	return bsearch(&key, cs->c, cs->n, sizeof(key), children_cmp);
}

static void children_record(struct child *c, int wstatus, const struct rusage *ru,
			    double now)
{
	c->reaped = true;
	for (uint32_t k = 0; k < c->n_inst; k++)
		instance_record(&c->res[k], &c->slot[k], wstatus, ru, now);
	if (c->threads)
		threads_record(c->res, c->slot, c->n_inst, ru);
	/* one worker's switches, counted once: the stressor's sum stays right */
	for (uint32_t k = 1; c->threads && k < c->n_inst; k++)
		c->res[k].nvcsw = c->res[k].nivcsw = 0;
}

size_t children_reap(struct children *cs, bool block)
{
	size_t reaped = 0;

	while (cs->n_live) {
		struct rusage ru;
		int wstatus;
		pid_t pid = wait4(-1, &wstatus, block ? 0 : WNOHANG, &ru);
		struct child *c;

		if (pid <= 0) {
			if (pid < 0 && errno == EINTR)
				continue;
			break;
		}
		c = children_find(cs, pid);
		if (!c || c->reaped)
			continue;
		children_record(c, wstatus, &ru, sk_now());
		cs->n_live--;
		reaped++;
	}
	return reaped;
}

void children_signal(struct children *cs, int sig)
{
	for (size_t i = 0; i < cs->n; i++) {
		if (cs->c[i].reaped)
			continue;
		kill(cs->c[i].pid, sig);
		if (sig == SIGALRM)
			cs->c[i].alarmed = true;
	}
}

/*
 * An instance is running until its slot says run() returned or its
 * process is reaped (a killed one never says so); its status is the
 * slot's until the reap, then what the reap recorded.
 */
void children_count(const struct children *cs, struct run_tick *t)
{
	t->ops = 0;
	t->running = t->exited = t->reaped = t->failed = t->alarmed = 0;
	for (size_t i = 0; i < cs->n; i++) {
		const struct child *c = &cs->c[i];

		for (uint32_t k = 0; k < c->n_inst; k++) {
			const struct instance_slot *s = &c->slot[k];
			int status;

			t->ops += s->ops;
			t->alarmed += c->alarmed;
			if (c->reaped) {
				t->reaped++;
				status = c->res[k].status;
			} else if (__atomic_load_n(&s->state, __ATOMIC_ACQUIRE) == SLOT_DONE) {
				status = (int)s->status;
			} else {
				t->running++;
				continue;
			}
			t->exited++;
			t->failed += status == SK_FAILED;
		}
	}
}
