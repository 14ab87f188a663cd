/* jansson, the --json writer and the results document */
/* package: libjansson-dev */
/* its flags through pkg-config (the Makefile's LIBS_PC); loaded on first use (core/base/lazy_lib.h) */
/* libs: -ljansson */
#include <jansson.h>
int main(void) { json_t *j = json_object(); json_decref(j); return 0; }
