/* io_uring's uapi header with the xattr opcodes (Linux 5.19) and the syscall numbers */
#include <linux/io_uring.h>
#include <sys/syscall.h>
int main(void) { return IORING_OP_GETXATTR + (int)SYS_io_uring_setup + (int)SYS_io_uring_enter; }
