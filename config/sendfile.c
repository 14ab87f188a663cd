/* sendfile(2) from a regular file to a descriptor */
#include <sys/sendfile.h>
int main(void) { off_t off = 0; return (int)sendfile(1, 0, &off, 0); }
