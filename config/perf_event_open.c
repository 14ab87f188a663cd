/* perf_event_open(2) through syscall(2) and its header */
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>
int main(void) { struct perf_event_attr a = { .size = sizeof(a) }; return (int)syscall(__NR_perf_event_open, &a, 0, -1, -1, 0); }
