/*
 * history_store.c - opening a history database and migrating its schema
 * (history_store.h). The schema's version is PRAGMA user_version and the
 * database says it is ours by PRAGMA application_id, so another
 * program's SQLite file is refused rather than written into.
 */
#include "history_store.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "log.h"

/*
 * The schema, one step a version: migrations[v] takes a database of
 * version v to v + 1. A step is only ever added, never edited: a
 * database made by any earlier stresskit walks the same steps.
 */
static const char *const history_migrations[HISTORY_SCHEMA_VERSION] = {
	/* 0 -> 1: series, runs, their labels, metrics and every pass */
	"CREATE TABLE series ("
	"  id INTEGER PRIMARY KEY,"
	"  machine TEXT NOT NULL,"		/* host, CPU model and count */
	"  fingerprint TEXT NOT NULL,"		/* hash of options below */
	"  options TEXT NOT NULL,"		/* compare_options_identity, JSON */
	"  job TEXT NOT NULL,"			/* its stressors, for people */
	"  UNIQUE (machine, fingerprint));"
	"CREATE TABLE runs ("
	"  id INTEGER PRIMARY KEY,"		/* the order runs were added in */
	"  series_id INTEGER NOT NULL REFERENCES series(id),"
	"  content_hash TEXT NOT NULL UNIQUE,"	/* of the file's bytes */
	"  source TEXT NOT NULL,"		/* the path it was added from */
	"  added INTEGER NOT NULL,"		/* epoch seconds */
	"  started INTEGER,"			/* the run's own epoch seconds */
	"  kernel TEXT, kernel_version TEXT, stresskit_version TEXT,"
	"  bogo_versions TEXT,"		/* stressor=version, ... */
	"  environment TEXT);"			/* the document's, JSON */
	"CREATE TABLE labels ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id),"
	"  name TEXT NOT NULL, value TEXT NOT NULL,"
	"  PRIMARY KEY (run_id, name));"
	"CREATE TABLE metrics ("
	"  id INTEGER PRIMARY KEY,"
	"  key TEXT NOT NULL UNIQUE,"		/* stressor.metric, as compare's */
	"  kpi INTEGER NOT NULL,"		/* compare_kpi() */
	"  direction INTEGER NOT NULL);"	/* enum series_direction */
	"CREATE TABLE passes ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id),"
	"  metric_id INTEGER NOT NULL REFERENCES metrics(id),"
	"  pass INTEGER NOT NULL,"		/* 0-based, as in the document */
	"  value REAL NOT NULL,"
	"  PRIMARY KEY (run_id, metric_id, pass)) WITHOUT ROWID;",
	/* 1 -> 2: a metric's values over runs without a scan of every pass */
	"CREATE INDEX passes_by_metric ON passes (metric_id, run_id);",
	/* 2 -> 3: the architecture the run's kernel was built for (KCIDB's build) */
	"ALTER TABLE runs ADD COLUMN arch TEXT;",
	/* 3 -> 4: each stressor's status over the run's passes, in KCIDB's
	 * words ({"pipe": "FAIL"}); NULL for a run stored before: DONE */
	"ALTER TABLE runs ADD COLUMN statuses TEXT;",
};

int history_store_fail(struct history_store *s, const char *what)
{
	log_usage_error("history: %s: %s: %s", s->path, what,
			s->db ? sqlite3_errmsg(s->db) : strerror(ENOMEM));
	return -1;
}

sqlite3_stmt *history_store_prepare(struct history_store *s, const char *sql)
{
	sqlite3_stmt *st = NULL;

	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		history_store_fail(s, "cannot read the database");
		return NULL;
	}
	return st;
}

/* The integer a one-row query gives, or -1 after one line. */
static long long history_store_int(struct history_store *s, const char *sql)
{
	sqlite3_stmt *st = history_store_prepare(s, sql);
	long long v = -1;

	if (!st)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else
		history_store_fail(s, "not a history database");
	sqlite3_finalize(st);
	return v;
}

static int history_store_exec(struct history_store *s, const char *sql, const char *what)
{
	return sqlite3_exec(s->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 :
	       history_store_fail(s, what);
}

int history_store_begin(struct history_store *s)
{
	return history_store_exec(s, "BEGIN IMMEDIATE", "cannot start a transaction");
}

int history_store_commit(struct history_store *s)
{
	return history_store_exec(s, "COMMIT", "cannot commit");
}

void history_store_rollback(struct history_store *s)
{
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

/*
 * Whether the database is ours at a version this stresskit knows: 1 it
 * is and is current, 0 it needs the steps from *version, -1 refused
 * (after one line).
 */
static int history_store_check(struct history_store *s, long long *version)
{
	long long app = history_store_int(s, "PRAGMA application_id");
	long long tables;

	if (app < 0)
		return -1;
	*version = history_store_int(s, "PRAGMA user_version");
	if (*version < 0)
		return -1;
	if (app == 0 && *version == 0) {
		tables = history_store_int(s, "SELECT count(*) FROM sqlite_master");
		if (tables != 0) {
			if (tables > 0)
				log_usage_error("history: %s: an SQLite database of another "
						"program, not a stresskit history", s->path);
			return -1;
		}
		return 0;	/* empty: made ours below */
	}
	if (app != HISTORY_APPLICATION_ID) {
		log_usage_error("history: %s: an SQLite database of another program "
				"(application_id %#llx), not a stresskit history", s->path, app);
		return -1;
	}
	if (*version > HISTORY_SCHEMA_VERSION) {
		log_usage_error("history: %s: schema version %lld is newer than this "
				"stresskit's (%d): use the stresskit that wrote it", s->path,
				*version, HISTORY_SCHEMA_VERSION);
		return -1;
	}
	return *version == HISTORY_SCHEMA_VERSION;
}

/* The steps from the database's version to ours, in one transaction:
 * checked again inside it, as another process may have migrated first. */
static int history_store_migrate(struct history_store *s)
{
	long long v;
	char sql[96];
	int rc;

	if (history_store_begin(s))
		return -1;
	rc = history_store_check(s, &v);
	for (; rc == 0 && v < HISTORY_SCHEMA_VERSION; v++)
		rc = history_store_exec(s, history_migrations[v], "cannot migrate the schema");
	if (!rc) {
		snprintf(sql, sizeof(sql), "PRAGMA application_id = %d; PRAGMA user_version = %d",
			 HISTORY_APPLICATION_ID, HISTORY_SCHEMA_VERSION);
		rc = history_store_exec(s, sql, "cannot migrate the schema");
	}
	if (rc < 0) {
		history_store_rollback(s);
		return -1;
	}
	return history_store_commit(s);
}

int history_store_open(struct history_store *s, const char *path, bool create)
{
	int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
	struct stat st;
	long long v;
	int rc;

	*s = (struct history_store){ .path = path };
	/* sqlite names neither case well ("unable to open database file") */
	if (stat(path, &st)) {
		if (errno != ENOENT || !create) {
			log_usage_error("history: %s: %s", path, errno == ENOENT ?
					"no such history database" : strerror(errno));
			return -1;
		}
	} else if (!S_ISREG(st.st_mode)) {
		log_usage_error("history: %s: not a file", path);
		return -1;
	}
	if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
		history_store_fail(s, "cannot open");
		history_store_close(s);
		return -1;
	}
	sqlite3_busy_timeout(s->db, HISTORY_BUSY_MS);
	/* the check's reads in one read transaction: another writer's
	 * first add, committed between them, would make a database half
	 * ours (tables, no application_id) to them */
	if (history_store_exec(s, "BEGIN", "cannot read the database")) {
		history_store_close(s);
		return -1;
	}
	rc = history_store_check(s, &v);
	history_store_rollback(s);
	if (rc == 0)
		rc = history_store_migrate(s) ? -1 : 1;
	if (rc < 0) {
		history_store_close(s);
		return -1;
	}
	return history_store_exec(s, "PRAGMA foreign_keys = ON", "cannot open");
}

void history_store_close(struct history_store *s)
{
	if (s->db)
		sqlite3_close_v2(s->db);
	s->db = NULL;
}
