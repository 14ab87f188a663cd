/*
 * lazy_judy.c - libJudy's functions that the redis store calls, loaded on
 * first use (lazy_lib.h): by the redis stressor's prepare, in the
 * controller, before any fork. Each line copies the header's prototype;
 * the compiler checks it against <Judy.h>.
 */
#include "lazy_lib.h"

#include <Judy.h>

#define JU(ret, name, params, args) LAZY_FN(lazy_judy, ret, name, params, args)

JU(PPvoid_t, JudyLGet, (Pcvoid_t PArray, Word_t Index, P_JE), (PArray, Index, PJError))
JU(PPvoid_t, JudyLIns, (PPvoid_t PPArray, Word_t Index, P_JE), (PPArray, Index, PJError))
JU(int, JudyLDel, (PPvoid_t PPArray, Word_t Index, P_JE), (PPArray, Index, PJError))
JU(PPvoid_t, JudyLFirst, (Pcvoid_t PArray, Word_t *PIndex, P_JE), (PArray, PIndex, PJError))
JU(Word_t, JudyLFreeArray, (PPvoid_t PPArray, P_JE), (PPArray, PJError))
JU(PPvoid_t, JudyHSGet, (Pcvoid_t PArray, void *Str, Word_t Len), (PArray, Str, Len))
JU(PPvoid_t, JudyHSIns, (PPvoid_t PPArray, void *Str, Word_t Len, P_JE),
   (PPArray, Str, Len, PJError))
JU(int, JudyHSDel, (PPvoid_t PPArray, void *Str, Word_t Len, P_JE),
   (PPArray, Str, Len, PJError))
JU(Word_t, JudyHSFreeArray, (PPvoid_t PPArray, P_JE), (PPArray, PJError))
