/*
 * lazy_libm.c - the C library's math functions that stresskit calls (its
 * statistics, plots and reports, all in the controller after a run),
 * loaded on first use (lazy_lib.h). Those the compiler expands inline
 * (fabs, floor, isnan) never come here. Each line copies <math.h>'s
 * prototype, which the compiler checks.
 */
#include "lazy_lib.h"

#include <math.h>

#define M1(name) LAZY_FN(lazy_libm, double, name, (double x), (x))
#define M2(name) LAZY_FN(lazy_libm, double, name, (double x, double y), (x, y))

M1(ceil)
M1(round)
M1(sqrt)
M1(exp)
M1(log)
M1(log10)
M1(log1p)
M1(cos)
M1(erfc)
M1(lgamma)
M2(pow)
M2(fmax)
M2(fmin)
LAZY_FN(lazy_libm, long, lround, (double x), (x))
