/* libseccomp, for --sandbox */
/* libs: -lseccomp */
/* package: libseccomp-dev */
#include <seccomp.h>
int main(void) { scmp_filter_ctx c = seccomp_init(SCMP_ACT_ALLOW); seccomp_release(c); return 0; }
