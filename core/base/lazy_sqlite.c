/*
 * lazy_sqlite.c - libsqlite3's functions that stresskit history calls,
 * loaded on first use (lazy_lib.h). Each line copies the header's
 * prototype; the compiler checks it against <sqlite3.h>.
 */
#include "lazy_lib.h"

#include <sqlite3.h>

#define S(ret, name, params, args) LAZY_FN(lazy_sqlite, ret, name, params, args)

S(int, sqlite3_open_v2, (const char *filename, sqlite3 **ppDb, int flags, const char *zVfs),
  (filename, ppDb, flags, zVfs))
S(int, sqlite3_close_v2, (sqlite3 *db), (db))
S(int, sqlite3_busy_timeout, (sqlite3 *db, int ms), (db, ms))
S(const char *, sqlite3_errmsg, (sqlite3 *db), (db))
S(int, sqlite3_errcode, (sqlite3 *db), (db))
S(int, sqlite3_exec, (sqlite3 *db, const char *sql,
		      int (*callback)(void *, int, char **, char **), void *arg, char **errmsg),
  (db, sql, callback, arg, errmsg))
LAZY_VOID(lazy_sqlite, sqlite3_free, (void *p), (p))
S(int, sqlite3_prepare_v2, (sqlite3 *db, const char *zSql, int nByte, sqlite3_stmt **ppStmt,
			    const char **pzTail), (db, zSql, nByte, ppStmt, pzTail))
S(int, sqlite3_step, (sqlite3_stmt *stmt), (stmt))
S(int, sqlite3_reset, (sqlite3_stmt *stmt), (stmt))
S(int, sqlite3_finalize, (sqlite3_stmt *stmt), (stmt))
S(int, sqlite3_bind_text, (sqlite3_stmt *stmt, int i, const char *v, int n, void (*d)(void *)),
  (stmt, i, v, n, d))
S(int, sqlite3_bind_int, (sqlite3_stmt *stmt, int i, int v), (stmt, i, v))
S(int, sqlite3_bind_int64, (sqlite3_stmt *stmt, int i, sqlite3_int64 v), (stmt, i, v))
S(int, sqlite3_bind_double, (sqlite3_stmt *stmt, int i, double v), (stmt, i, v))
S(int, sqlite3_bind_null, (sqlite3_stmt *stmt, int i), (stmt, i))
S(int, sqlite3_column_type, (sqlite3_stmt *stmt, int i), (stmt, i))
S(const unsigned char *, sqlite3_column_text, (sqlite3_stmt *stmt, int i), (stmt, i))
S(int, sqlite3_column_int, (sqlite3_stmt *stmt, int i), (stmt, i))
S(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt *stmt, int i), (stmt, i))
S(double, sqlite3_column_double, (sqlite3_stmt *stmt, int i), (stmt, i))
S(sqlite3_int64, sqlite3_last_insert_rowid, (sqlite3 *db), (db))
