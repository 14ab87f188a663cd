/* libyaml, the --yaml emitter */
/* package: libyaml-dev */
/* its flags through pkg-config (the Makefile's LIBS_PC); loaded on first use (core/base/lazy_lib.h) */
/* libs: -lyaml */
#include <yaml.h>
int main(void) { yaml_emitter_t e; if (!yaml_emitter_initialize(&e)) return 1; yaml_emitter_delete(&e); return 0; }
