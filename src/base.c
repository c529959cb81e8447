/* src/base.c — names of statuses. */
#include "swept/base.h"

const char *sw_status_name(sw_status s)
{
	switch (s) {
	case SW_MISS: return "miss";
	case SW_HIT: return "hit";
	case SW_STARTS_OVERLAPPED: return "starts_overlapped";
	case SW_PAIR_INVALID: return "invalid";
	case SW_ITER_LIMIT: return "iter_limit";
	}
	return "?";
}
