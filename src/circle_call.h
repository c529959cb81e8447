/* src/circle_call.h — what the earliest-hit and collide-and-slide calls (src/circle_earliest.c,
 * src/circle_slide.c) share: the family of a call (2D circles and segments, or 3D spheres and
 * triangles) seen through one interface with 3-float vectors (z = 0 in 2D), the movers read from
 * their set, and a window of pairs swept at a time by the batched pipeline into working columns. */
#ifndef SWEPT_CIRCLE_CALL_H
#define SWEPT_CIRCLE_CALL_H

#include "job.h"

/// A call: its query, its movers and geometry.
typedef struct circle_call {
	sw_query q;
	int dim; ///< 2 or 3
	const void *movers, *geo;
	size_t n_movers;
} circle_call;

/// The call of a family's sets (dim 2: sw_circle2_set and sw_seg2_set; 3: sw_circle3_set, sw_tri3_set).
circle_call circle_call_of(int dim, const void *movers, const void *geo);

/// Mover i (< n_movers): centre, radius, displacement; whether it satisfies the input contract alone.
int circle_mover(const circle_call *c, size_t i, float centre[3], float *r, float disp[3]);

/// A window of pairs and their answers: SW_CIRCLE_WINDOW rows of every cast column.
typedef struct circle_window {
	sw_pair pairs[SW_CIRCLE_WINDOW];
	uint32_t index[SW_CIRCLE_WINDOW]; ///< the pair's index in the call
	uint8_t status[SW_CIRCLE_WINDOW];
	uint32_t feature[SW_CIRCLE_WINDOW];
	float f[11][SW_CIRCLE_WINDOW]; ///< the cast columns, sw_cast_results order
	float key[SW_CIRCLE_WINDOW];   ///< the earliest hit's fold key of each pair
} circle_window;

/// Sweeps pairs [0, n) (the window's own or the caller's) of movers `movers` (a set of the call's kind)
/// against the call's geometry through the pipeline into the window's columns, every column asked for
/// (the z columns in 3D only).
sw_error circle_window_sweep(const circle_call *c, const void *movers, const sw_pair *pairs, circle_window *w, size_t n,
			     const sw_circle_opts *opts, const sw_batch_opts *run);

/// Prepares a window for the call's sweeps: in 2D the z columns, which the sweeps leave alone, are
/// zeroed (the rest is written before it is read).
void circle_window_init(const circle_call *c, circle_window *w);

/// Row l of a window as a single answer (z = 0 in 2D).
sw_cast_result circle_window_row(const circle_window *w, size_t l);

/// Writes answer r into row k of `out`, the z columns only in 3D.
void circle_put(const circle_call *c, const sw_cast_results *out, size_t k, const sw_cast_result *r);

#endif
