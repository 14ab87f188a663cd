/*
 * classes.c - the table of class names. The names are stress-ng's, so
 * "--class pipe --sequential 0" in a kernel bot's job means the same here.
 */
#include "classes.h"

#include <errno.h>
#include <string.h>

#include "registry.h"
#include <stresskit/stressor.h>

struct class_entry {
	const char *name;
	unsigned bit;
};

static const struct class_entry class_table[] = {
	{ "compute",    CLASS_COMPUTE },
	{ "cpu-cache",  CLASS_CPU_CACHE },
	{ "cpu",        CLASS_CPU },
	{ "device",     CLASS_DEV },
	{ "integer",    CLASS_INTEGER },
	{ "filesystem", CLASS_FILESYSTEM },
	{ "fp",         CLASS_FP },
	{ "gpu",        CLASS_GPU },
	{ "hot",        CLASS_HOT },
	{ "interrupt",  CLASS_INTERRUPT },
	{ "io",         CLASS_IO },
	{ "ipc",        CLASS_IPC },
	{ "memory",     CLASS_MEMORY },
	{ "network",    CLASS_NETWORK },
	{ "os",         CLASS_OS },
	{ "pipe",       CLASS_PIPE_IO },
	{ "scheduler",  CLASS_SCHEDULER },
	{ "search",     CLASS_SEARCH },
	{ "security",   CLASS_SECURITY },
	{ "signal",     CLASS_SIGNAL },
	{ "sort",       CLASS_SORT },
	{ "tlb",        CLASS_TLB },
	{ "vector",     CLASS_VECTOR },
	{ "vm",         CLASS_VM },
};

/*
 * Short names the kernel robot's reports and issue text use for two of
 * them; accepted on input only, never printed.
 */
static const struct class_entry class_alias[] = {
	{ "sched", CLASS_SCHEDULER },
	{ "fs",    CLASS_FILESYSTEM },
};

#define CLASS_COUNT (sizeof(class_table) / sizeof(class_table[0]))

const char *class_name(unsigned bit)
{
	for (size_t i = 0; i < CLASS_COUNT; i++)
		if (class_table[i].bit == bit)
			return class_table[i].name;
	return NULL;
}

void class_format(unsigned mask, char *out, size_t outlen)
{
	size_t used = 0;

	if (!outlen)
		return;
	out[0] = '\0';
	for (size_t i = 0; i < CLASS_COUNT && used < outlen; i++)
		if (mask & class_table[i].bit)
			used += (size_t)snprintf(out + used, outlen - used, "%s%s",
						 used ? " " : "", class_table[i].name);
}

int class_item(const struct stressor_opt *o, const char *item, size_t len,
	       uint32_t *out, char *err, size_t errlen)
{
	char names[512];

	(void)o;
	for (size_t i = 0; i < CLASS_COUNT; i++) {
		if (strlen(class_table[i].name) == len &&
		    !strncmp(class_table[i].name, item, len)) {
			*out = (uint32_t)__builtin_ctz(class_table[i].bit);
			return 0;
		}
	}
	for (size_t i = 0; i < sizeof(class_alias) / sizeof(class_alias[0]); i++) {
		if (strlen(class_alias[i].name) == len &&
		    !strncmp(class_alias[i].name, item, len)) {
			*out = (uint32_t)__builtin_ctz(class_alias[i].bit);
			return 0;
		}
	}
	class_format(~0u, names, sizeof(names));
	snprintf(err, errlen, "unknown class '%.*s' (classes: %s)",
		 (int)len, item, names);
	return -EINVAL;
}

unsigned class_mask(const struct opt_list *l)
{
	unsigned mask = 0;

	for (uint32_t i = 0; i < l->n; i++)
		mask |= 1u << l->v[i];
	return mask;
}

void class_list(FILE *f)
{
	char names[512];

	class_format(~0u, names, sizeof(names));
	fprintf(f, "class names: %s\n", names);
}

void class_list_stressors(FILE *f, const char *name, int len, unsigned mask)
{
	fprintf(f, "class '%.*s' stressors:", len, name);
	for (size_t i = 0; i < registry_count(); i++)
		if (registry_at(i)->classes & mask)
			fprintf(f, " %s", registry_at(i)->name);
	fprintf(f, "\n");
}
