/* jansson, the --json writer and the results document */
/* package: libjansson-dev */
/* linked through pkg-config (the Makefile's LIBS_PC), checked here */
/* libs: -ljansson */
#include <jansson.h>
int main(void) { json_t *j = json_object(); json_decref(j); return 0; }
