/* src/hull3_seal.c — the seal of a hull (swept/hull3.h, sw_hull3.seal): a 64-bit hash of everything
 * sw_hull3_check reads, written by the calls that have just checked the hull, so that a hull set can
 * take an unchanged hull without checking it again.
 *
 * The hash reads the counts, centroid, radius and tolerances, the vertices, faces, edges and
 * directions within the counts (clamped to the capacities) and the whole face index array: every
 * byte the check and the set's packing read, and nothing of the unused capacity, which a caller may
 * leave as it likes. Its rounds are those of xxHash64's accumulators (four lanes of
 * acc = rotl(acc + w·P2, 31)·P1, Y. Collet), its finish MurmurHash3's fmix64 (A. Appleby): an
 * order-sensitive hash with full avalanche, a few ns per hundred bytes. It is not a cryptographic
 * hash: it guards against changes, not against a forged seal (see doc/numerics.md). */
#include <stddef.h>
#include <string.h>

#include "hull3_int.h"

/* bump when the rules of sw_hull3_check change: seals written under other rules then never match */
#define SEAL_RULES 1u

#define P1 0x9E3779B185EBCA87ull
#define P2 0xC2B2AE3D27D4EB4Full

_Static_assert(sizeof(sw_hull_face) == 20 && sizeof(sw_hull_edge) == 5 && sizeof(sw_vec3) == 12,
	       "the seal hashes these records as bytes: no padding in them");
_Static_assert(offsetof(sw_hull3, verts) == 40, "the seal's header is the bytes before the vertices");

typedef struct seal_acc {
	uint64_t a[4];
} seal_acc;

static inline uint64_t rotl(uint64_t x, int r) { return x << r | x >> (64 - r); }
static inline uint64_t round1(uint64_t acc, uint64_t w) { return rotl(acc + w * P2, 31) * P1; }
static inline uint64_t word(const unsigned char *b)
{
	uint64_t w;
	memcpy(&w, b, sizeof w);
	return w;
}

/* n bytes at p: whole 32-byte blocks over the four lanes, then words, then the last bytes padded
 * with zeros (the lengths follow from the counts, hashed first, so the stream is unambiguous) */
static void absorb(seal_acc *s, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (; n >= 32; n -= 32, b += 32)
		for (int k = 0; k < 4; k++)
			s->a[k] = round1(s->a[k], word(b + 8 * k));
	for (int k = 0; n >= 8; n -= 8, b += 8, k++)
		s->a[k] = round1(s->a[k], word(b));
	if (n) {
		uint64_t w = 0;
		memcpy(&w, b, n);
		s->a[3] = round1(s->a[3], w);
	}
}

static uint32_t clamp(uint32_t n, uint32_t cap) { return n < cap ? n : cap; }

uint64_t sw_hull3_seal_of_(const sw_hull3 *h)
{
	seal_acc s = {{P1 + P2 + SEAL_RULES, P2 + SEAL_RULES, SEAL_RULES, SEAL_RULES - P1}};
	absorb(&s, h, offsetof(sw_hull3, verts));
	absorb(&s, h->verts, clamp(h->num_verts, SW_HULL_MAX_VERTS) * sizeof h->verts[0]);
	absorb(&s, h->faces, clamp(h->num_faces, SW_HULL_MAX_FACES) * sizeof h->faces[0]);
	absorb(&s, h->face_verts, sizeof h->face_verts);
	absorb(&s, h->edges, clamp(h->num_edges, SW_HULL_MAX_EDGES) * sizeof h->edges[0]);
	absorb(&s, h->dirs, clamp(h->num_dirs, SW_HULL_MAX_EDGES) * sizeof h->dirs[0]);
	uint64_t x = rotl(s.a[0], 1) + rotl(s.a[1], 7) + rotl(s.a[2], 12) + rotl(s.a[3], 18);
	x ^= x >> 33;
	x *= 0xFF51AFD7ED558CCDull;
	x ^= x >> 33;
	x *= 0xC4CEB9FE1A85EC53ull;
	x ^= x >> 33;
	return x ? x : 1; /* 0 is never a seal */
}

void sw_hull3_put_seal_(sw_hull3 *h) { h->seal = sw_hull3_seal_of_(h); }

/* what a sealed hull's reader indexes with, in range (a forged seal must not make the set read
 * outside the hull): counts, loops, edge ends, faces and directions */
int sw_hull3_in_range_(const sw_hull3 *h)
{
	if (h->num_verts < 3 || h->num_verts > SW_HULL_MAX_VERTS || h->num_faces < 2 ||
	    h->num_faces > SW_HULL_MAX_FACES || h->num_edges > SW_HULL_MAX_EDGES || h->num_dirs > SW_HULL_MAX_EDGES ||
	    (h->num_faces == 2 && h->num_edges != h->num_verts))
		return 0;
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const sw_hull_face *fc = &h->faces[f];
		if (fc->count < 3 || (uint32_t)fc->first + fc->count > SW_HULL_MAX_FACE_INDICES)
			return 0;
		for (uint32_t k = 0; k < fc->count; k++)
			if (h->face_verts[fc->first + k] >= h->num_verts)
				return 0;
	}
	for (uint32_t e = 0; e < h->num_edges; e++) {
		const sw_hull_edge *ed = &h->edges[e];
		if (ed->v[0] >= h->num_verts || ed->v[1] >= h->num_verts || ed->f[0] >= h->num_faces ||
		    ed->f[1] >= h->num_faces || ed->dir >= h->num_dirs)
			return 0;
	}
	return 1;
}

int sw_hull3_sealed_(const sw_hull3 *h)
{
	return h->seal != 0 && h->seal == sw_hull3_seal_of_(h) && sw_hull3_in_range_(h);
}

sw_error sw_hull3_seal(sw_hull3 *h)
{
	if (!h)
		return SW_ERR_NULL;
	sw_hull_status st = sw_hull3_validate_(h, 0, NULL, 0);
	h->seal = st == SW_HULL_OK ? sw_hull3_seal_of_(h) : 0;
	return sw_hull_error_(st);
}
