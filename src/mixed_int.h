/* src/mixed_int.h — the query a mixed call (swept/mixed.h) answers a pair of source kinds by, for the
 * tests that check it against each query's own answers. */
#ifndef SWEPT_MIXED_INT_H
#define SWEPT_MIXED_INT_H

#include "job.h"
#include "swept/mixed.h"

/// The query (an sw_query) a mixed call of answer kind ans runs for a pair of sources (a, b), with
/// *swap set when it takes them exchanged; −1 when none does.
int sw_mixed_route(sw_answer ans, sw_src a, sw_src b, int *swap);

#endif
