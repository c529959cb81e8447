/* bench/bench_peers.h — peer libraries timed on the same pairs as a swept query (with -Dpeers): the
 * interface of a peer adapter (bench_peer_*.c, one per library and pair type) and the one place they
 * are registered, <query>_peer/<peer>/<batch>.
 *
 * A peer runs the first <batch> pairs of the pool scene of its swept query every iteration (at about a
 * microsecond per pair the branch-predictor effect the pool avoids does not matter). Before the first
 * timing its hit/miss and time are compared with swept's answers (the reference row's on that scene,
 * the single-pair API's bit for bit), and a summary of the disagreements goes to stderr. */
#ifndef SWEPT_BENCH_PEERS_H
#define SWEPT_BENCH_PEERS_H

#include <stddef.h>

#include "bench_scene.h"

/// A peer's agreement with swept on its pairs, computed once before the first timing.
typedef struct bench_agree {
	double agree;     ///< fraction of pairs where the peer's hit/miss equals swept's (hit = HIT or OVERLAPPED)
	double agree_sep; ///< the same over the pairs swept does not find overlapping at t = 0
	double toi_dmean; ///< mean |peer time − t_first| over the common hits
	double stop_gap;  ///< mean distance left at the peer's time (counter `stop_gap`), or negative: none
} bench_agree;

/// One peer: how its side of a scene's first n pairs is built (shared by the peers of one adapter that
/// name the same `build`), checked against swept and run.
typedef struct bench_peer {
	const char *name; ///< "<query>_peer/<peer>"
	sw_query q;       ///< the swept moving query whose scene and answers it is compared with
	unsigned variant; ///< which of the adapter's calls it runs
	void *(*build)(const gen_batch *g, size_t n);
	/// Compares the peer's answers on the first n pairs with swept's (`want`, the query's reference
	/// answers); writes the figures and prints the summary. 0 when out of memory.
	int (*check)(void *side, unsigned variant, const gen_batch *g, const bench_cols *want, size_t n,
		     bench_agree *out);
	/// One pass over the pairs; returns the number of hits.
	size_t (*pass)(void *side, unsigned variant);
	void (*free)(void *side);
} bench_peer;

/// Distance under which a disagreement with Bullet counts as near-touching: its conservative
/// advancement stops at 1e-3, so answers within about that are a matter of tolerance.
#define BENCH_BULLET_NEAR_GAP 1e-3f

/// Whether a swept status is a hit for the peers' comparison (hit or starts overlapped).
static inline int bench_is_hit(int status) { return status == SW_HIT || status == SW_STARTS_OVERLAPPED; }

/// The tally of a peer's answers against swept's, pair by pair (what every adapter's check reports).
typedef struct bench_tally {
	size_t n, agree, nsep, agree_sep;  ///< pairs, agreeing hit/miss, start separated, agreeing of those
	size_t dis_ovl, dis_hit, dis_miss; ///< disagreements: swept starts overlapped, swept hit, swept miss
	size_t ntoi, late, off;            ///< common hits; peer later than swept; off by more than 1e-2
	double toi_sum, toi_max;           ///< Σ and max of |peer time − t_first| over the common hits
} bench_tally;

/// Adds one pair: swept's status and first time, the peer's hit/miss and time. Returns whether they
/// agree on hit/miss.
int bench_tally_add(bench_tally *t, int status, float t_first, int peer_hit, float peer_t);
/// The agreement figures of a tally (stop_gap is set to −1: none).
void bench_tally_agree(const bench_tally *t, bench_agree *out);

/// The adapters (with -Dpeers, each when its library is found).
extern const bench_peer bench_peer_bullet_box, bench_peer_box2d_toi, bench_peer_box2d_cast,
	bench_peer_bullet_hull_subsimplex, bench_peer_bullet_hull_ccd;
/// The swept circles' peers (bench_peer_circle.c).
extern const bench_peer bench_peer_circle_cast, bench_peer_circle_toi, bench_peer_sphere_subsimplex,
	bench_peer_sphere_ccd;
/// The GJK queries' peers (bench_peer_gjk.c).
extern const bench_peer bench_peer_ccd_gjk, bench_peer_ccd_mpr, bench_peer_bullet_gjk, bench_peer_bullet_gjk_subsimplex,
	bench_peer_bullet_gjk_cast, bench_peer_box2d_distance, bench_peer_box2d_overlap, bench_peer_box2d_gjk_cast,
	bench_peer_box2d_ray;
/// Rays at hulls: Bullet's subsimplex cast of a point (bench_peer_gjk.c).
extern const bench_peer bench_peer_bullet_ray_hull;

/// Registers every peer built in, at batches 1 024 and 16 384. Call before sw_bench_run().
void bench_peers_register(void);

/// Frees the peers' built sides (at exit).
void bench_peers_free(void);

#endif
