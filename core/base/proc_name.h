/*
 * proc_name.h - names an instance or a helper process for ps and top,
 * "stresskit-NAME" (the kernel keeps the first 15 bytes).
 */
#ifndef STRESSKIT_PROC_NAME_H
#define STRESSKIT_PROC_NAME_H

/* Sets the calling thread's name to "stresskit-" name, cut to 15 bytes. */
void proc_name_set(const char *name);

#endif
