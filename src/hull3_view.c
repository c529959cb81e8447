/* src/hull3_view.c — packing hulls for the hull kernels, the box and triangle sides, and the scalar
 * set-up of a pair that the reference and every tier share (src/hull3_view.h). */
#include "hull3_view.h"

#include <string.h>

static sw_vec3 unit3(sw_vec3 e)
{
	float l = sqrtf(sw_v3_dot(e, e));
	return sw_v3(e.x / l, e.y / l, e.z / l);
}

/* repeats element 0 of each of `rows` rows of length `count` up to `stride` */
static void pad_rows(float *rows, int nrows, uint32_t count, uint32_t stride)
{
	for (int r = 0; r < nrows; r++)
		for (uint32_t k = count; k < stride; k++)
			rows[(size_t)r * stride + k] = rows[(size_t)r * stride];
}

static void pad_irows(int32_t *rows, int nrows, uint32_t count, uint32_t stride)
{
	for (int r = 0; r < nrows; r++)
		for (uint32_t k = count; k < stride; k++)
			rows[(size_t)r * stride + k] = rows[(size_t)r * stride];
}

static void view_point(uint32_t nv, uint32_t nf, uint32_t ne, sw_vec3 centroid, float radius, float *fl, int32_t *ix,
		       sw_hull_view *v)
{
	v->nv = nv, v->nf = nf, v->ne = ne;
	v->vs = sw_hv_pad(nv), v->fs = sw_hv_pad(nf), v->es = sw_hv_pad(ne);
	v->centroid = centroid;
	v->radius = radius;
	v->v = fl;
	v->f = fl + 3 * (size_t)v->vs;
	v->e = v->f + SW_HV_FROWS * (size_t)v->fs;
	v->ef = ix;
}

/* fills the edge rows of edge i from its vertices and faces */
static void put_edge(float *e, uint32_t es, int32_t *ef, uint32_t i, sw_vec3 v0, sw_vec3 v1, int32_t f0, int32_t f1)
{
	sw_vec3 u = unit3(sw_v3_sub(v1, v0));
	const float val[SW_HV_EROWS] = {u.x, u.y, u.z, v0.x, v0.y, v0.z};
	for (int r = 0; r < SW_HV_EROWS; r++)
		e[(size_t)r * es + i] = val[r];
	ef[i] = f0;
	ef[es + i] = f1;
}

static void put_face(float *f, uint32_t fs, uint32_t g, sw_vec3 n, float d, sw_vec3 p)
{
	const float val[SW_HV_FROWS] = {n.x, n.y, n.z, d, p.x, p.y, p.z};
	for (int r = 0; r < SW_HV_FROWS; r++)
		f[(size_t)r * fs + g] = val[r];
}

static void pad_view(float *fl, int32_t *ix, const sw_hull_view *v)
{
	pad_rows(fl, 3, v->nv, v->vs);
	pad_rows(fl + 3 * (size_t)v->vs, SW_HV_FROWS, v->nf, v->fs);
	pad_rows(fl + 3 * (size_t)v->vs + SW_HV_FROWS * (size_t)v->fs, SW_HV_EROWS, v->ne, v->es);
	pad_irows(ix, 2, v->ne, v->es);
}

/* a flat hull's faces and edges as the prism of sw_hull_view_pack (src/hull3_view.h); in double then
 * rounded: the rims' normals and offsets */
static void pack_flat(const sw_hull3 *h, float *f, float *e, int32_t *ix, const sw_hull_view *v)
{
	uint32_t k = h->num_verts;
	const sw_vec3 *p = h->verts, n = h->faces[0].normal;
	for (uint32_t g = 0; g < 2; g++)
		put_face(f, v->fs, g, h->faces[g].normal, h->faces[g].d, p[0]);
	for (uint32_t i = 0; i < k; i++) {
		sw_vec3 a = p[i], b = p[(i + 1) % k];
		double u[3] = {(double)b.x - a.x, (double)b.y - a.y, (double)b.z - a.z};
		double m[3] = {u[1] * n.z - u[2] * n.y, u[2] * n.x - u[0] * n.z, u[0] * n.y - u[1] * n.x};
		double l = sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]), best = -INFINITY;
		uint32_t at = 0;
		for (uint32_t q = 0; q < k; q++) {
			double d = (m[0] * p[q].x + m[1] * p[q].y + m[2] * p[q].z) / l;
			if (d > best)
				best = d, at = q;
		}
		put_face(f, v->fs, 2 + i, sw_v3((float)(m[0] / l), (float)(m[1] / l), (float)(m[2] / l)), (float)best,
			 p[at]);
		put_edge(e, v->es, ix, i, a, b, 0, (int32_t)(2 + i));
		put_edge(e, v->es, ix, k + i, a, b, (int32_t)(2 + i), 1);
		/* vertex i + 1 between rims i and i + 1, along +n */
		uint32_t j = (i + 1) % k;
		const float val[SW_HV_EROWS] = {n.x, n.y, n.z, b.x, b.y, b.z};
		for (int r = 0; r < SW_HV_EROWS; r++)
			e[(size_t)r * v->es + 2 * k + j] = val[r];
		ix[2 * k + j] = (int32_t)(2 + i);
		ix[v->es + 2 * k + j] = (int32_t)(2 + j);
	}
}

void sw_hull_view_pack(const sw_hull3 *h, float *fl, int32_t *ix, sw_hull_view *v)
{
	uint32_t nv, nf, ne;
	sw_hull_view_counts(h, &nv, &nf, &ne);
	view_point(nv, nf, ne, h->centroid, h->radius, fl, ix, v);
	for (uint32_t k = 0; k < h->num_verts; k++) {
		fl[k] = h->verts[k].x;
		fl[v->vs + k] = h->verts[k].y;
		fl[2 * (size_t)v->vs + k] = h->verts[k].z;
	}
	float *f = fl + 3 * (size_t)v->vs, *e = f + SW_HV_FROWS * (size_t)v->fs;
	if (h->num_faces == 2) {
		pack_flat(h, f, e, ix, v);
	} else {
		for (uint32_t g = 0; g < h->num_faces; g++)
			put_face(f, v->fs, g, h->faces[g].normal, h->faces[g].d,
				 h->verts[h->face_verts[h->faces[g].first]]);
		for (uint32_t i = 0; i < h->num_edges; i++) {
			const sw_hull_edge *ed = &h->edges[i];
			put_edge(e, v->es, ix, i, h->verts[ed->v[0]], h->verts[ed->v[1]], ed->f[0], ed->f[1]);
		}
	}
	pad_view(fl, ix, v);
}

/* the topology of sw_hull3_box(): vertex k at ±half with + where bit i of k is set; faces −x, +x, −y,
 * +y, −z, +z with the first vertex of each loop; edges sorted by (v0, v1) with their faces */
static const uint8_t box_face_first[6] = {0, 1, 0, 2, 0, 4};
static const uint8_t box_edges[12][4] = {{0, 1, 2, 4}, {0, 2, 4, 0}, {0, 4, 0, 2}, {1, 3, 1, 4},
					 {1, 5, 2, 1}, {2, 3, 4, 3}, {2, 6, 3, 0}, {3, 7, 1, 3},
					 {4, 5, 5, 2}, {4, 6, 0, 5}, {5, 7, 5, 1}, {6, 7, 3, 5}};

/* A box edge runs along the one axis in which its vertex indices differ, from − to + (v0 < v1): its
 * unit direction is that axis exactly (|(2h)²|^½ = 2h in round-to-nearest), with +0 elsewhere, so it
 * is written directly. Every row is written over all 16 lanes, lanes past the counts repeating
 * element 0 (the padding of sw_hull_view_pack). */
void sw_hull_view_box(sw_vec3 half, float *fl, int32_t *ix, sw_hull_view *v)
{
	const sw_vec3 zero = {0, 0, 0};
	view_point(8, 6, 12, zero, sqrtf(sw_v3_dot(half, half)), fl, ix, v);
	sw_vec3 p[8], n[6];
	for (int k = 0; k < 8; k++)
		p[k] = sw_v3(k & 1 ? half.x : -half.x, k & 2 ? half.y : -half.y, k & 4 ? half.z : -half.z);
	for (int g = 0; g < 6; g++) {
		float sg = g & 1 ? 1.0f : -1.0f;
		n[g] = sw_v3(g / 2 == 0 ? sg : 0.0f, g / 2 == 1 ? sg : 0.0f, g / 2 == 2 ? sg : 0.0f);
	}
	const float h[3] = {half.x, half.y, half.z};
	float *f = fl + 3 * 16, *e = f + SW_HV_FROWS * 16;
	for (int k = 0; k < 8; k++)
		fl[k] = p[k].x, fl[16 + k] = p[k].y, fl[32 + k] = p[k].z;
	for (int g = 0; g < 6; g++) {
		sw_vec3 q = p[box_face_first[g]];
		const float fv[SW_HV_FROWS] = {n[g].x, n[g].y, n[g].z, h[g / 2], q.x, q.y, q.z};
		for (int r = 0; r < SW_HV_FROWS; r++)
			f[r * 16 + g] = fv[r];
	}
	for (int i = 0; i < 12; i++) {
		const uint8_t *be = box_edges[i];
		int axis = (be[0] ^ be[1]) >> 1; /* 1, 2, 4 → 0, 1, 2 */
		sw_vec3 o = p[be[0]];
		const float ev[SW_HV_EROWS] = {
			axis == 0 ? 1.0f : 0.0f, axis == 1 ? 1.0f : 0.0f, axis == 2 ? 1.0f : 0.0f, o.x, o.y, o.z};
		for (int r = 0; r < SW_HV_EROWS; r++)
			e[r * 16 + i] = ev[r];
		ix[i] = be[2], ix[16 + i] = be[3];
	}
	/* the padding of sw_hull_view_pack, with the box's fixed counts */
	for (int r = 0; r < 3; r++)
		for (int l = 8; l < 16; l++)
			fl[r * 16 + l] = fl[r * 16];
	for (int r = 0; r < SW_HV_FROWS; r++)
		for (int l = 6; l < 16; l++)
			f[r * 16 + l] = f[r * 16];
	for (int r = 0; r < SW_HV_EROWS; r++)
		for (int l = 12; l < 16; l++)
			e[r * 16 + l] = e[r * 16];
	for (int r = 0; r < 2; r++)
		for (int l = 12; l < 16; l++)
			ix[r * 16 + l] = ix[r * 16];
}

const _Alignas(64) int32_t sw_hull_tri_ef[32] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
						 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

void sw_hull_bside_tri(const sw_tri3 *t, const sw_mat3 *ra, sw_vec3 pa, float *mem, sw_hull_bside *s)
{
	sw_hull_bside_init(s, 3, 2, 3, sw_hull_tri_ef, 1, mem);
	const sw_vec3 w[3] = {t->a, t->b, t->c};
	sw_vec3 v[3], u[3];
	for (int k = 0; k < 3; k++)
		v[k] = sw_mat3_tmul(ra, sw_v3_sub(w[k], pa));
	for (int j = 0; j < 3; j++)
		u[j] = sw_mat3_tmul(ra, unit3(sw_v3_sub(w[(j + 1) % 3], w[j])));
	/* u2 × u0 points along (b − a) × (c − a) */
	sw_vec3 n = unit3(sw_v3_cross(u[2], u[0]));
	for (int k = 0; k < 3; k++) {
		s->v[k] = v[k].x, s->v[s->vs + k] = v[k].y, s->v[2 * s->vs + k] = v[k].z;
		sw_vec3 m = sw_v3_cross(u[k], n);
		const float val[SW_HB_EROWS] = {u[k].x, u[k].y, u[k].z, m.x, m.y, m.z, v[k].x, v[k].y, v[k].z};
		for (int r = 0; r < SW_HB_EROWS; r++)
			s->e[(size_t)r * s->es + k] = val[r];
	}
	for (int g = 0; g < 2; g++) {
		sw_vec3 fn = g ? sw_v3(-n.x, -n.y, -n.z) : n;
		const float val[6] = {fn.x, fn.y, fn.z, v[0].x, v[0].y, v[0].z};
		for (int r = 0; r < 6; r++)
			s->f[(size_t)r * s->fs + g] = val[r];
	}
	/* only the face rows are read in whole chunks (B's faces in lanes); vertices and edges are read
	 * one by one */
	pad_rows(s->f, 6, 2, s->fs);
}

int sw_hull_pair_setup(sw_hull_pair *pr, const sw_hull_view *a, sw_vec3 pa, sw_quat qa, sw_vec3 da,
		       const sw_hull_view *b, sw_vec3 pb, sw_quat qb, sw_vec3 db, int sweep)
{
	if (!sw_ref_v3_ok(pa) || !sw_ref_v3_ok(pb) || !sw_ref_v3_ok(da) || !sw_ref_v3_ok(db) || !sw_ref_quat_ok(qa) ||
	    !sw_ref_quat_ok(qb))
		return 0;
	pr->a = a, pr->b = b, pr->front = 1;
	sw_hv_frame(pa, qa, pb, qb, &pr->ra, &pr->rab, &pr->p);
	if (!sweep) {
		pr->v = sw_v3(0, 0, 0);
		return 1;
	}
	pr->v = sw_mat3_tmul(&pr->ra, sw_v3_sub(db, da));
	sw_vec3 cb = sw_v3_add(sw_mat3_mul(&pr->rab, b->centroid), pr->p);
	return sw_hv_spheres_apart(a->centroid, a->radius, cb, b->radius, pr->v) ? 2 : 1;
}

int sw_hull_pair_setup_tri(sw_hull_pair *pr, const sw_hull_view *a, sw_vec3 pa, sw_quat qa, sw_vec3 da,
			   const sw_tri3 *t, sw_vec3 dt, int one_sided, float *mem, sw_hull_bside *tri)
{
	if (!sw_tri3_valid_ref(t, dt) || !sw_ref_v3_ok(pa) || !sw_ref_v3_ok(da) || !sw_ref_quat_ok(qa))
		return 0;
	pr->a = a, pr->b = NULL;
	pr->ra = sw_mat3_from_quat(qa);
	sw_hull_bside_tri(t, &pr->ra, pa, mem, tri);
	pr->v = sw_mat3_tmul(&pr->ra, sw_v3_sub(dt, da));
	pr->p = sw_v3(0, 0, 0);
	/* one-sided: the triangle must move towards its front relative to A */
	sw_vec3 n = sw_v3(tri->f[0], tri->f[tri->fs], tri->f[2 * (size_t)tri->fs]);
	pr->front = !one_sided || sw_v3_dot(n, pr->v) > SW_TINY_SPEED;
	return 1;
}
