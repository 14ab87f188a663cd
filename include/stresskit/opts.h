/*
 * opts.h - a stressor's options: a typed table of rows, each stored at an
 * offset of the stressor's own options struct (fio's engines' way), so
 * run() reads o->bytes and never a string. The core derives --NAME from
 * each row, parses and range-checks the value when the line is read,
 * fills defaults, and prints --help NAME from the same table.
 */
#ifndef STRESSKIT_OPTS_API_H
#define STRESSKIT_OPTS_API_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include <stresskit/version.h>

/* Option types: each value is parsed into its final form, range-checked
 * and stored when the command line is read. */
enum opt_type {
	OPT_COUNT,	/* uint64_t, plain integer */
	OPT_SIZE,	/* uint64_t bytes, K/M/G/T suffixes (powers of 1024) */
	OPT_TIME,	/* double seconds, s/m/h/d/w/y suffixes */
	OPT_BOOL,	/* bool, flag with no value */
	OPT_CHOICE,	/* unsigned index into .choices */
	OPT_STRING,	/* const char *, pointing into argv */
	OPT_LIST,	/* struct opt_list: comma-separated counts or names */
	OPT_CPU_LIST,	/* struct opt_cpus: "0,2-3", CPUs this process may use */
	OPT_INSTANCES,	/* uint32_t: N, 0 or negative one per CPU, N% a share */
	OPT_PARSED,	/* a value of the row's own type: .parser */
};

/* OPT_LIST: the items in order; a count, or an index into .choices. */
#define OPT_LIST_MAX 256
struct opt_list {
	uint32_t n;
	uint32_t v[OPT_LIST_MAX];
};

/* OPT_CPU_LIST: a CPU mask, up to 1024 CPUs. */
struct opt_cpus {
	uint64_t mask[16];
};

/* Flags of an option row. Bits 16 and up are the core's own, for its
 * subcommands' rows; a plugin's rows leave them 0. */
enum {
	OPT_ONE_WORD   = 1u << 0,	/* OPT_STRING: no blanks */
	OPT_INCREASING = 1u << 1,	/* OPT_LIST of counts: strictly increasing */
	OPT_DIR        = 1u << 2,	/* OPT_STRING: an existing, writable directory */
	OPT_OUT_FILE   = 1u << 3,	/* OPT_STRING: a file made in a writable directory */
};

struct stressor_opt;

/* OPT_LIST with item names of its own (.item): stores item (len bytes, not
 * NUL-ended) in *out and returns 0; or -EINVAL with one line in err; or
 * OPT_ITEM_NONE for a valid item that adds nothing to the list. */
#define OPT_ITEM_NONE 1
typedef int (*opt_item_fn)(const struct stressor_opt *o, const char *item,
			   size_t len, uint32_t *out, char *err, size_t errlen);

/*
 * OPT_PARSED: a value with a syntax of its own, parsed into size bytes at
 * .offset when the line is read. parse returns 0, or a negative errno and
 * leaves the field alone (the core prints "invalid --NAME 'VAL': expected
 * <.expect>" unless parse wrote a line in err); format writes the value
 * back as typed (--settings). The default is .def_str parsed, else zeros.
 */
struct opt_parser {
	size_t size;
	const char *metavar;		/* --help NAME: "SPEC" */
	int (*parse)(const struct stressor_opt *o, const char *val, void *field,
		     char *err, size_t errlen);
	void (*format)(const struct stressor_opt *o, const void *field,
		       char *out, size_t len);
};

/* .parser = &sk_opt_host_port: HOST:PORT (a name, IPv4 or [IPv6]; port
 * 1-65535) resolved when the line is read. Not given: .len is 0. */
struct sk_host_port {
	struct sockaddr_storage addr;	/* the first address HOST resolves to */
	socklen_t len;			/* of addr; 0: not given */
	const char *text;		/* as typed, for --settings and messages */
};
SK_API extern const struct opt_parser sk_opt_host_port;

/*
 * One option, --NAME, stored at .offset of the stressor's options struct;
 * min/max/def in the type's unit (bytes, seconds, index, list items):
 *   { .name = "pipe-data-size", .type = OPT_SIZE,
 *     .offset = offsetof(struct pipe_opts, data_size),
 *     .min = 8, .max = 4096, .def = 512, .help = "bytes per write()" },
 */
struct stressor_opt {
	const char *name;		/* without dashes: "pipe-data-size" */
	enum opt_type type;
	size_t offset;
	uint64_t min, max, def;
	const char *const *choices;	/* OPT_CHOICE, OPT_LIST: NULL-ended names */
	const char *def_str;		/* OPT_STRING, OPT_LIST, OPT_PARSED: the default as typed */
	const char *help;
	unsigned flags;			/* OPT_ONE_WORD, OPT_INCREASING ... */
	const char *expect;		/* a bad value "expected ..."; NULL: from type and range */
	union {
		opt_item_fn item;			/* OPT_LIST: names of its own */
		const struct opt_parser *parser;	/* OPT_PARSED */
	};
};

#define OPT_TABLE_END { .name = NULL }
#define SK_OPTS_MAX 64	/* rows in one table */

#endif
