/*
 * series_figures.h - a results document read back as series with every
 * figure it holds, for compare (series_figures.c, on series.h).
 */
#ifndef STRESSKIT_SERIES_FIGURES_H
#define STRESSKIT_SERIES_FIGURES_H

#include "series.h"

/*
 * As series_from_doc, and every other figure the document holds:
 * NAME.max-rss, times.*, and the run modes' (KEY.*, NAME.OBJECT.*,
 * NAME.OBJECT.SERIES.*: run_mode.h).
 */
int series_from_doc_all(const json_t *doc, struct series_set *set,
			char *err, size_t errlen);

#endif
