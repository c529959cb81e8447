/* src/job.h — the contract between the batched pipeline (src/pipeline.c) and the kernels: one job per
 * chunk of a call, one kernel signature for every query and tier, and the kernel table. Everything per
 * query follows from the query list (src/queries.h).
 *
 * A kernel answers the pairs [off, off + n) of the call: pair off + i, or off + order[i] when the
 * pipeline's ordering stage gave an order, and writes each answer at that pair's index of the results.
 * Lane blocks run source (gather from the sets, or load packed blocks) → core → store. A kernel
 * checks pair indices against the sets' counts itself (an index out of range makes that pair
 * SW_PAIR_INVALID), and every count it reads from caller-writable memory before using it. */
#ifndef SWEPT_JOB_H
#define SWEPT_JOB_H

#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "contract.h"
#include "queries.h"
#include "sets.h"
#include "sw_config.h"
#include "swept/advanced.h"
#include "swept/cpu.h"
#include "swept/split.h"

/// One query of the list.
typedef enum sw_query {
#define SW_Q_ENUM(t, name, a, b, opts, answer, order, pub) SW_Q_##name,
	SW_QUERIES(SW_Q_ENUM, _)
#undef SW_Q_ENUM
		SW_Q_COUNT
} sw_query;

/// What one side of a query reads.
typedef enum sw_src {
	SW_SRC_NONE,
	SW_SRC_OBB3,            ///< sw_obb3_set
	SW_SRC_TRI3,            ///< sw_tri3_set
	SW_SRC_POLY2,           ///< sw_poly2_set
	SW_SRC_HULL3,           ///< sw_hull3_set
	SW_SRC_OBB3_BLOCK,      ///< sw_obb3_block[]
	SW_SRC_OBB3_TRI3_BLOCK, ///< sw_obb3_tri3_block[]
	SW_SRC_POLY2_BLOCK,     ///< sw_poly2_block[]
	SW_SRC_CIRCLE2,         ///< sw_circle2_set
	SW_SRC_SEG2,            ///< sw_seg2_set
	SW_SRC_CIRCLE3,         ///< sw_circle3_set
	SW_SRC_SPLIT_POLY2,     ///< sw_split_src (src/split_job.h): a 2D polygon soup and its planes
	SW_SRC_SPLIT_POLY3,     ///< sw_split_src: a 3D polygon soup and its planes
	SW_SRC_SPLIT_TRI3,      ///< sw_split_src: a triangle soup and its planes
	SW_SRC_SPLIT_HULL3,     ///< sw_split_src: hulls and their planes
	SW_SRC_SHAPE3,          ///< sw_shape3_set
	SW_SRC_SHAPE2,          ///< sw_shape2_set
	SW_SRC_RAY3,            ///< sw_ray3_set
	SW_SRC_RAY2,            ///< sw_ray2_set
	SW_SRC_CIRCLE_BLOCK,    ///< sw_circle2_seg2_block[]
} sw_src;

/// The options struct of a query.
typedef enum sw_opts_kind { SW_OPTS_NONE, SW_OPTS_SWEEP, SW_OPTS_CIRCLE, SW_OPTS_SPLIT, SW_OPTS_GJK } sw_opts_kind;

/// Storage for the options struct of any kind.
typedef union sw_opts_any {
	sw_sweep_opts sweep;
	sw_circle_opts circle;
	sw_split_opts split;
	sw_gjk_opts gjk;
} sw_opts_any;

/// The options of kind k with `one_sided` as given and every other field at its default (the
/// pipeline's), in *o; NULL for a query without options. The drivers and benchmarks run every query
/// through this, both ways where it has a side.
static inline const void *sw_opts_sided(sw_opts_kind k, uint32_t one_sided, sw_opts_any *o)
{
	memset(o, 0, sizeof *o);
	if (k == SW_OPTS_SWEEP)
		o->sweep.one_sided = one_sided;
	if (k == SW_OPTS_CIRCLE)
		o->circle = (sw_circle_opts){one_sided, 0.0f, 4};
	return k == SW_OPTS_NONE ? NULL : o;
}

/// The kind of answer, i.e. the results struct a kernel writes.
typedef enum sw_answer {
	SW_ANS_SWEEP,    ///< sw_sweep_results
	SW_ANS_OVERLAP,  ///< sw_overlap_results
	SW_ANS_CAST,     ///< sw_cast_results
	SW_ANS_DISTANCE, ///< sw_distance_results
	SW_ANS_PIECES,   ///< sw_pieces_results: variable-length answers (below)
	SW_ANS_HULLS,    ///< sw_split_hull_results (src/split_job.h)
	SW_ANS_MASS,     ///< sw_split_mass_results (swept/split.h)
	SW_ANS_COUNT
} sw_answer;

/// Whether a source holds 2D shapes (its queries leave the answers' z columns alone).
static inline int sw_src_planar(sw_src s)
{
	return s == SW_SRC_POLY2 || s == SW_SRC_POLY2_BLOCK || s == SW_SRC_CIRCLE2 || s == SW_SRC_SPLIT_POLY2 ||
	       s == SW_SRC_SHAPE2 || s == SW_SRC_RAY2 || s == SW_SRC_CIRCLE_BLOCK;
}

/// Whether a source is the items of a split call: items [0, n) with no pair list, each answered by
/// itself. The pair drivers (tests/tiers.c, tests/misuse.c, the fuzz target over the list, the query
/// benchmarks) leave these rows to the split driver (tests/split_tiers.c) and bench/bench_split.c.
static inline int sw_src_split(sw_src s) { return s >= SW_SRC_SPLIT_POLY2 && s <= SW_SRC_SPLIT_HULL3; }

/// Bytes of one packed lane block of a block source (0 for sets).
size_t sw_src_block_size(sw_src s);

/* ---- any answer kind as its columns: status, feature, then its float columns in declaration order
 * (every results struct of swept/batch.h is laid out so); the drivers, the pipeline's checks and the
 * benchmarks handle every kind through this ---- */

/// Most float columns of an answer kind. (A split answer's second column is its class byte, not a
/// feature: the pair drivers leave split rows alone, see sw_src_split.)
#define SW_MAX_FLOAT_COLS 11

/// A results struct of any kind, as its columns.
typedef struct sw_columns {
	uint8_t *status;
	uint32_t *feature;
	float *f[SW_MAX_FLOAT_COLS];
} sw_columns;

/// The float columns of an answer kind, and the mask of those that are z components.
static inline int sw_answer_floats(sw_answer k)
{
	static const int n[SW_ANS_COUNT] = {5, 4, 11, 10, 0, 0, 8};
	return n[k];
}
static inline unsigned sw_answer_zmask(sw_answer k)
{
	static const unsigned z[SW_ANS_COUNT] = {
		1u << 4, 1u << 3, 1u << 4 | 1u << 7 | 1u << 10, 1u << 3 | 1u << 6 | 1u << 9, 0, 0, 1u << 4 | 1u << 7};
	return z[k];
}

_Static_assert(sizeof(sw_sweep_results) == 7 * sizeof(void *) && sizeof(sw_overlap_results) == 6 * sizeof(void *) &&
		       sizeof(sw_cast_results) == 13 * sizeof(void *) &&
		       sizeof(sw_distance_results) == 12 * sizeof(void *) &&
		       sizeof(sw_split_mass_results) == 10 * sizeof(void *),
	       "results structs are their columns");

/// Storage for a results struct of any kind.
typedef union sw_any_results {
	sw_sweep_results sweep;
	sw_overlap_results overlap;
	sw_cast_results cast;
	sw_distance_results distance;
} sw_any_results;

/// The columns of `out`, a results struct of kind k (float columns past the kind's are NULL).
static inline sw_columns sw_columns_of(sw_answer k, const void *out)
{
	sw_columns c;
	memset(&c, 0, sizeof c);
	memcpy(&c, out, (size_t)(2 + sw_answer_floats(k)) * sizeof(void *));
	return c;
}

/// Writes columns c as a results struct of kind k into `out` (storage for that struct).
static inline void sw_columns_store(sw_answer k, const sw_columns *c, void *out)
{
	memcpy(out, c, (size_t)(2 + sw_answer_floats(k)) * sizeof(void *));
}

/* ---- variable-length answers (SW_ANS_PIECES): per item a status, a class byte and the elements of
 * up to two sides (a split's front and back pieces), packed in item order with prefix offsets. A
 * call runs in one pass in item order when one thread runs and every wanted side has room for the
 * items' worst case, else in two: a counting pass, the prefix sums, a writing pass at those
 * offsets (the passes' chunks on threads alike). A kernel of such a query:
 *   SW_PASS_COUNT  writes first[i + 1] = item i's element count of each wanted side, nothing else;
 *   SW_PASS_SEQ    writes item i's elements from first[i] (the previous item's end, which the pipeline
 *                  sets to 0 for item 0), then first[i + 1], its status and class;
 *   SW_PASS_AT     writes item i's elements from first[i] (final offsets), its status and class, and
 *                  not `first` (a neighbouring chunk reads it). ---- */

/// Which pass of a variable-length answer a kernel runs.
typedef enum sw_pass { SW_PASS_SEQ, SW_PASS_COUNT, SW_PASS_AT } sw_pass;

/// One side of a variable-length answer: item i's elements are elems[first[i] .. first[i + 1]).
typedef struct sw_piece_side {
	float *elems;    ///< elements (floats each as the query defines); NULL only with capacity 0
	float *attrs;    ///< per-element attributes, or NULL
	size_t capacity; ///< room in elems, in elements
	uint32_t *first; ///< n + 1 offsets, or NULL: the side is not wanted
	size_t *total;   ///< out: elements written, or needed when the call returns SW_ERR_SIZE
} sw_piece_side;

/// The results of a variable-length answer.
typedef struct sw_pieces_results {
	uint8_t *status; ///< sw_status per item
	uint8_t *cls;    ///< the query's class per item, or NULL
	sw_piece_side side[2];
	size_t worst; ///< an upper bound of either side's total (set by the entry point)
	sw_pass pass; ///< set by the pipeline
} sw_pieces_results;

/// One chunk of a batched call, as a kernel sees it.
typedef struct sw_job {
	const void *a, *b;     ///< the sources (sets; packed blocks in a)
	const sw_pair *pairs;  ///< the call's pair list (NULL for packed queries)
	const uint32_t *order; ///< pairs of this chunk in this order (relative to off), or NULL
	const void *opts;      ///< the query's options (never NULL when it has any)
	const void *out;       ///< the call's results (the answer kind's struct)
	void *scratch;         ///< this thread's scratch, SW_SCRATCH bytes aligned to 64, or NULL
	size_t off, n;         ///< the pairs [off, off + n) (off a multiple of 16)
} sw_job;

/// Per-thread scratch a kernel may use (the hull kernels' working rows, the GJK kernels' lane state).
#define SW_SCRATCH SW_HULL_CALL_SCRATCH

/// Whether a query's kernels use the per-thread scratch.
static inline int sw_query_scratch(sw_src a, sw_opts_kind opts) { return a == SW_SRC_HULL3 || opts == SW_OPTS_GJK; }

/// Every kernel, reference row and tier alike.
typedef void sw_kernel_fn(const sw_job *job);

/// The ordering stage of a query: writes order[0, n) for the pairs [off, off + n) of the job.
typedef void sw_order_fn(const sw_job *job, uint32_t *order);

/// What the pipeline knows of a query.
typedef struct sw_query_desc {
	const char *name;
	sw_src a, b;
	sw_opts_kind opts;
	sw_answer answer;
	sw_order_fn *order; ///< NULL: pairs in the given order
	int pub; ///< 1: src/entries.c defines its public function; 0: a _test twin, or a split row (its call is its
		 ///< own)
} sw_query_desc;

/// The descriptors, indexed by sw_query.
extern const sw_query_desc sw_query_descs[SW_Q_COUNT];

/* the ordering stages the list names */
sw_order_fn sw_poly2_by_size;
/* the polygon distance row's: by size, the pairs it sends to GJK with no pass (sw_poly2_dist_large) last */
sw_order_fn sw_poly2_dist_by_size;
/* the fraction of lane work of a polygon batch that is real on the active tier, with or without the
 * ordering stage (benchmarks report it): Σ (n_A + n_B)² over Σ over blocks of W·(max n_A + max n_B)² */
double sw_poly2_lane_utilisation(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t n,
				 const sw_batch_opts *run, int ordered);
#define SW_PUB_YES 1
#define SW_PUB_NO 0
#define SW_ORDER_NONE NULL
#define SW_ORDER_POLY2_BY_SIZE sw_poly2_by_size
#define SW_ORDER_POLY2_DIST sw_poly2_dist_by_size
/* the GJK queries' (src/gjk_batch.c): pairs grouped by the types and vertex counts of their shapes */
sw_order_fn sw_gjk3_by_class, sw_gjk3_ray_by_class, sw_gjk3_hull_by_size, sw_gjk3_hull_obb_by_size,
	sw_gjk3_ray_hull_by_size;
sw_order_fn sw_gjk2_by_class, sw_gjk2_ray_by_class;
#define SW_ORDER_G3_CLASS sw_gjk3_by_class
#define SW_ORDER_G3_RAY sw_gjk3_ray_by_class
#define SW_ORDER_G3_HULL sw_gjk3_hull_by_size
#define SW_ORDER_G3_HULL_OBB sw_gjk3_hull_obb_by_size
#define SW_ORDER_G3_RAY_HULL sw_gjk3_ray_hull_by_size
#define SW_ORDER_G2_CLASS sw_gjk2_by_class
#define SW_ORDER_G2_RAY sw_gjk2_ray_by_class

/* prototypes: the reference rows (src/<family>_batch.c) and every compiled tier (src/kernels/) */
#define SW_KERNEL_PROTO(t, name, a, b, opts, answer, order, pub) sw_kernel_fn sw_##name##_##t;
SW_QUERIES(SW_KERNEL_PROTO, ref)
#define SW_TIER_PROTOS(t, isa) SW_QUERIES(SW_KERNEL_PROTO, t)
SW_TIERS(SW_TIER_PROTOS)
#undef SW_TIER_PROTOS

/// In a kernel template (after kernels/wide.h): exports the template's static <name>_kernel as this
/// tier's sw_<name>_<tier>.
#define SW_EXPORT(name) \
	void SW_FN(sw_##name)(const sw_job *job) { name##_kernel(job); }

/* ---- results seen from a chunk: the columns from pair `at` on (NULL columns stay NULL) ---- */

#define SW_COL_AT(p, at) ((p) ? (p) + (at) : NULL)

static inline sw_sweep_results sw_sweep_view(const sw_sweep_results *o, size_t at)
{
	sw_sweep_results r = {SW_COL_AT(o->status, at), SW_COL_AT(o->feature, at), SW_COL_AT(o->t_first, at),
			      SW_COL_AT(o->t_last, at), SW_COL_AT(o->nx, at),      SW_COL_AT(o->ny, at),
			      SW_COL_AT(o->nz, at)};
	return r;
}

static inline sw_overlap_results sw_overlap_view(const sw_overlap_results *o, size_t at)
{
	sw_overlap_results r = {SW_COL_AT(o->status, at), SW_COL_AT(o->feature, at), SW_COL_AT(o->depth, at),
				SW_COL_AT(o->nx, at),     SW_COL_AT(o->ny, at),      SW_COL_AT(o->nz, at)};
	return r;
}

/* ---- one pair's answer into batched results (the reference rows, the scalar stores) ---- */

/// Writes one answer into row k of columns c: its status, feature and n float fields (NULL columns
/// skipped).
static inline void sw_columns_put(const sw_columns *c, size_t k, sw_status st, uint32_t feature, const float *v, int n)
{
	c->status[k] = (uint8_t)st;
	if (c->feature)
		c->feature[k] = feature;
	for (int i = 0; i < n; i++)
		if (c->f[i])
			c->f[i][k] = v[i];
}

/// Writes pair k's sweep answer into the columns that are not NULL.
static inline void sw_sweep_put(const sw_sweep_results *o, size_t k, const sw_sweep_result *r)
{
	const float v[5] = {r->t_first, r->t_last, r->normal.x, r->normal.y, r->normal.z};
	const sw_columns c = sw_columns_of(SW_ANS_SWEEP, o);
	sw_columns_put(&c, k, r->status, r->feature, v, 5);
}

/// Whether an overlap call asks for more than the first separating axis (swept/batch.h).
static inline int sw_overlap_full(const sw_overlap_results *o) { return o->depth || o->nx || o->ny || o->nz; }

/// Writes pair k's overlap answer into the columns that are not NULL; a HIT's feature is
/// SW_FEATURE_NONE when the call asks for neither depth nor normal.
static inline void sw_overlap_put(const sw_overlap_results *o, size_t k, const sw_overlap_result *r)
{
	const float v[4] = {r->depth, r->normal.x, r->normal.y, r->normal.z};
	const sw_columns c = sw_columns_of(SW_ANS_OVERLAP, o);
	sw_columns_put(&c, k, r->status, r->status == SW_HIT && !sw_overlap_full(o) ? SW_FEATURE_NONE : r->feature, v,
		       4);
}

/// Writes pair k's cast answer into the columns that are not NULL.
static inline void sw_cast_put(const sw_cast_results *o, size_t k, const sw_cast_result *r)
{
	const float v[11] = {r->t,        r->depth,    r->point.x, r->point.y, r->point.z, r->normal.x,
			     r->normal.y, r->normal.z, r->slide.x, r->slide.y, r->slide.z};
	const sw_columns c = sw_columns_of(SW_ANS_CAST, o);
	sw_columns_put(&c, k, r->status, r->feature, v, 11);
}

/// Writes pair k's distance answer into the columns that are not NULL.
static inline void sw_distance_put(const sw_distance_results *o, size_t k, const sw_distance_result *r)
{
	const float v[10] = {r->distance,  r->normal.x,  r->normal.y,  r->normal.z,  r->point_a.x,
			     r->point_a.y, r->point_a.z, r->point_b.x, r->point_b.y, r->point_b.z};
	const sw_columns c = sw_columns_of(SW_ANS_DISTANCE, o);
	sw_columns_put(&c, k, r->status, r->feature, v, 10);
}

/// Writes pair k's first-separating-axis test answer (the "_test" rows): status and feature only.
static inline void sw_test_put(const sw_overlap_results *o, size_t k, sw_status st, uint32_t axis)
{
	o->status[k] = (uint8_t)st;
	if (o->feature)
		o->feature[k] = axis;
}

/* ---- set items as the reference rows read them; 0 when the index is out of range ---- */

static inline int sw_obb3_at(const sw_obb3_set *s, uint32_t i, sw_box3 *box, sw_vec3 *disp)
{
	if (i >= s->t.count)
		return 0;
	*box = (sw_box3){{s->px[i], s->py[i], s->pz[i]},
			 {s->qx[i], s->qy[i], s->qz[i], s->qw[i]},
			 {s->hx[i], s->hy[i], s->hz[i]}};
	*disp = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

static inline int sw_tri3_at(const sw_tri3_set *s, uint32_t i, sw_tri3 *t, sw_vec3 *disp)
{
	if (i >= s->t.count)
		return 0;
	*t = (sw_tri3){{s->ax[i], s->ay[i], s->az[i]}, {s->bx[i], s->by[i], s->bz[i]}, {s->cx[i], s->cy[i], s->cz[i]}};
	*disp = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

/// Box `s` (a or b) of lane l of a packed block (fields <s>c, <s>q, <s>h).
#define SW_BLOCK_BOX(blk, s, l)                                                                  \
	((sw_box3){{(blk)->s##c[0][l], (blk)->s##c[1][l], (blk)->s##c[2][l]},                    \
		   {(blk)->s##q[0][l], (blk)->s##q[1][l], (blk)->s##q[2][l], (blk)->s##q[3][l]}, \
		   {(blk)->s##h[0][l], (blk)->s##h[1][l], (blk)->s##h[2][l]}})

/* the tier ladder (src/cpu.c): a tier's step on its architecture's ladder (NEON sits at the first
 * step on arm64, like SSE4 on x86-64), and whether a tier belongs to this architecture's ladder */
int sw_isa_rank_(sw_isa isa);
int sw_isa_native_(sw_isa isa);

/// A kernel table: the reference rows, upgraded tier by tier up to a cap.
typedef struct sw_kernels {
	sw_isa isa;
	sw_kernel_fn *fn[SW_Q_COUNT];
} sw_kernels;

/// The active table (initialised on first use).
const sw_kernels *sw_kernels_get(void);
/// The table capped at `isa`, or NULL when that tier is unavailable (tests and benchmarks compare tiers).
const sw_kernels *sw_kernels_for(sw_isa isa);
/// The table of the highest available tier at or below `cap` (a tier of this architecture).
const sw_kernels *sw_kernels_capped(sw_isa cap);

#endif
