/* src/base.c — the names of statuses and errors. */
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

const char *sw_error_name(sw_error e)
{
	switch (e) {
	case SW_OK: return "ok";
	case SW_ERR_NULL: return "null";
	case SW_ERR_SIZE: return "size";
	case SW_ERR_NOMEM: return "nomem";
	case SW_ERR_ARG: return "arg";
	case SW_ERR_ALIGN: return "align";
	case SW_ERR_UNSUPPORTED: return "unsupported";
	case SW_ERR_EMPTY: return "empty";
	case SW_ERR_INPUT: return "input";
	case SW_ERR_TOO_FEW: return "too_few";
	case SW_ERR_COLLINEAR: return "collinear";
	case SW_ERR_FLAT: return "flat";
	case SW_ERR_TOO_MANY: return "too_many";
	case SW_ERR_NUMERIC: return "numeric";
	case SW_ERR_BAD_COUNT: return "bad_count";
	case SW_ERR_DUPLICATE: return "duplicate";
	case SW_ERR_CLOCKWISE: return "clockwise";
	case SW_ERR_NOT_CONVEX: return "not_convex";
	case SW_ERR_FACES_INDEX: return "faces_index";
	case SW_ERR_FACES_DEGENERATE: return "faces_degenerate";
	case SW_ERR_FACES_OPEN: return "faces_open";
	case SW_ERR_FACES_NONMANIFOLD: return "faces_nonmanifold";
	case SW_ERR_FACES_WINDING: return "faces_winding";
	case SW_ERR_FACES_EULER: return "faces_euler";
	case SW_ERR_FACES_INWARD: return "faces_inward";
	case SW_ERR_FACES_NONPLANAR: return "faces_nonplanar";
	case SW_ERR_FACES_COPLANAR: return "faces_coplanar";
	}
	return "?";
}
