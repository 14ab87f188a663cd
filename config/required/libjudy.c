/* libjudy, the redis stressor's store */
/* libs: -lJudy */
/* package: libjudy-dev */
#include <Judy.h>
int main(void) { Pvoid_t a = NULL; Word_t n; JHSFA(n, a); return (int)n; }
