/* swept/swept.h — umbrella header: the base types, the CPU tiers and every family's shapes, sets and
 * queries. Packed lane blocks are in swept/advanced.h. */
#ifndef SWEPT_SWEPT_H
#define SWEPT_SWEPT_H

#include "swept/base.h"
#include "swept/math.h"
#include "swept/cpu.h"
#include "swept/batch.h"
#include "swept/obb3.h"
#include "swept/tri3.h"
#include "swept/poly2.h"
#include "swept/hull3.h"
#include "swept/circle.h"
#include "swept/mixed.h"
#include "swept/split.h"
#include "swept/gjk.h"

#endif
