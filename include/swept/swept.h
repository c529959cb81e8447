/* swept/swept.h — umbrella header: everything a user of swept needs. */
#ifndef SWEPT_SWEPT_H
#define SWEPT_SWEPT_H

#include "swept/base.h"
#include "swept/math.h"
#include "swept/shapes.h"
#include "swept/soa.h"
#include "swept/query.h"
#include "swept/batch.h"
#include "swept/cpu.h"
#include "swept/hull.h"
#include "swept/poly2.h"
#include "swept/hull_query.h"
#include "swept/hull_batch.h"
#include "swept/split.h"

#endif
