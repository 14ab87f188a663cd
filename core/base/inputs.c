/*
 * inputs.c - the run's input files (inputs.h). Files read and closed
 * (job files) are noted as they are read; everything mapped (the
 * binary, its libraries, dlopen()ed plugins) is found in
 * /proc/self/maps when asked, so no loader has to report.
 */
#include "inputs.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

/* More job files than this in one command line are not noted: the
 * check is a guard, not a limit on how many may be given. */
#define INPUTS_MAX 64

static struct { dev_t dev; ino_t ino; } inputs[INPUTS_MAX];
static size_t n_inputs;

void inputs_note_fd(int fd)
{
	struct stat st;

	if (n_inputs < INPUTS_MAX && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		inputs[n_inputs].dev = st.st_dev;
		inputs[n_inputs].ino = st.st_ino;
		n_inputs++;
	}
}

/* A line of /proc/self/maps: "start-end perms offset MAJ:MIN INODE path". */
static bool inputs_mapped(dev_t dev, ino_t ino)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char line[4096];
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		unsigned maj, min;
		unsigned long long inode;

		if (sscanf(line, "%*s %*s %*s %x:%x %llu", &maj, &min, &inode) == 3 &&
		    inode && makedev(maj, min) == dev && (ino_t)inode == ino)
			found = true;
	}
	fclose(f);
	return found;
}

bool inputs_has(dev_t dev, ino_t ino)
{
	for (size_t i = 0; i < n_inputs; i++)
		if (inputs[i].dev == dev && inputs[i].ino == ino)
			return true;
	return inputs_mapped(dev, ino);
}
