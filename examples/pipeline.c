/* examples/pipeline.c — a broadphase → narrowphase step a user can copy: boxes in a set, a naive
 * all-pairs bounding-sphere broadphase emitting candidate pairs, one batched moving-SAT call, and
 * the earliest contact of the step picked from the column results. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <swept/swept.h>

int main(void)
{
	enum { N = 64 };
	sw_obb3_set *set;
	if (sw_obb3_set_create(N, &set) != SW_OK)
		return 1;
	/* a ring of boxes all heading for the centre */
	sw_vec3 at[N];
	const sw_obb3 box = {{0.5f, 0.25f, 0.25f}};
	for (int i = 0; i < N; i++) {
		float a = 6.2831853f * (float)i / N;
		at[i] = sw_v3(10 * cosf(a), 10 * sinf(a), 0.1f * (float)(i % 5));
		sw_pose3 pose = {at[i], sw_quat_from_axis_angle(sw_v3(0, 0, 1), a)};
		sw_obb3_set_add(set, &box, pose, sw_v3(-9 * cosf(a), -9 * sinf(a), 0), NULL);
	}
	/* broadphase: swept bounding spheres that overlap */
	sw_pair *pairs = malloc(sizeof(sw_pair) * N * N);
	size_t n = 0;
	for (uint32_t i = 0; i < N; i++) {
		for (uint32_t j = i + 1; j < N; j++) {
			float dx = at[j].x - at[i].x, dy = at[j].y - at[i].y;
			float reach = 2.0f + 9.0f * 2.0f;
			if (dx * dx + dy * dy < reach * reach)
				pairs[n++] = (sw_pair){i, j};
		}
	}
	/* narrowphase: one call for the whole list; the columns we do not need stay NULL */
	uint8_t *status = malloc(n);
	float *t_first = malloc(sizeof(float) * n), *f = malloc(sizeof(float) * n * 3);
	sw_sweep_results res = {status, NULL, t_first, NULL, f, f + n, f + 2 * n};
	if (sw_obb3_sweep_batch(set, set, pairs, n, NULL, &res) != SW_OK)
		return 1;
	size_t first = n, hits = 0;
	for (size_t k = 0; k < n; k++) {
		if (status[k] != SW_HIT)
			continue;
		hits++;
		if (first == n || t_first[k] < t_first[first])
			first = k;
	}
	printf("tier %s: %zu candidate pairs, %zu hits\n", sw_isa_name(sw_active_isa()), n, hits);
	if (first < n)
		printf("earliest contact: boxes %u and %u at t = %.4f, normal (%.3f, %.3f, %.3f)\n", pairs[first].a,
		       pairs[first].b, t_first[first], res.nx[first], res.ny[first], res.nz[first]);
	free(pairs);
	free(status);
	free(t_first);
	free(f);
	sw_obb3_set_destroy(set);
	return 0;
}
