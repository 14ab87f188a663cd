/* vmsplice(2) of user pages into a pipe */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/uio.h>
int main(void) { struct iovec v = { 0, 0 }; return (int)vmsplice(1, &v, 1, 0); }
