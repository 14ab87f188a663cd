/*
 * history_store.h - the SQLite database behind stresskit history: opened
 * (created only by add), checked to be ours, its schema migrated forward,
 * and the few statements every subcommand shares. A series is one job on
 * one machine: the options that make two runs comparable (their
 * fingerprint) on one host; a run is one results document, each of its
 * passes a row per metric. Writers take the database in an immediate
 * transaction and wait up to HISTORY_BUSY_MS for another, so two runs
 * finishing at once both land.
 */
#ifndef STRESSKIT_HISTORY_STORE_H
#define STRESSKIT_HISTORY_STORE_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

/* The schema this stresskit writes; older ones are migrated up to it. */
#define HISTORY_SCHEMA_VERSION 4
/* PRAGMA application_id of a history database: "SKH1" */
#define HISTORY_APPLICATION_ID 0x534b4831
/* How long a writer waits for another's transaction: a nightly job's add
 * takes milliseconds, a report reading a large history a second or two */
#define HISTORY_BUSY_MS 30000

struct history_store {
	sqlite3 *db;
	const char *path;
};

/*
 * Opens path (creating it when create, else it must exist), checks it is
 * a history database (or an empty one, which it makes so) and migrates
 * its schema forward. Returns 0, or -1 after one line naming the path and
 * the cause: missing, not an SQLite file, another program's database, a
 * schema newer than this stresskit's.
 */
int history_store_open(struct history_store *s, const char *path, bool create);
void history_store_close(struct history_store *s);

/* BEGIN IMMEDIATE / COMMIT / ROLLBACK; 0 or -1 after one line. */
int history_store_begin(struct history_store *s);
int history_store_commit(struct history_store *s);
void history_store_rollback(struct history_store *s);

/*
 * A statement of sql, or NULL after one line (the caller's cmd names the
 * subcommand). Bound and stepped with sqlite3's own calls, finalized by
 * the caller.
 */
sqlite3_stmt *history_store_prepare(struct history_store *s, const char *sql);
/* One line "history: PATH: WHAT: sqlite's message"; returns -1. */
int history_store_fail(struct history_store *s, const char *what);

/* SQLITE_TRANSIENT without the cast in every caller */
#define HISTORY_COPY ((sqlite3_destructor_type)-1)

#endif
