/* memfd_create(2): an anonymous file on shmem */
#define _GNU_SOURCE
#include <sys/mman.h>
int main(void) { return memfd_create("probe", 0); }
