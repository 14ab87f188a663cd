/* fcntl(F_SETPIPE_SZ): resizing a pipe */
#define _GNU_SOURCE
#include <fcntl.h>
int main(void) { return fcntl(0, F_SETPIPE_SZ, 65536); }
