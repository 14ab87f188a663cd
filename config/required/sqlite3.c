/* SQLite, the store of stresskit history (core/history/) */
/* package: libsqlite3-dev */
/* loaded on first use (core/base/lazy_lib.h): only history opens a database */
/* libs: -lsqlite3 */
#include <sqlite3.h>
int main(void) { return sqlite3_libversion_number() > 0 ? 0 : 1; }
