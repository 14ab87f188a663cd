/*
 * proc_name.c - proc_name_set() for instances and helpers. A copy loop
 * rather than snprintf: a freshly forked process has none of libc's
 * formatting code mapped (fork copies no page-table entries of file
 * text), and snprintf's path through it cost each instance and each
 * helper four or five page faults more, at thousands of processes a
 * measurable share of the set-up under a paravirtualised MMU.
 */
#include "proc_name.h"

#include <stddef.h>
#include <sys/prctl.h>

/* TASK_COMM_LEN: 15 bytes and the terminating zero */
#define PROC_NAME_LEN 16

void proc_name_set(const char *name)
{
	static const char prefix[] = "stresskit-";
	char comm[PROC_NAME_LEN];
	size_t n = 0;

	for (const char *p = prefix; *p && n < sizeof(comm) - 1; p++)
		comm[n++] = *p;
	for (const char *p = name; *p && n < sizeof(comm) - 1; p++)
		comm[n++] = *p;
	comm[n] = '\0';
	prctl(PR_SET_NAME, comm);
}
