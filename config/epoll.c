/* epoll(7), the redis server's event loop */
#include <sys/epoll.h>
int main(void) { return epoll_create1(EPOLL_CLOEXEC); }
