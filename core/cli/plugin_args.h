/*
 * plugin_args.h - the plugins a command line asks for, loaded before it
 * is parsed (plugin_args.c).
 */
#ifndef STRESSKIT_PLUGIN_ARGS_H
#define STRESSKIT_PLUGIN_ARGS_H

#include <stddef.h>

/*
 * Loads STRESSKIT_PLUGIN_PATH's plugins (unset: the installed plugin
 * directory; empty: none; skipped for --version and a bare --help), then
 * --plugin FILE and the job file's "plugin FILE" lines; then checks that no two stressors, built in or not, take
 * one option name. Returns 0, or a negative errno with a one-line err.
 */
int cli_load_plugins(int argc, char **argv, char *err, size_t errlen);

#endif
