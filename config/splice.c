/* splice(2) between a pipe and a descriptor */
#define _GNU_SOURCE
#include <fcntl.h>
int main(void) { return (int)splice(0, 0, 1, 0, 1, SPLICE_F_MOVE); }
